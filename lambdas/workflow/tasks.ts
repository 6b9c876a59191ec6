import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { AgeBand } from '#common/age-bands.js';
import type { AgeBandConfig } from '#common/age-band-config.js';
import { IMAGE_TYPES, type ImageType } from '#common/story-choices.js';
import { storyParagraphs } from '#common/story-layout.js';
import { isCancelled } from '../data/entities/table.js';
import type { Admission, CapacityGate, Holder } from '../data/capacity/gate.js';
import { pictureLane, type Lane } from '../data/capacity/sizing.js';
import { imageJobKey } from '../data/entities/story-image.js';
import { keys } from '../data/keys.js';
import type { WorkflowStarter } from '../adapters/workflow-starter.js';
import type { MediaStore } from '../adapters/media.js';
import { once } from '../runtime/lazy.js';
import { countMetric, lineWaitMetric, log } from '../runtime/observability.js';
import type { RateLimiter } from '../data/repositories/rate-limits.js';
import type { StoryDraftRepository } from '../data/repositories/story-drafts.js';
import { storyChildOf, type StoryItem } from '../data/entities/story.js';
import type { LibraryRepository } from '../data/repositories/library.js';
import type { StoryRepository, ToldStory } from '../data/repositories/stories.js';
import type { TemplateRepository } from '../data/repositories/templates.js';
import {
  ProviderError,
  type EarlierStory,
  type PromptTemplate,
  type StoryProvider,
  type StoryRequest,
} from './providers/types.js';

/**
 * A story generating (or a new story's cover pending) for longer than this lost its workflow (the state
 * machine's own timeout is shorter), so the sweep fails it and frees its slot.
 */
export const STALE_GENERATION_MINUTES = 30;

/** How many times a story may be written before it fails (first try included). */
export const MAX_WRITING_ATTEMPTS = 3;

/** The rewrite instruction after an attempt the guardrail stopped (it names no word: there is no text). */
export const FILTERED_PROBLEM =
  'The last version was stopped by the safety filter. Write a gentle, kind story for a young child: no violence, ' +
  'danger to anyone, scary or grown-up topics, and nothing unkind.';

export type TaskDeps = Readonly<{
  stories: StoryRepository;
  /** The lines for Bedrock capacity a story and each picture wait in before they start (capacity/gate.ts). */
  gate: CapacityGate;
  /** The families' rate limits: a story or picture that fails through no fault of theirs gives its count back. */
  rateLimits: Pick<RateLimiter, 'release'>;
  library: LibraryRepository;
  drafts: StoryDraftRepository;
  templates: TemplateRepository;
  provider: StoryProvider;
  bands: Readonly<Record<AgeBand, AgeBandConfig>>;
  /** The media bucket's one key layout and its CDN (lambdas/adapters/media.ts), as the API uses it. */
  media: MediaStore;
  /**
   * Starts the cover's own execution (a picture job) while the story is still being written, when the
   * provider reports the cover's scene early (a streamed answer). Without it the cover is painted after
   * MarkReady, as it always is for a provider that does not stream.
   */
  workflow?: WorkflowStarter | undefined;
}>;

/** Writing progress is written at most this often: the progress screen polls every 1.5 s. */
export const PROGRESS_WRITE_MS = 1000;

/**
 * About how many paragraphs a story of this band has, for "paragraph 5 of about 9": the middle of the
 * band's word range over the middle of its words per page (the provider is asked for pages of about that
 * length). A hint only; the screen never shows fewer than were written.
 */
export function expectedParagraphs(band: AgeBandConfig): number {
  const middle = (range: { min: number; max: number }) => (range.min + range.max) / 2;
  return Math.max(1, Math.round(middle(band.bands.words_total) / middle(band.bands.words_per_page)));
}

/**
 * What travels in the workflow's state: ids, counters and codes, never a name or a text (Step Functions
 * keeps every state's input and output for 90 days). Each task reads what it needs from the table.
 */
/** The band's rules and the safety check, compiled by the first task that checks text (story-checks.ts). */
const storyChecks = once(() => import('./story-checks.js'));

const jobSchema = z.object({ storyId: z.string().min(1), userId: z.string().min(1) });
const imageJobSchema = jobSchema.extend({ kind: z.literal('image'), jobId: z.string().min(1) });
const attemptSchema = z.number().int().min(1).max(MAX_WRITING_ATTEMPTS);

