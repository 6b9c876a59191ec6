import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { useChosenChild } from '../family/reader-choice';
import { useAuth } from './AuthContext';

/**
 * The query cache, one per signed-in account and child being read to: signing out and in as someone else,
 * or handing the device to another child, starts an empty cache, so no screen ever shows the previous
 * account's or child's stories, even for a moment.
 */
export function AccountQueries({ children }: { children: ReactNode }) {
  const { userId } = useAuth();
  const child = useChosenChild(userId);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new cache for each account and child is the point
  const queryClient = useMemo(() => createQueryClient(), [userId, child]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
