import type { AdminStoryPage } from '#common/api/admin-views.js';
import {
  adminImageRequestSchema,
  adminStorySchema,
  storyFlagsSchema,
  storyListQuerySchema,
} from '#common/validation/admin.js';
import { parseBody, parseQuery } from '../../validation.js';
import { callerOf, defineRoute, showsMediaOf, withPictures } from '../route.js';

export const adminStoryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stories',
    access: 'admin',
    async handle(c, deps) {
      const query = parseQuery(c, storyListQuerySchema);
      const page: AdminStoryPage = await deps.editorial.list({
        search: query.q || undefined,
        cursor: query.cursor,
        limit: query.limit,
      });
      return c.json(page);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/stories',
    access: 'admin',
    async handle(c, deps) {
      const input = await parseBody(c, adminStorySchema);
      const created = await deps.editorial.create(callerOf(c), input);
      showsMediaOf(c, withPictures([created.story]));
      return c.json(created, 201);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const found = await deps.access.any(c.req.param('id') ?? '');
      const view = await deps.views.viewFor(found, callerOf(c));
      showsMediaOf(c, withPictures([view]));
      return c.json(view);
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      const input = await parseBody(c, adminStorySchema);
      const updated = await deps.editorial.update(callerOf(c), id, input);
      showsMediaOf(c, withPictures([updated.story]));
      return c.json(updated);
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      const flags = await parseBody(c, storyFlagsSchema);
      return c.json(
        await deps.editorial.setFlags(callerOf(c), id, { featured: flags.isFeatured, public: flags.isPublic }),
      );
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/admin/stories/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      await deps.editorial.delete(callerOf(c), id);
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