/** The picture job MarkReady queues for a new story's cover (one per story, so a retried task finds it). */
export const COVER_JOB_ID = 'cover';

/**
 * A task's own failure. Its message names steps and ids only, so it may reach the failure's `Cause` as it
 * is (createWorkflowHandler withholds the message of any other error).
 */
export class TaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskError';
  }
}

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

/** Sizes snap to the band's multiple (SPEC §9: default 896). */
export function imageSize(band: AgeBandConfig): number {
  const sizes = band.art_policy?.image_sizes;
  const size = sizes?.default ?? 896;
  const multiple = sizes?.snap_to_multiple ?? 64;
  return Math.max(multiple, Math.round(size / multiple) * multiple);
}

/** At most this many words of a picture wish are listed as not drawn (a wish is at most 500 characters). */
const MAX_NOT_DRAWN = 12;

/**
 * The task handlers of the generation workflow, one per Task state of definition.asl.json. Each is
 * idempotent: Step Functions may run a task again after a timeout.
 */
export function createTaskHandlers(deps: TaskDeps) {
  const { stories, library, drafts, templates, provider, bands } = deps;

  async function storyOf(storyId: string): Promise<StoryItem> {
    const story = await stories.get(storyId);
    if (!story) throw new TaskError(`Story ${storyId} does not exist`);
    return story;
  }

  /** The draft a task was given the attempt of; a missing or other draft is a task failure (retried). */
  async function draftOf(storyId: string, attempt: number) {
    const draft = await drafts.get(storyId);
    if (draft?.attempt !== attempt) throw new TaskError(`Story ${storyId} has no draft of attempt ${attempt}`);
    return draft;
  }

  /**
   * What the child has already heard, for the writer not to say again: the child's latest finished stories
   * and the stories in their library, their own or saved from another family (at most 9 of each, as a
   * library holds 10 with the new story). Read for the writing only, never passed on in the workflow's state.
   */
  async function heardBefore(story: StoryItem): Promise<EarlierStory[]> {
    const child = storyChildOf(story);
    if (!child) return [];
    const storyId = story.id;
    const [latest, libraryIds] = await Promise.all([stories.latestToldBy(child, storyId), library.storyIds(child)]);
    const known = new Set([storyId, ...latest.map((story) => story.id)]);
    const saved = await stories.toldOf(libraryIds.filter((id) => !known.has(id)));
    const heard = (story: ToldStory): EarlierStory => ({
      heroName: story.hero_name,
      title: story.title,
      content: story.content,
    });
    return [...latest, ...saved].map(heard);
  }

  /** The provider's request for a story, from its stored choices (never from the workflow's state). */
  const requestOf = (
    story: StoryItem,
    template: PromptTemplate,
    attempt: number,
    problems: readonly string[],
    earlierStories: StoryRequest['earlierStories'],
  ): StoryRequest => ({
    storyId: story.id,
    heroName: story.hero_name,
    characterType: story.character_type,
    storyType: story.story_type,
    mission: story.mission,
    narrativeStructure: story.narrative_structure,
    themeId: story.theme_id,
    writingStyle: story.writing_style,
    artStyle: story.art_style,
    ageBand: story.age_band,
    band: bands[story.age_band],
    customDescriptions: story.custom_descriptions ?? {},
    template,
    seed: story.seed,
    attempt,
    problems,
    earlierStories,
  });

  return {
    /**
     * A story waits in line for the text models' capacity before it is written (its ticket taken on the first
     * ask). Returns whether it may start now, else how long to wait before asking again (the workflow's Wait
     * state), or that it is gone (deleted or failed while it waited: it leaves the line and nothing is written).
     */
    async waitForStoryCapacity(input: { job: unknown }): Promise<LineAnswer> {
      const { storyId } = jobSchema.parse(input.job);
      const story = await stories.get(storyId);
      const holder = { key: keys.story(storyId), queue: story?.queue };
      if (story?.status !== 'generating') {
        if (story) await deps.gate.leave('story', holder);
        return { admitted: false, gone: true };
      }
      return lineAnswer('story', holder, await deps.gate.admit('story', holder), () =>
        stories.setProgress(storyId, 'queued'),
      );
    },

    /** A picture waits in line for its model's capacity before it is painted (as a story does, above). */
    async waitForPictureCapacity(input: { job: unknown }): Promise<LineAnswer> {
      const job = imageJobSchema.parse(input.job);
      const pending = await stories.getImageJob(job.storyId, job.jobId);
      if (pending?.status !== 'pending') return { admitted: false, gone: true };
      const holder = { key: imageJobKey(pending), queue: pending.queue };
      const lane = pictureLane(pending.mode);
      return lineAnswer(lane, holder, await deps.gate.admit(lane, holder), () => stories.markJobSeen(pending));
    },

    /**
     * Writes attempt `attempt` of the story into its draft item, with the active template and, on a
     * rewrite, what the checks found wrong with the attempt before. Returns only the attempt.
     */
    async writeStory(input: { job: unknown; attempt: unknown }): Promise<{ attempt: number }> {
      const { storyId, userId } = jobSchema.parse(input.job);
      const attempt = attemptSchema.parse(input.attempt);
      const previous = await drafts.get(storyId);
      if (previous?.attempt === attempt) return { attempt }; // a retried task must not write twice
      const [story, template] = await Promise.all([storyOf(storyId), templates.getActive('story_system')]);
      const earlierStories = await heardBefore(story);
      const band = bands[story.age_band];
      const progress = writingProgress(storyId, attempt, expectedParagraphs(band));
      await progress.start();
      let cover: Promise<void> | undefined;
      const problems = previous?.attempt === attempt - 1 ? previous.problems : [];
      let draft;
      try {
        draft = await provider.writeStory(requestOf(story, template, attempt, problems, earlierStories), {
          onParagraphs: progress.paragraphs,
          onScene: (type, scene) => {
            if (type !== 'cover' || cover || !deps.workflow) return;
            cover = paintCoverEarly(story, userId, scene);
            // Awaited below; until then a failure must not count as unhandled (Node would end the process).
            cover.catch(() => undefined);
          },
        });
      } catch (error) {
        // A guardrail that stopped the answer is a CheckStory problem while attempts are left (issue 34):
        // the attempt's draft is empty and says so, CheckStory sends it back, and the next attempt is asked
        // for a gentler story. The last attempt's intervention fails the story, as before.
        if (!(error instanceof ProviderError) || error.code !== 'CONTENT_FILTERED' || attempt >= MAX_WRITING_ATTEMPTS) {
          throw error;
        }
        await progress.finish();
        await drafts.put({
          story_id: storyId,
          attempt,
          title: '',
          excerpt: '',
          paragraphs: [],
          scenes: {},
          template_version: template.version,
        });
        await drafts.setProblems(storyId, attempt, [FILTERED_PROBLEM]);
        return { attempt };
      }
      // The cover's execution must have started (or been refused) before the story can move on: a task
      // that failed to start it is retried, and the retry finds the job queued and starts it again.
      await Promise.all([cover, progress.finish()]);
      await drafts.put({
        story_id: storyId,
        attempt,
        title: draft.title,
        excerpt: draft.excerpt,
        paragraphs: [...draft.paragraphs],
        scenes: { ...draft.scenes },
        template_version: template.version,
      });
      return { attempt };
    },

    /**
     * Checks the draft against its band. Returns a verdict only: `valid`, how many attempts are left and
     * the next attempt's number; the problems found stay on the draft for the rewrite.
     */
    async checkStory(input: { job: unknown; attempt: unknown }) {
      const { storyId } = jobSchema.parse(input.job);
      const attempt = attemptSchema.parse(input.attempt);
      const [story, draft] = await Promise.all([storyOf(storyId), draftOf(storyId, attempt)]);
      await stories.setProgress(storyId, 'checking');
      const band = bands[story.age_band];
      // Every field a reader or the illustrator sees (title, excerpt, paragraphs, scenes) passes the safety
      // check: an unsafe draft is a problem like any other, rewritten while attempts are left.
      const attemptsLeft = MAX_WRITING_ATTEMPTS - attempt;
      // An attempt the guardrail stopped has no text: its problem is already on the draft.
      if (draft.paragraphs.length === 0 && draft.problems.includes(FILTERED_PROBLEM)) {
        return { valid: false, attemptsLeft, nextAttempt: attempt + 1 };
      }
      const { validateStory, draftSafetyProblem } = await storyChecks();
      const result = validateStory(draft, band);
      if (attemptsLeft <= 0 && draftSafetyProblem(draft, band)) {
        // The last attempt is still unsafe: the story fails with the "filtered" message (its slot is freed).
        throw new ProviderError('The story failed the safety check on every attempt', 'CONTENT_FILTERED');
      }
      if (!result.valid) await drafts.setProblems(storyId, attempt, result.problems);
      return { valid: result.valid, attemptsLeft, nextAttempt: attempt + 1 };
    },

    /** Saves the checked draft as the story's text. */
    async saveStory(input: { job: unknown; attempt: unknown }): Promise<{ saved: true }> {
      const { storyId } = jobSchema.parse(input.job);
      const [story, draft] = await Promise.all([
        storyOf(storyId),
        draftOf(storyId, attemptSchema.parse(input.attempt)),
      ]);
      await stories.saveText(storyId, {
        title: draft.title,
        content: draft.paragraphs.join('\n\n'),
        excerpt: draft.excerpt,
        // A cover already painting keeps the scene it is painted from, even after a rewrite.
        scenes: story.cover_scene ? { ...draft.scenes, cover: story.cover_scene } : draft.scenes,
        templateVersion: draft.template_version,
      });
      return { saved: true };
    },

    /**
     * The story is readable once its text is checked and saved: it becomes ready, and (unless its cover was
     * queued while it was written, see paintCoverEarly) its cover is queued as a picture job in the same
     * write. Returns that job, which the workflow then paints like any picture (`paint: true`), or the early
     * cover's job, which its own execution paints (`paint: false`). A cover that fails marks only its job
     * failed (the story page shows the placeholder and "paint again").
     */
    async markReady(input: { job: unknown }) {
      const { storyId, userId } = jobSchema.parse(input.job);
      const story = await storyOf(storyId);
      // The draft goes first: once the story is ready, nothing after this write may fail it.
      await drafts.remove(storyId);
      const early = story.cover_scene !== undefined;
      if (await stories.markReady(storyId, early ? undefined : { job_id: COVER_JOB_ID, mode: story.generation_mode })) {
        countMetric('StoryReady');
      }
      const describe = provider.describeScenes !== undefined && missingScenes(story).length > 0;
      return { storyId, userId, kind: 'image' as const, jobId: COVER_JOB_ID, paint: !early, describe };
    },

    /**
     * A streamed story's answer held only its cover's scene: once the story is readable, the other scenes are
     * described from its checked text, checked as the story's scenes are, and added (an unsafe one is left
     * out: a picture asked for without its scene is painted from the title and excerpt). Never fails the
     * story: the workflow catches any error here and goes on.
     */
    async describeScenes(input: { job: unknown }): Promise<{ described: number }> {
      const { storyId } = jobSchema.parse(input.job);
      const story = await stories.get(storyId);
      const types = story?.status === 'ready' ? missingScenes(story) : [];
      if (!story || types.length === 0 || !provider.describeScenes) return { described: 0 };
      const band = bands[story.age_band];
      const described = await provider.describeScenes({
        storyId,
        title: story.title,
        paragraphs: storyParagraphs(story.content),
        types,
        band,
        template: await templates.getActive('story_system'),
      });
      const { draftSafetyProblem } = await storyChecks();
      const safe = Object.fromEntries(
        types.flatMap((type) => {
          const scene = described[type];
          const unsafe = !scene || draftSafetyProblem({ title: '', paragraphs: [], scenes: { [type]: scene } }, band);
          return unsafe ? [] : [[type, scene]];
        }),
      );
      await stories.addScenes(storyId, safe);
      return { described: Object.keys(safe).length };
    },

    /** One picture: a new story's cover, or the story page's "add" or "regenerate". */
    async paintImage(input: { job: unknown }): Promise<{ imageId: string | null }> {
      const job = imageJobSchema.parse(input.job);
      const [found, pending] = await Promise.all([
        stories.getWithImages(job.storyId),
        stories.getImageJob(job.storyId, job.jobId),
      ]);
      // Gone (the story deleted, the picture painted by an earlier try of this task) or already failed.
      if (!found || pending?.status !== 'pending') return { imageId: null };
      const { story, images } = found;
      const replaced = pending.replaces ? images.find((image) => image.id === pending.replaces) : undefined;
      const stored = await drawAndStore({
        storyId: story.id,
        imageType: pending.image_type,
        // An early cover paints before the text (and its scenes) are saved: from the scene pinned for it.
        scene:
          story.scenes?.[pending.image_type] ??
          (pending.image_type === 'cover' ? story.cover_scene : undefined) ??
          `${story.title}. ${story.excerpt}`,
        heroName: story.hero_name,
        characterType: story.character_type,
        artStyle: story.art_style,
        ageBand: story.age_band,
        mode: pending.mode,
        seed: story.seed,
        template: await templates.getActive('image_generation'),
        customizations: pending.customizations,
      });
      const image = await stories.completeImageJob(pending, stored, replaced);
      countMetric('PicturePainted');
      // The old picture's object goes once its row is gone; a failure here leaves only an unlisted file.
      if (replaced) await deps.media.deletePictures([replaced]);
      return { imageId: image.id };
    },

    async markImageFailed(input: { job: unknown; failure?: { Error?: string; Cause?: string } }): Promise<void> {
      const job = imageJobSchema.parse(input.job);
      const pending = await stories.getImageJob(job.storyId, job.jobId);
      if (!pending) return;
      // A picture that failed before its turn came (its story deleted, a table error) leaves the line.
      await deps.gate.leave(pictureLane(pending.mode), { key: imageJobKey(pending), queue: pending.queue });
      const cause = input.failure?.Cause ?? '';
      const message = /CONTENT_FILTERED/.test(cause)
        ? IMAGE_FAILURE_MESSAGES.filtered
        : /THROTTLED/.test(cause)
          ? IMAGE_FAILURE_MESSAGES.rateLimited
          : IMAGE_FAILURE_MESSAGES.generic;
      countMetric(message === IMAGE_FAILURE_MESSAGES.filtered ? 'PictureFiltered' : 'PictureFailed');
      log.error('image failed', { storyId: job.storyId, jobId: job.jobId, cause: cause.slice(0, 300) });
      await stories.failImageJob(pending, message);
      if (message !== IMAGE_FAILURE_MESSAGES.filtered) await giveBackRateSlot(job.userId, imageJobKey(pending));
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
      // The cause helps an operator: it names the failing step and code, never the family's text (see
      // createWorkflowHandler).
      countMetric('StoryFailed');
      log.error('generation failed', { storyId: job.storyId, error, cause: cause.slice(0, 300) });
      await leaveStoryLine(job.storyId);
      await stories.markFailed(job.storyId, reason);
      if (reason !== FAILURE_MESSAGES.filtered) await giveBackRateSlot(job.userId, keys.story(job.storyId));
      await drafts.remove(job.storyId);
      // A cover queued while the story was written: a pending one gives its picture slot back (a painting
      // that finishes later adds nothing), a painted one goes with its slot, so a failed story holds no picture.
      const found = await stories.getWithImages(job.storyId);
      if (found?.story.cover_scene !== undefined) {
        const pending = found.jobs.find((each) => each.job_id === COVER_JOB_ID && each.status === 'pending');
        if (pending) await stories.failImageJob(pending, IMAGE_FAILURE_MESSAGES.generic);
        const painted = found.images.filter((image) => image.image_type === 'cover');
        for (const image of painted) {
          await stories.deleteImage(image).catch((error: unknown) => {
            if (!isCancelled(error)) throw error; // gone already: a retried MarkFailed
          });
        }
        if (painted.length > 0) await deps.media.deletePictures(painted);
      }
    },

    /**
     * Not a state of the workflow: the scheduled sweep (an EventBridge rule in AWS, a timer locally). A
     * story still generating long after it started lost its execution (a restarted machine, a dropped
     * start): it is failed with the generic message and its library slot freed, like any failure. A cover
     * still pending that long lost its execution too: its job is failed and its picture slot given back, so
     * the story page stops waiting and offers "Create Hero Image".
     */
    async sweepStale(input: { startedBefore?: string }): Promise<{ failed: number; coversFailed: number }> {
      const cutoff = input.startedBefore
        ? new Date(input.startedBefore)
        : new Date(Date.now() - STALE_GENERATION_MINUTES * 60_000);
      let failed = 0;
      for (;;) {
        const stale = await stories.listStale(cutoff);
        for (const story of stale) {
          await deps.gate.leave('story', { key: keys.story(story.id), queue: story.queue });
          await stories.markFailed(story.id, FAILURE_MESSAGES.generic);
          if (story.created_by) await giveBackRateSlot(story.created_by, keys.story(story.id));
          await drafts.remove(story.id);
          failed++;
        }
        if (stale.length === 0 || failed >= 1000) break;
      }
      // One page a run: a lost cover is rare, and the sweep runs again in a few minutes.
      const covers = await stories.listStaleCoverJobs(cutoff);
      for (const job of covers) {
        await deps.gate.leave(pictureLane(job.mode), { key: imageJobKey(job), queue: job.queue });
        await stories.failImageJob(job, IMAGE_FAILURE_MESSAGES.generic);
      }
      const coversFailed = covers.length;
      if (failed + coversFailed > 0) {
        countMetric('StoryFailed', failed);
        log.warn('stale generations failed', { failed, coversFailed });
      }
      return { failed, coversFailed };
    },
  };

  /**
   * A story or picture that failed through no fault of the family's (a lost provider, the capacity it never
   * got, an error) gives back the rate-limit count it took; one an unsafe request made fail keeps it, so a
   * script cannot try unsafe requests without limit.
   */
  async function giveBackRateSlot(userId: string, key: Record<string, string>): Promise<void> {
    const slot = await stories.takeRateSlot(key);
    if (slot) await deps.rateLimits.release(userId, slot);
  }

  /** A story that fails before its turn came leaves the line (its place must not hold up the ones behind). */
  async function leaveStoryLine(storyId: string): Promise<void> {
    const story = await stories.get(storyId);
    if (story) await deps.gate.leave('story', { key: keys.story(storyId), queue: story.queue });
  }

  /** The picture types a story has no scene for yet. */
  function missingScenes(story: StoryItem): ImageType[] {
    return IMAGE_TYPES.filter((type) => !story.scenes?.[type]);
  }

  /**
   * A story's writing progress, counts only: `start` records the attempt (writing or rewriting), then
   * paragraph counts are written at most every PROGRESS_WRITE_MS, one write at a time. A lost progress
   * write is logged and forgotten: it must never fail the story.
   */
  function writingProgress(storyId: string, attempt: number, expected: number) {
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = (paragraphs: number) => {
      lastWrite = Date.now();
      writing = writing
        .then(() =>
          stories.setProgress(storyId, 'writing', { attempt, paragraphs, expected: Math.max(expected, paragraphs) }),
        )
        .catch((error: unknown) =>
          log.warn('progress not written', { storyId, error: error instanceof Error ? error.name : 'Error' }),
        );
    };
    return {
      start: () => stories.setProgress(storyId, 'writing', { attempt, paragraphs: 0, expected }),
      paragraphs: (count: number) => {
        if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) write(count);
      },
      finish: () => writing,
    };
  }

  /**
   * The cover's scene has arrived while the story is still streaming: if it passes the same checks the
   * story's scenes get (CheckStory's safety check; the provider's guardrail already checked the stream),
   * the cover is queued (its scene pinned, its slot taken) and its own execution started, so it paints
   * while the text is written. A scene that fails the checks is simply not painted early: the cover is
   * then painted after MarkReady from the saved, checked scene.
   */
  async function paintCoverEarly(story: StoryItem, userId: string, scene: string): Promise<void> {
    const band = bands[story.age_band];
    const { draftSafetyProblem } = await storyChecks();
    if (draftSafetyProblem({ title: '', excerpt: '', paragraphs: [], scenes: { cover: scene } }, band)) return;
    await stories.queueEarlyCover(story.id, scene, { job_id: COVER_JOB_ID, mode: story.generation_mode });
    // Started even when already queued (a retried attempt): the execution's name makes a second start a no-op.
    const queued = await stories.getImageJob(story.id, COVER_JOB_ID);
    if (queued?.status === 'pending') {
      await deps.workflow?.start({ storyId: story.id, userId, kind: 'image', jobId: COVER_JOB_ID });
    }
  }

  /** Draws one illustration and stores it, with its thumbnail and variants when it has them, in the media bucket. */
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
    const { isKidSafe } = await storyChecks();
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
    // The image codecs (jimp, WebP's WASM) load with the first picture, not with every task's cold start.
    const { makeSmallerPictures } = await import('./picture-variants.js');
    const smaller = await makeSmallerPictures(drawn.body, drawn.contentType);
    // A raster picture's size is what it decodes to; a vector's is what the provider drew it at.
    const size = smaller
      ? { width: smaller.width, height: smaller.height }
      : { width: drawn.width, height: drawn.height };
    const { notDrawn, ...painted } = drawn;
    const stored = await deps.media.storePicture(picture.storyId, imageId, { ...painted, ...size }, smaller);
    // What of the family's picture wish the picture could not show, for the story page to say (issue 37).
    const leftOut = notDrawn?.length ? { not_drawn: notDrawn.slice(0, MAX_NOT_DRAWN) } : {};
    return { id: imageId, story_id: picture.storyId, image_type: picture.imageType, ...stored, ...leftOut };
  }
}

