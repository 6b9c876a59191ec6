import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES, type ImageType } from '../../../common/story-choices.js';
import { pictureDescriptionProblem } from '../../../common/story-validation.js';
import { IMAGE_MESSAGES, imageRequestSchema } from '../../../common/validation/story-images.js';
import { deletePictureObjects } from '../../shared/media.js';
import { ImageLimitError } from '../../shared/errors.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute, type Env } from './route.js';
import { mayEdit, STORY_NOT_FOUND } from './stories.js';
import type { Context } from 'hono';

/** The story, its pictures and jobs, for its creator or an admin; anyone else learns nothing. */
async function editableStory(c: Context<Env>, deps: ApiDeps) {
  const found = await deps.stories.getWithImages(c.req.param('id') ?? '');
  if (!found || !mayEdit(found.story, callerOf(c))) throw STORY_NOT_FOUND;
  if (found.story.status !== 'ready') throw new ApiError(409, 'STORY_NOT_READY', 'This story is still being made.');
  return found;
}

async function checkedRequest(c: Context<Env>, deps: ApiDeps, ageBand: 'A' | 'B') {
  const request = await parseBody(c, imageRequestSchema);
  const problem = request.customizations && pictureDescriptionProblem(request.customizations, deps.bands[ageBand]);
  if (problem) throw new ApiError(400, 'VALIDATION_FAILED', problem, { field: 'customizations' });
  return request;
}

export const storyImageRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stories/:id/images',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const { story, images, jobs } = await editableStory(c, deps);
      const request = await checkedRequest(c, deps, story.age_band);
      // SPEC §4: pictures are added one at a time, the type following the count (cover first); the type is
      // claimed in the same conditional write as the slot, so parallel requests get distinct types.
      const held = [
        ...images.map((i) => i.image_type),
        ...jobs.filter((j) => j.status === 'pending').map((j) => j.image_type),
      ];
      await deps.rateLimits.take(caller.userId, 'image');
      const jobId = randomUUID();
      let imageType: ImageType;
      try {
        const job = await deps.stories.createNextImageJob(
          {
            job_id: jobId,
            story_id: story.id,
            mode: request.mode,
            ...(request.customizations ? { customizations: request.customizations } : {}),
          },
          IMAGE_TYPES,
          held,
        );
        imageType = job.image_type;
      } catch (error) {
        if (error instanceof ImageLimitError) throw new ApiError(409, 'IMAGE_LIMIT', IMAGE_MESSAGES.maximum);
        throw error;
      }
      await deps.workflow.start({ kind: 'image', storyId: story.id, userId: caller.userId, jobId });
      return c.json({ jobId, imageType }, 202);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/stories/:id/images/:imageId/regenerate',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const { story, images, jobs } = await editableStory(c, deps);
      const image = images.find((i) => i.id === c.req.param('imageId'));
      if (!image) throw new ApiError(404, 'IMAGE_NOT_FOUND', IMAGE_MESSAGES.notFound);
      const request = await checkedRequest(c, deps, story.age_band);
      const running = jobs.find((j) => j.replaces === image.id && j.status === 'pending');
      if (running) return c.json({ jobId: running.job_id, imageType: image.image_type }, 202);
      await deps.rateLimits.take(caller.userId, 'image');
      const jobId = randomUUID();
      await deps.stories.createImageJob({
        job_id: jobId,
        story_id: story.id,
        image_type: image.image_type,
        mode: request.mode,
        replaces: image.id,
        ...(request.customizations ? { customizations: request.customizations } : {}),
      });
      await deps.workflow.start({ kind: 'image', storyId: story.id, userId: caller.userId, jobId });
      return c.json({ jobId, imageType: image.image_type }, 202);
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/stories/:id/images/:imageId',
    access: 'user',
    async handle(c, deps) {
      const { images } = await editableStory(c, deps);
      const image = images.find((i) => i.id === c.req.param('imageId'));
      if (!image) throw new ApiError(404, 'IMAGE_NOT_FOUND', IMAGE_MESSAGES.notFound);
      await deps.stories.deleteImage(image);
      await deletePictureObjects(deps.aws.s3, deps.config.mediaBucket, [image], deps.cdn);
      return c.json({ deleted: image.id });
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/stories/:id/image-jobs/:jobId',
    access: 'user',
    async handle(c, deps) {
      const { jobs } = await editableStory(c, deps);
      const job = jobs.find((j) => j.job_id === c.req.param('jobId'));
      if (!job || job.status !== 'failed') throw new ApiError(404, 'JOB_NOT_FOUND', 'Nothing to dismiss');
      await deps.stories.deleteImageJob(job.story_id, job.job_id);
      return c.json({ dismissed: job.job_id });
    },
  }),
];
