import { randomInt, randomUUID } from 'node:crypto';
import type { AdminStoryRow } from '#common/api/admin-views.js';
import type { StoryView } from '#common/api/views.js';
import { sanitiseStoryEdit, sanitiseText } from '#common/sanitiser.js';
import { editedHeroNameProblem } from '#common/story-validation.js';
import type { AdminStoryInput } from '#common/validation/admin.js';
import type { AdminAccountActions } from '../accounts/admin-actions.js';
import { InvalidInputError, StoryNotFoundError } from '../errors.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { AdminStoryItem, StoryAdminRepository, StoryFlag } from '../../data/repositories/story-admin.js';
import type { Actor, StoryAccess } from './access.js';
import type { StoryDeletion } from './delete-story.js';
import type { StoryViews } from './views.js';

export type EditorialDeps = Readonly<{
  storyAdmin: StoryAdminRepository;
  stories: StoryRepository;
  profiles: ProfileRepository;
  access: StoryAccess;
  views: StoryViews;
  log: AdminAccountActions['log'];
  deleteStory: StoryDeletion;
}>;

/**
 * SPEC §5: the sanitiser runs on every save; the excerpt and the universe are text families see too (a
 * featured story's universe shows as a chip), so they are starred like the rest and counted in the notice.
 */
function sanitised(input: AdminStoryInput) {
  // A hero name is a name: refused when unkind or marked up (an admin's blank name is left to the editor).
  const nameProblem = input.heroName.trim() ? editedHeroNameProblem(input.heroName) : undefined;
  if (nameProblem) throw new InvalidInputError(nameProblem, 'heroName');
  const story = sanitiseStoryEdit({ title: input.title, heroName: input.heroName, content: input.content });
  const excerpt = sanitiseText(input.excerpt);
  const universe = sanitiseText(input.storyUniverse ?? '');
  return {
    fields: {
      title: story.title,
      heroName: story.heroName,
      content: story.content,
      excerpt: excerpt.text,
      ...(input.storyUniverse ? { storyUniverse: universe.text } : {}),
    },
    filtered: story.filtered + excerpt.filtered + universe.filtered,
  };
}

/** What each flag's change is logged as. */
const FLAG_ACTIONS = {
  featured: { on: 'feature_story', off: 'unfeature_story' },
  public: { on: 'publish_story', off: 'unpublish_story' },
} as const;

/** The admin's stories (SPEC §4): the list, the editor, the featured and public flags, deletion. Each change is logged. */
export function editorialUseCases(deps: EditorialDeps) {
  async function toRows(stories: AdminStoryItem[]): Promise<AdminStoryRow[]> {
    const names = await deps.profiles.namesOf(stories.flatMap((s) => (s.created_by ? [s.created_by] : [])));
    return stories.map((story) => ({
      id: story.id,
      title: story.title,
      authorName: story.created_by ? (names.get(story.created_by)?.displayName ?? null) : null,
      universe: story.story_universe ?? null,
      status: story.status,
      isFeatured: Boolean(story.is_featured),
      isPublic: Boolean(story.is_public),
      linkOpen: story.link_open === true,
      createdAt: story.created_at,
    }));
  }

  /** The story as the editor shows it after a save. */
  const edited = async (id: string, admin: Actor, filtered: number) => ({
    story: await deps.views.viewFor(await deps.access.any(id), admin),
    filtered,
  });

  return {
    /** One page of ready stories, newest first, optionally those whose title contains `search`. */
    async list(query: { search?: string | undefined; cursor?: string | undefined; limit: number }) {
      const page = await deps.storyAdmin.listPage(query);
      return { stories: await toRows(page.stories), nextCursor: page.nextCursor };
    },

    /** A story written by the Guardian team: saved as featured, with no creator. */
    async create(admin: Actor, input: AdminStoryInput): Promise<{ story: StoryView; filtered: number }> {
      const { fields, filtered } = sanitised(input);
      const id = randomUUID();
      await deps.storyAdmin.createFeatured(id, fields, randomInt(1, 2 ** 31 - 1));
      await deps.log(admin, {
        action: 'create_story',
        target_type: 'story',
        target_id: id,
        details: { created_featured_story: true },
      });
      return edited(id, admin, filtered);
    },

    async update(admin: Actor, id: string, input: AdminStoryInput): Promise<{ story: StoryView; filtered: number }> {
      const { fields, filtered } = sanitised(input);
      await deps.storyAdmin.updateFields(id, fields);
      await deps.log(admin, {
        action: 'update_story',
        target_type: 'story',
        target_id: id,
        details: { updated_fields: Object.keys(input) },
      });
      return edited(id, admin, filtered);
    },

    /** Turns the flags asked for on or off, logging only those that really changed; the story's row after. */
    async setFlags(admin: Actor, id: string, flags: Partial<Record<StoryFlag, boolean>>): Promise<AdminStoryRow> {
      const story = await deps.stories.get(id);
      if (!story || story.status !== 'ready') throw new StoryNotFoundError(id);
      for (const flag of ['featured', 'public'] as const) {
        const on = flags[flag];
        if (on === undefined) continue;
        if (await deps.storyAdmin.setFlag(id, flag, on)) {
          await deps.log(admin, { action: FLAG_ACTIONS[flag][on ? 'on' : 'off'], target_type: 'story', target_id: id });
        }
      }
      const [row] = await toRows([(await deps.stories.get(id)) ?? story]);
      if (!row) throw new StoryNotFoundError(id);
      return row;
    },

    /** Deletes a story for good, freeing every family's slot. */
    async delete(admin: Actor, id: string): Promise<void> {
      if (!(await deps.deleteStory(id))) throw new StoryNotFoundError(id);
      await deps.log(admin, { action: 'delete_story', target_type: 'story', target_id: id });
    },
  };
}

export type EditorialUseCases = ReturnType<typeof editorialUseCases>;
