import { randomUUID } from 'node:crypto';
import type { AgeBandConfig } from '#common/age-band-config.js';
import type { AgeBand } from '#common/age-bands.js';
import { LIMITS } from '#common/limits.js';
import { IMAGE_TYPES, type GenerationMode, type ImageType } from '#common/story-choices.js';
import { DESCRIPTION_MESSAGES, pictureDescriptionProblem } from '#common/story-validation.js';
import type { MeaningCheck } from '../../adapters/meaning-check.js';
import type { StoryItem } from '../../data/entities/story.js';
import type { ImageJobItem, StoryImageItem } from '../../data/entities/story-image.js';
import {
  ImageLimitError,
  ImageNotFoundError,
  ImageTypeTakenError,
  InvalidInputError,
  JobNotFoundError,
} from '../errors.js';
import type { MediaStore } from '../../adapters/media.js';
import type { RateLimiter, RateSlot } from '../../data/repositories/rate-limits.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { WorkflowStarter } from '../../adapters/workflow-starter.js';
import type { Actor, StoryAccess } from './access.js';

export type PictureDeps = Readonly<{
  access: StoryAccess;
  stories: StoryRepository;
  rateLimits: RateLimiter;
  workflow: WorkflowStarter;
  media: MediaStore;
  bands: Readonly<Record<AgeBand, AgeBandConfig>>;
  meaning: MeaningCheck;
}>;

/** What a family or an admin asks a picture to show, and how carefully it is painted. */
export type PictureRequest = Readonly<{ customizations?: string | undefined; mode: GenerationMode }>;

/** The job as the SPA polls it. */
export type PictureJobStarted = Readonly<{ jobId: string; imageType: ImageType }>;

/** The types a story's pictures and running jobs hold, as read (for a story written before it kept them). */
const heldTypes = (images: StoryImageItem[], jobs: ImageJobItem[]) => [
  ...images.map((image) => image.image_type),
  ...jobs.filter((job) => job.status === 'pending').map((job) => job.image_type),
];

/** The story holds as many pictures as it may (as read; the job's write keeps the cap for parallel requests). */
const isFull = (story: StoryItem) => (story.image_count ?? 0) >= LIMITS.storyPageImagesMax;

/**
 * The job's write, with its rate-limit slot given back when the write refuses it (the picture cap, the type
 * taken by a parallel request): a refused request starts no model work, so it spends nothing.
 */
async function refundedOnRefusal<T>(slot: RateSlot, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ImageLimitError || error instanceof ImageTypeTakenError) await slot.release();
    throw error;
  }
}

/**
 * Asking for a picture, from the story page (a new one, or a repaint) or the admin editor (one of a given
 * type): each checks who asks, the request and the story's picture cap, then counts against the caller's
 * rate limit (only a request that will paint spends a slot), records the job (the cap kept by the same
 * write) and starts the workflow that paints it.
 */
