import type { ComponentProps } from 'react';
import { onDemand } from './on-demand';
import type { EditStoryDialog as EditStory } from '../dialogs/EditStoryDialog';
import type { ImageDialog as Image } from '../dialogs/ImageDialog';
import type { LibraryFullDialog as LibraryFull } from '../dialogs/LibraryFullDialog';
import type { RemoveStoryDialog as RemoveStory } from '../dialogs/RemoveStoryDialog';
import type { ShareDialog as Share } from '../dialogs/ShareDialog';

/**
 * The dialogs a family opens from a story, a card or the library, each downloaded when first opened
 * (web/src/dialogs/, each a file of its own) rather than with every screen
 * that could open it. Most visits open none; one that does waits a few milliseconds for it once.
 */
export const EditStoryDialog = onDemand<ComponentProps<typeof EditStory>>(
  async () => (await import('../dialogs/EditStoryDialog')).EditStoryDialog,
);
export const ImageDialog = onDemand<ComponentProps<typeof Image>>(
  async () => (await import('../dialogs/ImageDialog')).ImageDialog,
);
export const RemoveStoryDialog = onDemand<ComponentProps<typeof RemoveStory>>(
  async () => (await import('../dialogs/RemoveStoryDialog')).RemoveStoryDialog,
);
export const ShareDialog = onDemand<ComponentProps<typeof Share>>(
  async () => (await import('../dialogs/ShareDialog')).ShareDialog,
);
export const LibraryFullDialog = onDemand<ComponentProps<typeof LibraryFull>>(
  async () => (await import('../dialogs/LibraryFullDialog')).LibraryFullDialog,
);
