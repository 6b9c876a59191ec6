import { randomInt, randomUUID } from 'node:crypto';
import type { AdminStoryPage, AdminStoryRow } from '../../../../common/api/admin-views.js';
import { sanitiseStoryEdit, sanitiseText } from '../../../../common/sanitiser.js';
import { pictureDescriptionProblem } from '../../../../common/story-validation.js';
import {
  ADMIN_MESSAGES,
  adminImageRequestSchema,
  adminStorySchema,
  storyFlagsSchema,
  storyListQuerySchema,
  type AdminStoryInput,
} from '../../../../common/validation/admin.js';
import { ImageLimitError, ImageTypeTakenError, StoryNotFoundError } from '../../../shared/errors.js';
import { storyAdminRepository, type AdminStoryItem } from '../../../shared/repositories/story-admin.js';
import { deleteStoryForGood } from '../../../shared/stories/delete-story.js';
import { deletionDepsOf, type ApiDeps } from '../../deps.js';
import { ApiError } from '../../errors.js';
import { parseBody, parseQuery } from '../../validation.js';
import { callerOf, defineRoute } from '../route.js';
import { storyViewFor } from '../stories.js';
import { logActivity, withCursor } from './admin-deps.js';

const STORY_NOT_FOUND = new ApiError(404, 'STORY_NOT_FOUND', ADMIN_MESSAGES.storyNotFound);
const admin = (deps: ApiDeps) => storyAdminRepository(deps.aws.documents, deps.config.tableName);

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

async function storyWithImages(deps: ApiDeps, id: string) {
  const found = await deps.stories.getWithImages(id);
  if (!found) throw STORY_NOT_FOUND;
  return found;
}

export const adminStoryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stories',
    access: 'admin',
    async handle(c, deps) {
      const query = parseQuery(c, storyListQuerySchema);
      const page = await withCursor(() =>
        admin(deps).listPage({ search: query.q || undefined, cursor: query.cursor, limit: query.limit }),
      );
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
      await admin(deps).createFeatured(id, fields, randomInt(1, 2 ** 31 - 1));
      await logActivity(c, deps, {
        action: 'create_story',
        target_type: 'story',
        target_id: id,
        details: { created_featured_story: true },
      });
      const found = await storyWithImages(deps, id);
      return c.json({ story: await storyViewFor(deps, found, callerOf(c)), filtered }, 201);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const found = await storyWithImages(deps, c.req.param('id') ?? '');
      return c.json(await storyViewFor(deps, found, callerOf(c)));
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
      try {
        await admin(deps).updateFields(id, fields);
      } catch (error) {
        if (error instanceof StoryNotFoundError) throw STORY_NOT_FOUND;
        throw error;
      }
      await logActivity(c, deps, {
        action: 'update_story',
        target_type: 'story',
        target_id: id,
        details: { updated_fields: Object.keys(input) },
      });
      const found = await storyWithImages(deps, id);
      return c.json({ story: await storyViewFor(deps, found, callerOf(c)), filtered });
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
      if (!story || story.status !== 'ready') throw STORY_NOT_FOUND;
      try {
        for (const [flag, on] of [
          ['featured', flags.isFeatured],
          ['public', flags.isPublic],
        ] as const) {
          if (on === undefined) continue;
          if (await admin(deps).setFlag(id, flag, on)) {
            const action =
              flag === 'featured'
                ? on
                  ? 'feature_story'
                  : 'unfeature_story'
                : on
                  ? 'publish_story'
                  : 'unpublish_story';
            await logActivity(c, deps, { action, target_type: 'story', target_id: id });
          }
        }
      } catch (error) {
        if (error instanceof StoryNotFoundError) throw STORY_NOT_FOUND;
        throw error;
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
      if (!(await deleteStoryForGood(deletionDepsOf(deps), id))) throw STORY_NOT_FOUND;
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
      const { story, images, jobs } = await storyWithImages(deps, c.req.param('id') ?? '');
      const problem =
        request.customizations && pictureDescriptionProblem(request.customizations, deps.bands[story.age_band]);
      if (problem) throw new ApiError(400, 'VALIDATION_FAILED', problem, { field: 'customizations' });
      // One picture per slot: a slot that has one is regenerated (the old one goes when the new one lands).
      const running = jobs.find((job) => job.image_type === request.imageType && job.status === 'pending');
      if (running) return c.json({ jobId: running.job_id, imageType: request.imageType }, 202);
      const current = images.find((image) => image.image_type === request.imageType);
      const slot = await deps.rateLimits.take(callerOf(c).userId, 'image');
      const jobId = randomUUID();
      try {
        await deps.stories.createImageJob(
          {
            job_id: jobId,
            story_id: story.id,
            image_type: request.imageType,
            mode: 'express',
            ...(request.customizations ? { customizations: request.customizations } : {}),
            ...(current ? { replaces: current.id } : {}),
          },
          [...images.map((i) => i.image_type), ...jobs.filter((j) => j.status === 'pending').map((j) => j.image_type)],
        );
      } catch (error) {
        if (error instanceof ImageLimitError) throw new ApiError(409, 'IMAGE_LIMIT', 'Maximum 3 images per story');
        if (error instanceof ImageTypeTakenError) {
          await slot.release(); // a parallel request for the same picture: this one paints nothing
          throw new ApiError(409, 'IMAGE_BEING_PAINTED', 'This picture is already being painted.');
        }
        throw error;
      }
      await deps.workflow.start({ kind: 'image', storyId: story.id, userId: callerOf(c).userId, jobId });
      return c.json({ jobId, imageType: request.imageType }, 202);
    },
  }),
];
