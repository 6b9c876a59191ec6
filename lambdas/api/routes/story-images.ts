import { imageRequestSchema } from '#common/validation/story-images.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/** The story page's pictures (SPEC §4): for the story's creator or an admin; anyone else learns nothing. */
export const storyImageRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stories/:id/images',
    access: 'user',
    async handle(c, deps) {
      // The body is read once the story is known to be the caller's (so a stranger learns nothing from it).
      const job = await deps.pictures.add(c.req.param('id') ?? '', callerOf(c), () => parseBody(c, imageRequestSchema));
      return c.json(job, 202);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/stories/:id/images/:imageId/regenerate',
    access: 'user',
    async handle(c, deps) {
      const job = await deps.pictures.regenerate(
        c.req.param('id') ?? '',
        c.req.param('imageId') ?? '',
        callerOf(c),
        () => parseBody(c, imageRequestSchema),
      );
      return c.json(job, 202);
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/stories/:id/images/:imageId',
    access: 'user',
    async handle(c, deps) {
      const imageId = c.req.param('imageId') ?? '';
      await deps.pictures.remove(c.req.param('id') ?? '', imageId, callerOf(c));
      return c.json({ deleted: imageId });
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/stories/:id/image-jobs/:jobId',
    access: 'user',
    async handle(c, deps) {
      const jobId = c.req.param('jobId') ?? '';
      await deps.pictures.dismissFailedJob(c.req.param('id') ?? '', jobId, callerOf(c));
      return c.json({ dismissed: jobId });
    },
  }),
];
