import type { ComponentProps } from 'react';
import { onDemand } from '../components/on-demand';
import type { ApprovalBar as Bar } from './ApprovalBar';

/** The story page's "Waiting for you" bar, downloaded only for a story that waits for a grown-up's yes. */
export const ApprovalBar = onDemand<ComponentProps<typeof Bar>>(
  async () => (await import('./ApprovalBar')).ApprovalBar,
);