export function pictureUseCases(deps: PictureDeps) {
  async function checkDescription(story: StoryItem, request: PictureRequest) {
    const problem =
      request.customizations && pictureDescriptionProblem(request.customizations, deps.bands[story.age_band]);
    if (problem) throw new InvalidInputError(problem, 'customizations');
    // The guardrail's reading too (on AWS with Bedrock), before a job is made.
    const [allowed] = await deps.meaning.allows([request.customizations ?? '']);
    if (!allowed) throw new InvalidInputError(DESCRIPTION_MESSAGES.notKidFriendly, 'customizations');
  }

  const customizationsOf = (request: PictureRequest) =>
    request.customizations ? { customizations: request.customizations } : {};

  const paint = (story: StoryItem, actor: Actor, jobId: string) =>
    deps.workflow.start({ kind: 'image', storyId: story.id, userId: actor.userId, jobId });

  return {
    /**
     * A new picture on the story page. SPEC §4: pictures are added one at a time, the type following the
     * count (cover first); the type is claimed in the same conditional write as the slot, so parallel
     * requests get distinct types.
     */
    async add(storyId: string, actor: Actor, request: () => Promise<PictureRequest>): Promise<PictureJobStarted> {
      const { story, images, jobs } = await deps.access.editableReady(storyId, actor);
      const asked = await request();
      await checkDescription(story, asked);
      if (isFull(story)) throw new ImageLimitError();
      const slot = await deps.rateLimits.take(actor.userId, 'image');
      const jobId = randomUUID();
      const job = await refundedOnRefusal(slot, () =>
        deps.stories.createNextImageJob(
          { job_id: jobId, story_id: story.id, mode: asked.mode, rate_slot: slot.spent, ...customizationsOf(asked) },
          IMAGE_TYPES,
          heldTypes(images, jobs),
        ),
      );
      await paint(story, actor, jobId);
      return { jobId, imageType: job.image_type };
    },

    /** A picture painted again (the old one goes when the new one lands); one repaint at a time per picture. */
    async regenerate(
      storyId: string,
      imageId: string,
      actor: Actor,
      request: () => Promise<PictureRequest>,
    ): Promise<PictureJobStarted> {
      const { story, images, jobs } = await deps.access.editableReady(storyId, actor);
      const image = images.find((i) => i.id === imageId);
      if (!image) throw new ImageNotFoundError();
      const asked = await request();
      await checkDescription(story, asked);
      const pendingRepaint = (all: readonly ImageJobItem[]) =>
        all.find((j) => j.replaces === image.id && j.status === 'pending');
      const running = pendingRepaint(jobs);
      if (running) return { jobId: running.job_id, imageType: image.image_type };
      const slot = await deps.rateLimits.take(actor.userId, 'image');
      const jobId = randomUUID();
      // The picture is claimed in the same write as the job: of parallel repaints one makes the job, the
      // others answer with it (and give their rate-limit slot back).
      const stale = image.repaint_job && !jobs.some((j) => j.job_id === image.repaint_job && j.status === 'pending');
      const job = await deps.stories.createRepaintJob(
        {
          job_id: jobId,
          story_id: story.id,
          image_type: image.image_type,
          mode: asked.mode,
          rate_slot: slot.spent,
          ...customizationsOf(asked),
        },
        image,
        stale ? image.repaint_job : undefined,
      );
      if (!job) {
        await slot.release();
        const winner = pendingRepaint((await deps.access.editableReady(storyId, actor)).jobs);
        if (!winner) throw new ImageNotFoundError();
        return { jobId: winner.job_id, imageType: image.image_type };
      }
      await paint(story, actor, jobId);
      return { jobId, imageType: image.image_type };
    },

    /**
     * The admin editor's picture of one type (any story, whatever its status). One picture per slot: a slot
     * that has one is repainted, the old one going when the new one lands.
     */
    async paintType(
      storyId: string,
      actor: Actor,
      request: PictureRequest & { imageType: ImageType },
    ): Promise<PictureJobStarted> {
      const { story, images, jobs } = await deps.access.any(storyId);
      await checkDescription(story, request);
      const running = jobs.find((job) => job.image_type === request.imageType && job.status === 'pending');
      if (running) return { jobId: running.job_id, imageType: request.imageType };
      const current = images.find((image) => image.image_type === request.imageType);
      // A repaint takes no new picture slot; a new picture needs one free.
      if (!current && isFull(story)) throw new ImageLimitError();
      const slot = await deps.rateLimits.take(actor.userId, 'image');
      const jobId = randomUUID();
      await refundedOnRefusal(slot, () =>
        deps.stories.createImageJob(
          {
            job_id: jobId,
            story_id: story.id,
            image_type: request.imageType,
            mode: request.mode,
            rate_slot: slot.spent,
            ...customizationsOf(request),
            ...(current ? { replaces: current.id } : {}),
          },
          heldTypes(images, jobs),
        ),
      );
      await paint(story, actor, jobId);
      return { jobId, imageType: request.imageType };
    },

    /** Takes a picture off the story page: its row (and its slot) first, then its objects. */
    async remove(storyId: string, imageId: string, actor: Actor): Promise<void> {
      const { images } = await deps.access.editableReady(storyId, actor);
      const image = images.find((i) => i.id === imageId);
      if (!image) throw new ImageNotFoundError();
      await deps.stories.deleteImage(image);
      await deps.media.deletePictures([image]);
    },

    /** Dismisses a failed job once the family has seen its message. */
    async dismissFailedJob(storyId: string, jobId: string, actor: Actor): Promise<void> {
      const { jobs } = await deps.access.editableReady(storyId, actor);
      const job = jobs.find((j) => j.job_id === jobId);
      if (!job || job.status !== 'failed') throw new JobNotFoundError();
      await deps.stories.deleteImageJob(job.story_id, job.job_id);
    },
  };
}

export type PictureUseCases = ReturnType<typeof pictureUseCases>;
