import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AgeBand } from '../../common/age-bands.js';
import type { AgeBandConfig } from '../../common/age-band-config.js';
import type { ImageType } from '../../common/story-choices.js';
import { isKidSafe } from '../../common/safety/check.js';
import { draftSafetyProblem, validateStory } from '../../common/story-validation.js';
import { deletePictureObjects } from '../shared/media.js';
import type { MediaCdn } from '../shared/media-cdn.js';
import type { StoryRepository } from '../shared/repositories/stories.js';
import type { TemplateRepository } from '../shared/repositories/templates.js';
import {
  ProviderError,
  type PromptTemplate,
  type StoryDraft,
  type StoryProvider,
  type StoryRequest,
} from './providers/types.js';
import { makeThumbnail } from './thumbnails.js';

/**
 * A story generating for longer than this lost its workflow (a studio story with its cover takes a few
 * minutes; the state machine's own timeout is shorter still), so the sweep fails it and frees its slot.
 */
export const STALE_GENERATION_MINUTES = 30;

/** How many times a story may be written before it fails (first try included). */
export const MAX_WRITING_ATTEMPTS = 3;

export type TaskDeps = Readonly<{
  stories: StoryRepository;
  templates: TemplateRepository;
  provider: StoryProvider;
  bands: Readonly<Record<AgeBand, AgeBandConfig>>;
  s3: S3Client;
  mediaBucket: string;
  cdn: MediaCdn;
}>;

/** The serialisable part of a story request: the band's configuration is looked up, not carried. */
export type PromptState = Omit<StoryRequest, 'band'> & {
  imageTemplate: PromptTemplate;
  generationMode: 'express' | 'studio';
};

const jobSchema = z.object({ storyId: z.string().min(1), userId: z.string().min(1) });
const imageJobSchema = jobSchema.extend({ kind: z.literal('image'), jobId: z.string().min(1) });

/** SPEC §8 image messages the story page shows for a failed picture. */
export const IMAGE_FAILURE_MESSAGES = {
  filtered: 'This picture could not be painted safely. Please try a different description.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  generic: 'Failed to generate image',
} as const;

/** Messages a family may see when generation fails (the story page shows them). */
export const FAILURE_MESSAGES = {
  rejected: 'We could not write a story that fits your age band this time. Please try again.',
  filtered: 'Our storyteller could not finish this story safely. Please try different choices.',
  generic: 'Failed to create your story. Please try again.',
} as const;

const extensionOf: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Sizes snap to the band's multiple (SPEC §9: default 896). */
export function imageSize(band: AgeBandConfig): number {
  const sizes = band.art_policy?.image_sizes;
  const size = sizes?.default ?? 896;
  const multiple = sizes?.snap_to_multiple ?? 64;
  return Math.max(multiple, Math.round(size / multiple) * multiple);
}

/**
 * The task handlers of the generation workflow, one per Task state of definition.asl.json. Each is
 * idempotent: Step Functions may run a task again after a timeout.
 */
