import { StoryNotFoundError } from '../errors.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { Actor } from './access.js';

/**
 * "Anyone with the link can read this story" (issue 36): the family opens or closes its story's share link,
 * behind the grown-up gate (the route's access). Open, anyone with the link reads the story, signed in or
 * not (stories/access.ts, `mayRead`); closed, the link is dead again at once. Only a ready story the family
 * made, not waiting for a grown-up's yes; anything else is answered like a story that does not exist.
 */
export function sharingUseCases(deps: Readonly<{ stories: Pick<StoryRepository, 'setLinkOpen'> }>) {
  return {
    async setLinkOpen(storyId: string, actor: Actor, open: boolean): Promise<{ linkOpen: boolean }> {
      if (!(await deps.stories.setLinkOpen(storyId, actor.userId, open))) throw new StoryNotFoundError(storyId);
      return { linkOpen: open };
    },
  };
}

export type SharingUseCases = ReturnType<typeof sharingUseCases>;
