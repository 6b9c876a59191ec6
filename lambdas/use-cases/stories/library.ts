import type { LibraryCardView } from '#common/api/views.js';
import { StoryGeneratingError, StoryNotFoundError } from '../errors.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { StoryCardItem } from '../../data/repositories/story-cards.js';
import { errorFields, log } from '../../runtime/observability.js';
import { storyChildOf } from '../../data/entities/story.js';
import { childKeyOf, isFamilyStory, mayRead, type Actor } from './access.js';
import type { StoryDeletion } from './delete-story.js';
import { toLibraryCard } from './views.js';

export type LibraryDeps = Readonly<{
  library: LibraryRepository;
  stories: StoryRepository;
  deleteStory: StoryDeletion;
}>;

/**
 * Whether a saved entry still stands for a story the child can open. A story deleted by its creator or an
 * admin, made private again, or failed (the workflow frees its slot itself; this covers a race) cannot be
 * read from the library, so its entry must not keep holding one of the 10 slots. The family's own stories
 * stay, one waiting for a grown-up's yes included.
 */
const stillSaved = (story: StoryCardItem | undefined, actor: Actor): story is StoryCardItem =>
  story !== undefined && story.status !== 'failed' && (isFamilyStory(story, actor) || mayRead(story, actor));

/** Whether the story was made for the child the actor acts for (theirs to remove for good). */
const isChildsOwn = (story: { created_by: string | null; child_id?: string | undefined }, actor: Actor) =>
  storyChildOf(story)?.childId === childKeyOf(actor).childId && story.created_by === actor.userId;

/** My Library (SPEC §2): the child's saved stories, saving one, and removing one. */
export function libraryUseCases(deps: LibraryDeps) {
  return {
    /** The cards, newest saved first; entries nobody can open from here any more give their slots back. */
    async list(actor: Actor): Promise<LibraryCardView[]> {
      const child = childKeyOf(actor);
      const entries = await deps.library.list(child);
      const cards: LibraryCardView[] = [];
      const stale: string[] = [];
      for (const { entry, story } of entries) {
        if (stillSaved(story, actor)) cards.push(toLibraryCard(story, entry.saved_at, actor));
        else stale.push(entry.story_id);
      }
      // Each release runs once at most; a failed one keeps the slot until the next visit.
      await Promise.all(
        stale.map((storyId) =>
          deps.library
            .remove(child, storyId)
            .catch((error: unknown) => log.warn('stale library slot kept', { storyId, ...errorFields(error) })),
        ),
      );
      return cards;
    },

    /** Saves a ready story the child may read; false when it was saved already. */
    async save(storyId: string, actor: Actor): Promise<boolean> {
      const story = await deps.stories.get(storyId);
      if (!story || story.status !== 'ready' || !mayRead(story, actor)) throw new StoryNotFoundError(storyId);
      return deps.library.save(childKeyOf(actor), story.id);
    },

    /**
     * SPEC §2: removing a story you created deletes it for good (the dialog warns); anyone else's, a
     * brother's or sister's included, is only unsaved. Returns whether the story was deleted.
     */
    async remove(storyId: string, actor: Actor): Promise<{ deleted: boolean }> {
      const child = childKeyOf(actor);
      const story = await deps.stories.get(storyId);
      if (story && isChildsOwn(story, actor)) {
        if (story.status === 'generating') throw new StoryGeneratingError();
        // The child's own slot first (an entry from before the `saves` index has no key there), then the rest.
        await deps.library.remove(child, storyId);
        await deps.deleteStory(storyId);
        return { deleted: true };
      }
      if (!(await deps.library.remove(child, storyId))) throw new StoryNotFoundError(storyId);
      return { deleted: false };
    },
  };
}

export type LibraryUseCases = ReturnType<typeof libraryUseCases>;
