import { randomInt, randomUUID } from 'node:crypto';
import type { AdminStoryPage, AdminStoryRow } from '../../../../common/api/admin-views.js';
import { sanitiseStoryEdit, sanitiseText } from '../../../../common/sanitiser.js';
import {
  adminImageRequestSchema,
  adminStorySchema,
  storyFlagsSchema,
  storyListQuerySchema,
  type AdminStoryInput,
} from '../../../../common/validation/admin.js';
import { StoryNotFoundError } from '../../../shared/errors.js';
import type { AdminStoryItem } from '../../../shared/repositories/story-admin.js';
import type { ApiDeps } from '../../deps.js';
import { parseBody, parseQuery } from '../../validation.js';
import { callerOf, defineRoute } from '../route.js';
import { logActivity } from './admin-deps.js';

/**
 * SPEC §5: the sanitiser runs on every save; the excerpt and the universe are text families see too (a
 * featured story's universe shows as a chip), so they are starred like the rest and counted in the notice.
 */
function sanitised(input: AdminStoryInput) {
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

async function toRows(deps: ApiDeps, stories: AdminStoryItem[]): Promise<AdminStoryRow[]> {
  const names = await deps.profiles.namesOf(stories.flatMap((s) => (s.created_by ? [s.created_by] : [])));
  return stories.map((story) => ({
    id: story.id,
    title: story.title,
    authorName: story.created_by ? (names.get(story.created_by)?.displayName ?? null) : null,
    universe: story.story_universe ?? null,
    status: story.status,
    isFeatured: Boolean(story.is_featured),
    isPublic: Boolean(story.is_public),
    createdAt: story.created_at,
  }));
}

export const adminStoryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stories',
    access: 'admin',
    async handle(c, deps) {
      const query = parseQuery(c, storyListQuerySchema);
      const page = await deps.storyAdmin.listPage({
        search: query.q || undefined,
        cursor: query.cursor,
        limit: query.limit,
      });
      const body: AdminStoryPage = { stories: await toRows(deps, page.stories), nextCursor: page.nextCursor };
      return c.json(body);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/stories',
    access: 'admin',
    async handle(c, deps) {
      const { fields, filtered } = sanitised(await parseBody(c, adminStorySchema));
      const id = randomUUID();
      await deps.storyAdmin.createFeatured(id, fields, randomInt(1, 2 ** 31 - 1));
      await logActivity(c, deps, {
        action: 'create_story',
        target_type: 'story',
        target_id: id,
        details: { created_featured_story: true },
      });
      const found = await deps.access.any(id);
      return c.json({ story: await deps.views.viewFor(found, callerOf(c)), filtered }, 201);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const found = await deps.access.any(c.req.param('id') ?? '');
      return c.json(await deps.views.viewFor(found, callerOf(c)));
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      const input = await parseBody(c, adminStorySchema);
      const { fields, filtered } = sanitised(input);
      await deps.storyAdmin.updateFields(id, fields);
      await logActivity(c, deps, {
        action: 'update_story',
        target_type: 'story',
        target_id: id,
        details: { updated_fields: Object.keys(input) },
      });
      const found = await deps.access.any(id);
      return c.json({ story: await deps.views.viewFor(found, callerOf(c)), filtered });
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      const flags = await parseBody(c, storyFlagsSchema);
      const story = await deps.stories.get(id);
      if (!story || story.status !== 'ready') throw new StoryNotFoundError(id);
      for (const [flag, on] of [
        ['featured', flags.isFeatured],
        ['public', flags.isPublic],
      ] as const) {
        if (on === undefined) continue;
        if (await deps.storyAdmin.setFlag(id, flag, on)) {
          const action = FLAG_ACTIONS[flag][on ? 'on' : 'off'];
          await logActivity(c, deps, { action, target_type: 'story', target_id: id });
        }
      }
      const [row] = await toRows(deps, [(await deps.stories.get(id)) ?? story]);
      return c.json(row);
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      if (!(await deps.deleteStory(id))) throw new StoryNotFoundError(id);
      await logActivity(c, deps, { action: 'delete_story', target_type: 'story', target_id: id });
      return c.json({ deleted: id });
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/stories/:id/images',
    access: 'admin',
    async handle(c, deps) {
      const request = await parseBody(c, adminImageRequestSchema);
      const job = await deps.pictures.paintType(c.req.param('id') ?? '', callerOf(c), { ...request, mode: 'express' });
      return c.json(job, 202);
    },
  }),
];
