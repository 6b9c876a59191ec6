import type { LibraryCardView } from '../../../common/api/views.js';
import { THEMES } from '../../../common/story-choices.js';
import { coverThumbnailOf } from '../../shared/media.js';
import { libraryRepository } from '../../shared/repositories/library.js';
import { LibraryFullError } from '../../shared/errors.js';
import type { StoryCardItem } from '../../shared/repositories/story-cards.js';
import { deleteStoryForGood } from '../../shared/stories/delete-story.js';
import type { Caller } from '../auth/token-verifier.js';
import { deletionDepsOf, type ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { callerOf, defineRoute } from './route.js';
import { mayRead, STORY_NOT_FOUND } from './stories.js';

const library = (deps: ApiDeps) => libraryRepository(deps.aws.documents, deps.config.tableName);

/** Refused while the workflow is still writing or painting the story: it would write into a deleted story. */
const STORY_GENERATING = new ApiError(
  409,
  'STORY_GENERATING',
  'This story is still being made. You can remove it once it is ready.',
);

/**
 * Whether a saved entry still stands for a story the family can open. A story deleted by its creator or an
 * admin, made private again, or failed (the workflow frees its slot itself; this covers a race) cannot be
 * read from the library, so its entry must not keep holding one of the 10 slots.
 */
const stillSaved = (story: StoryCardItem | undefined, caller: Caller): story is StoryCardItem =>
  story !== undefined && story.status !== 'failed' && mayRead(story, caller);

function toCard(story: StoryCardItem, savedAt: string, caller: Caller): LibraryCardView {
  const theme = THEMES[story.theme_id];
  return {
    id: story.id,
    status: story.status,
    title: story.title,
    preview: story.preview,
    heroName: story.hero_name,
    storyType: story.story_type,
    // Cards show the cover's small variant when there is one.
    coverImageUrl: coverThumbnailOf(story),
    theme: theme ? { id: story.theme_id, ...theme } : null,
    isCreator: story.created_by === caller.userId,
    savedAt,
  };
}

export const libraryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/library',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const entries = await library(deps).list(caller.userId);
      const cards: LibraryCardView[] = [];
      const stale: string[] = [];
      for (const { entry, story } of entries) {
        if (stillSaved(story, caller)) cards.push(toCard(story, entry.saved_at, caller));
        else stale.push(entry.story_id);
      }
      // Free the slots of stories nobody can open from here any more (each release runs once at most).
      await Promise.all(
        stale.map((storyId) =>
          library(deps)
            .remove(caller.userId, storyId)
            .catch((error: unknown) =>
              console.warn(
                JSON.stringify({ level: 'warn', msg: 'stale library slot kept', storyId, error: String(error) }),
              ),
            ),
        ),
      );
      return c.json({ stories: cards, count: cards.length });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const story = await deps.stories.get(c.req.param('storyId') ?? '');
      if (!story || story.status !== 'ready' || !mayRead(story, caller)) throw STORY_NOT_FOUND;
      try {
        const saved = await library(deps).save(caller.userId, story.id);
        return c.json({ saved: true, created: saved });
      } catch (error) {
        if (error instanceof LibraryFullError) {
          throw new ApiError(409, 'LIBRARY_FULL', 'LIBRARY_FULL', { currentCount: error.currentCount });
        }
        throw error;
      }
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const storyId = c.req.param('storyId') ?? '';
      const story = await deps.stories.get(storyId);
      // SPEC §2: removing a story you created deletes it for good (the dialog warns); anyone else's is unsaved.
      if (story?.created_by === caller.userId) {
        if (story.status === 'generating') throw STORY_GENERATING;
        // The family's own slot first (an entry from before the `saves` index has no key there), then the rest.
        await library(deps).remove(caller.userId, storyId);
        await deleteStoryForGood(deletionDepsOf(deps), storyId);
        return c.json({ removed: storyId, deleted: true });
      }
      const removed = await library(deps).remove(caller.userId, storyId);
      if (!removed) throw STORY_NOT_FOUND;
      return c.json({ removed: storyId, deleted: false });
    },
  }),
];