export type TaskHandlers = ReturnType<typeof createTaskHandlers>;

/**
 * What a wait in line leaves in the workflow's state: a time and flags only. `waitUntil` is when the Wait
 * state asks again (about half the expected wait from now, so a place near the front is asked about often and
 * one far back rarely): a timestamp, not seconds, because a Wait state's seconds are whole and a compressed
 * evening (the peak bench) waits fractions of one. Whole seconds in production.
 */
export type LineAnswer = Readonly<{ admitted: boolean; gone?: true; waitUntil?: string }>;

function timestampIn(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000).toISOString();
  return Number.isInteger(seconds) ? at.replace(/\.\d{3}Z$/, 'Z') : at;
}

/**
 * The gate's answer as the state carries it. Work that starts counts how long it waited (the queue-age
 * alarm); work still waiting shows it is alive (the stale sweep).
 */
async function lineAnswer(
  lane: Lane,
  holder: Holder,
  admission: Admission,
  stillAlive: () => Promise<void>,
): Promise<LineAnswer> {
  if (admission.admitted) {
    const joined = holder.queue?.joined_at;
    if (holder.queue?.admitted_at === undefined) lineWaitMetric(lane, joined ? (Date.now() - joined) / 1000 : 0);
    return { admitted: true };
  }
  if ('gone' in admission) return { admitted: false, gone: true };
  await stillAlive();
  return { admitted: false, waitUntil: timestampIn(admission.waitSeconds) };
}