export function createTaskHandlers(deps: TaskDeps) {
  const { stories, templates, provider, bands } = deps;

  async function storyOf(job: z.infer<typeof jobSchema>) {
    const story = await stories.get(job.storyId);
    if (!story) throw new Error(`Story ${job.storyId} does not exist`);
    return story;
  }

  const requestOf = (prompt: PromptState): StoryRequest => ({ ...prompt, band: bands[prompt.ageBand] });

  return {
    async buildPrompt(input: { job: unknown }): Promise<PromptState> {
      const job = jobSchema.parse(input.job);
      const story = await storyOf(job);
      const [template, imageTemplate] = await Promise.all([
        templates.getActive('story_system'),
        templates.getActive('image_generation'),
      ]);
      await stories.setProgress(job.storyId, 'writing');
      return {
        storyId: story.id,
        heroName: story.hero_name,
        characterType: story.character_type as StoryRequest['characterType'],
        storyKind: story.story_type as StoryRequest['storyKind'],
        mission: story.mission as StoryRequest['mission'],
        narrativeStructure: story.narrative_structure as StoryRequest['narrativeStructure'],
        themeId: story.theme_id,
        writingStyle: story.writing_style,
        artStyle: story.art_style,
        ageBand: story.age_band,
        customDescriptions: story.custom_descriptions ?? {},
        template,
        imageTemplate,
        generationMode: story.generation_mode,
        seed: story.seed,
        attempt: 1,
        problems: [],
      };
    },

    async writeStory(input: { prompt: PromptState }): Promise<StoryDraft> {
      return provider.writeStory(requestOf(input.prompt));
    },

    async checkStory(input: { job: unknown; prompt: PromptState; draft: StoryDraft }) {
      const job = jobSchema.parse(input.job);
      await stories.setProgress(job.storyId, 'checking');
      const band = bands[input.prompt.ageBand];
      // Every field a reader or the illustrator sees (title, excerpt, paragraphs, scenes) passes the safety
      // check: an unsafe draft is a problem like any other, rewritten while attempts are left.
      const result = validateStory(input.draft, band);
      const attemptsLeft = MAX_WRITING_ATTEMPTS - input.prompt.attempt;
      if (attemptsLeft <= 0 && draftSafetyProblem(input.draft, band)) {
        // The last attempt is still unsafe: the story fails with the "filtered" message (its slot is freed).
        throw new ProviderError('The story failed the safety check on every attempt', 'CONTENT_FILTERED');
      }
      return {
        valid: result.valid,
        attemptsLeft,
        problems: result.problems,
        nextPrompt: { ...input.prompt, attempt: input.prompt.attempt + 1, problems: result.problems },
      };
    },

    async saveStory(input: { job: unknown; prompt: PromptState; draft: StoryDraft }): Promise<{ saved: true }> {
      const job = jobSchema.parse(input.job);
      await stories.saveText(job.storyId, {
        title: input.draft.title,
        content: input.draft.paragraphs.join('\n\n'),
        excerpt: input.draft.excerpt,
        scenes: input.draft.scenes,
        templateVersion: input.prompt.template.version,
      });
      return { saved: true };
    },

    async paintCover(input: { job: unknown; prompt: PromptState; draft: StoryDraft }): Promise<{ imageUrl: string }> {
      const job = jobSchema.parse(input.job);
      const existing = await stories.getWithImages(job.storyId);
      const cover = existing?.images.find((image) => image.image_type === 'cover');
      if (cover) return { imageUrl: cover.image_url }; // a retried task must not paint twice
      const { prompt } = input;
      const stored = await drawAndStore({
        storyId: job.storyId,
        imageType: 'cover',
        scene: input.draft.scenes.cover ?? input.draft.title,
        heroName: prompt.heroName,
        characterType: prompt.characterType,
        artStyle: prompt.artStyle,
        ageBand: prompt.ageBand,
        mode: prompt.generationMode,
        seed: prompt.seed,
        template: prompt.imageTemplate,
      });
      const image = await stories.addImage(stored);
      return { imageUrl: image.image_url };
    },

    /** One more picture for a ready story (story page "add" or "regenerate"). */
    async paintImage(input: { job: unknown }): Promise<{ imageUrl: string }> {
      const job = imageJobSchema.parse(input.job);
      const [found, pending] = await Promise.all([
        stories.getWithImages(job.storyId),
        stories.getImageJob(job.storyId, job.jobId),
      ]);
      if (!found || !pending) throw new Error(`Image job ${job.jobId} has no story or job`);
      if (pending.status !== 'pending') return { imageUrl: '' };
      const { story, images } = found;
      const replaced = pending.replaces ? images.find((image) => image.id === pending.replaces) : undefined;
      const stored = await drawAndStore({
        storyId: story.id,
        imageType: pending.image_type,
        scene: story.scenes?.[pending.image_type] ?? `${story.title}. ${story.excerpt}`,
        heroName: story.hero_name,
        characterType: story.character_type as StoryRequest['characterType'],
        artStyle: story.art_style,
        ageBand: story.age_band,
        mode: pending.mode,
        seed: story.seed,
        template: await templates.getActive('image_generation'),
        customizations: pending.customizations,
      });
      const image = await stories.completeImageJob(pending, stored, replaced);
      // The old picture's object goes once its row is gone; a failure here leaves only an unlisted file.
      if (replaced) await deletePictureObjects(deps.s3, deps.mediaBucket, [replaced], deps.cdn);
      return { imageUrl: image.image_url };
    },

    async markImageFailed(input: { job: unknown; failure?: { Error?: string; Cause?: string } }): Promise<void> {
      const job = imageJobSchema.parse(input.job);
      const pending = await stories.getImageJob(job.storyId, job.jobId);
      if (!pending) return;
      const cause = input.failure?.Cause ?? '';
      const message = /CONTENT_FILTERED/.test(cause)
        ? IMAGE_FAILURE_MESSAGES.filtered
        : /THROTTLED/.test(cause)
          ? IMAGE_FAILURE_MESSAGES.rateLimited
          : IMAGE_FAILURE_MESSAGES.generic;
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'image failed',
          storyId: job.storyId,
          jobId: job.jobId,
          cause: cause.slice(0, 300),
        }),
      );
      await stories.failImageJob(pending, message);
    },

    async markReady(input: { job: unknown }): Promise<void> {
      await stories.markReady(jobSchema.parse(input.job).storyId);
    },

    async markFailed(input: { job: unknown; failure?: { Error?: string; Cause?: string } }): Promise<void> {
      const job = jobSchema.parse(input.job);
      const error = input.failure?.Error ?? '';
      const cause = input.failure?.Cause ?? '';
      const reason =
        error === 'StoryRejected'
          ? FAILURE_MESSAGES.rejected
          : /CONTENT_FILTERED/.test(cause)
            ? FAILURE_MESSAGES.filtered
            : FAILURE_MESSAGES.generic;
      // The cause helps an operator: our errors name the failing step and code, not the family's text.
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'generation failed',
          storyId: job.storyId,
          error,
          cause: cause.slice(0, 300),
        }),
      );
      await stories.markFailed(job.storyId, job.userId, reason);
    },

    /**
     * Not a state of the workflow: the scheduled sweep (an EventBridge rule in AWS, a timer locally). A
     * story still generating long after it started lost its execution (a restarted machine, a dropped
     * start): it is failed with the generic message and its library slot freed, like any failure.
     */
    async sweepStale(input: { startedBefore?: string }): Promise<{ failed: number }> {
      const cutoff = input.startedBefore
        ? new Date(input.startedBefore)
        : new Date(Date.now() - STALE_GENERATION_MINUTES * 60_000);
      let failed = 0;
      for (;;) {
        const stale = await stories.listStale(cutoff);
        for (const story of stale) {
          await stories.markFailed(story.id, story.created_by ?? '', FAILURE_MESSAGES.generic);
          failed++;
        }
        if (stale.length === 0 || failed >= 1000) break;
      }
      if (failed > 0) console.warn(JSON.stringify({ level: 'warn', msg: 'stale generations failed', failed }));
      return { failed };
    },
  };

  /** Draws one illustration and stores it, with its thumbnail when it has one, in the media bucket. */
  async function drawAndStore(picture: {
    storyId: string;
    imageType: ImageType;
    scene: string;
    heroName: string;
    characterType: StoryRequest['characterType'];
    artStyle: StoryRequest['artStyle'];
    ageBand: AgeBand;
    mode: 'express' | 'studio';
    seed: number;
    template: PromptTemplate;
    customizations?: string | undefined;
  }) {
    const band = bands[picture.ageBand];
    // Nothing unsafe is painted: the scene (written by the provider or edited by an admin) and the family's
    // customizations pass the safety check again right before the picture is asked for.
    const denied = band.safety.deny_if_topics;
    if (!isKidSafe(picture.scene, denied) || !isKidSafe(picture.customizations ?? '', denied)) {
      throw new ProviderError('The picture description failed the safety check', 'CONTENT_FILTERED');
    }
    const drawn = await provider.drawIllustration({
      storyId: picture.storyId,
      imageType: picture.imageType,
      scene: picture.scene,
      heroName: picture.heroName,
      characterType: picture.characterType,
      artStyle: picture.artStyle,
      mood: picture.imageType === 'climax' ? 'exciting but safe' : 'joyful and warm',
      mode: picture.mode,
      seed: picture.seed,
      size: imageSize(band),
      customizations: picture.customizations,
      template: picture.template,
      band,
    });
    const imageId = randomUUID();
    const objectKey = `media/stories/${picture.storyId}/${imageId}.${extensionOf[drawn.contentType] ?? 'bin'}`;
    const thumbnail = await makeThumbnail(drawn.body, drawn.contentType);
    const thumbnailKey = thumbnail ? `media/stories/${picture.storyId}/${imageId}.thumb.jpg` : undefined;
    await Promise.all([
      storeObject(objectKey, drawn.body, drawn.contentType),
      thumbnail && thumbnailKey ? storeObject(thumbnailKey, thumbnail, 'image/jpeg') : undefined,
    ]);
    return {
      id: imageId,
      story_id: picture.storyId,
      image_type: picture.imageType,
      image_url: `/${objectKey}`,
      object_key: objectKey,
      ...(thumbnailKey ? { thumbnail_url: `/${thumbnailKey}`, thumbnail_key: thumbnailKey } : {}),
    };
  }

  /** Long-cached: a picture's key never changes, a new picture gets a new key. */
  function storeObject(key: string, body: Uint8Array, contentType: string) {
    return deps.s3.send(
      new PutObjectCommand({
        Bucket: deps.mediaBucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }
}

export type TaskHandlers = ReturnType<typeof createTaskHandlers>;

/** Routes a Task state's input (`{ task, ... }`) to its handler: the Lambda and the local runner both use this. */
export function createWorkflowHandler(handlers: TaskHandlers) {
  const inputSchema = z.looseObject({ task: z.string() });
  return async function handle(event: unknown): Promise<unknown> {
    const input = inputSchema.parse(event);
    const task = (handlers as Record<string, ((input: never) => Promise<unknown>) | undefined>)[input.task];
    if (!task) throw new Error(`Unknown workflow task: ${input.task}`);
    return (await task(input as never)) ?? null;
  };
}
