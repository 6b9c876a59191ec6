import type { Role } from '#common/roles.js';
import type { StoryItem } from '../entities/story.js';
import { StoryNotFoundError, StoryNotReadyError } from '../errors.js';
import type { StoryRepository } from '../repositories/stories.js';

/** Who is asking: the verified caller of a request (the API's Caller has these and more). */
export type Actor = Readonly<{ userId: string; role: Role }>;

/** Who may change a story and its pictures: its creator and admins. */
export const mayEdit = (story: Pick<StoryItem, 'created_by'>, actor: Actor) =>
  story.created_by === actor.userId || actor.role === 'admin';

/** Who may read a story: its creator and admins always; any signed-in family once it is public or featured. */
export function mayRead(
  story: Pick<StoryItem, 'created_by' | 'status' | 'is_public' | 'is_featured'>,
  actor: Actor,
): boolean {
  if (mayEdit(story, actor)) return true;
  return story.status === 'ready' && (story.is_public || story.is_featured);
}

/**
 * The read and edit checks every story use case starts with. A story the actor may not see is answered
 * exactly like one that does not exist, so nobody learns which ids are taken.
 */
export function storyAccess(stories: StoryRepository) {
  return {
    /** The story with its pictures and jobs, if the actor may read it. */
    async readable(storyId: string, actor: Actor) {
      const found = await stories.getWithImages(storyId);
      if (!found || !mayRead(found.story, actor)) throw new StoryNotFoundError(storyId);
      return found;
    },

    /** How far the story is made, if the actor may read it (see `storyStatusView`). */
    async readableStatus(storyId: string, actor: Actor) {
      const found = await stories.getStatus(storyId);
      if (!found || !mayRead(found.story, actor)) throw new StoryNotFoundError(storyId);
      return found;
    },

    /** The story with its pictures and jobs, if the actor may change it. */
    async editable(storyId: string, actor: Actor) {
      const found = await stories.getWithImages(storyId);
      if (!found || !mayEdit(found.story, actor)) throw new StoryNotFoundError(storyId);
      return found;
    },

    /** An editable story whose pictures may change: it must be finished first. */
    async editableReady(storyId: string, actor: Actor) {
      const found = await this.editable(storyId, actor);
      if (found.story.status !== 'ready') throw new StoryNotReadyError();
      return found;
    },

    /** Any story, for an admin (the admin area sees every story, whatever its status). */
    async any(storyId: string) {
      const found = await stories.getWithImages(storyId);
      if (!found) throw new StoryNotFoundError(storyId);
      return found;
    },
  };
}

export type StoryAccess = ReturnType<typeof storyAccess>;