/**
 * An error as it may leave a task. Its message becomes the failure's `Cause`, which Step Functions keeps in
 * the execution history for 90 days and the failure handlers log, so only messages written to carry codes
 * and ids pass: a ProviderError's (its code leads, for the Retry rules and the family's message) and a
 * TaskError's. Any other message (a parser quoting the model's answer, a library echoing its input) is
 * withheld; the name stays (Step Functions matches it), with an AWS request id when there is one.
 */
export function withoutFamilyText(error: unknown): Error {
  if (error instanceof ProviderError || error instanceof TaskError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const { $metadata } = (error ?? {}) as { $metadata?: { httpStatusCode?: number; requestId?: string } };
  const request = $metadata ? ` (HTTP ${$metadata.httpStatusCode ?? '?'}, request ${$metadata.requestId ?? '?'})` : '';
  const safe = new Error(`${name}${request}: message withheld, it may quote a story or a name`);
  safe.name = name;
  return safe;
}

/** Routes a Task state's input (`{ task, ... }`) to its handler: the Lambda and the local runner both use this. */
export function createWorkflowHandler(handlers: TaskHandlers) {
  const inputSchema = z.looseObject({ task: z.string() });
  return async function handle(event: unknown): Promise<unknown> {
    try {
      const input = inputSchema.parse(event);
      const task = (handlers as Record<string, ((input: never) => Promise<unknown>) | undefined>)[input.task];
      if (!task) throw new TaskError(`Unknown workflow task: ${input.task}`);
      return (await task(input as never)) ?? null;
    } catch (error) {
      throw withoutFamilyText(error);
    }
  };
}
