import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { executionName, type WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { createProvider } from '../../lambdas/workflow/dependencies.js';
import { ProviderError, type StoryProvider } from '../../lambdas/workflow/providers/types.js';
import { FAILURE_MESSAGES, IMAGE_FAILURE_MESSAGES } from '../../lambdas/workflow/tasks.js';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { startBedrockApi } from '../support/bedrock-api.js';
import { workflowHarness } from '../support/workflow.js';

/**
 * The streamed story (issue 17): the answer's cover scene comes first, and the cover paints in its own
 * execution, started while the text is still streaming; the other scenes are described once it is readable. Through the real SDK against the Bedrock twin.
 */
const stack = inject('stack');
const { table, stories, workflowWith, familyWithReservedStory } = workflowHarness(stack);
const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });

type Status = {
  status: string;
  progress: string;
  writing: { attempt: number; paragraphs: number; expectedParagraphs: number } | null;
  pictures: { painted: number; pending: number; failed: number };
};

describe('a streamed story on the twin’s public-figure timings', () => {
  let slow: Awaited<ReturnType<typeof startBedrockApi>>;
  beforeAll(async () => {
    slow = await startBedrockApi(stack, { latency: 'public' });
  });
  afterAll(() => slow.stop());

  it('paints the cover while the text streams, shows counts (never text) while writing, and is readable once saved', async () => {
    const account = await signUp(stack, { displayName: 'Stream Family' });
    const call = apiClient(slow.context, account.accessToken);
    const requested = Date.now();
    const { body } = await call('/stories', post({ ...storyChoices, heroName: 'Quillonna' }));
    const storyId = String(body.storyId);

    const reads: Status[] = [];
    let readableAt = 0;
    for (let i = 0; i < 300 && !readableAt; i++) {
      const read = await call(`/stories/${storyId}/status`);
      reads.push(read.body as Status);
      if ((read.body as Status).status !== 'generating') readableAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const story = await waitForStory(call, storyId, 30_000);
    await slow.idle();

    // Honest progress: paragraph counts grew while it was written, with the band's "about" count.
    const counts = reads.flatMap((read) => (read.writing ? [read.writing] : []));
    expect(counts.some((count) => count.paragraphs > 0)).toBe(true);
    expect(counts.every((count) => count.attempt === 1 && count.expectedParagraphs >= 1)).toBe(true);
    const seen = counts.map((count) => count.paragraphs);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // The cover was being painted while the story was still being written.
    expect(reads.some((read) => read.status === 'generating' && read.pictures.pending === 1)).toBe(true);
    // No status read carried a word of the story or the hero's name.
    const statusText = JSON.stringify(reads);
    expect(statusText).not.toContain('Quillonna');
    expect(statusText).not.toContain(String(story.title));

    const calls = slow.twin.calls();
    const text = calls.find((c) => c.operation === 'converseStream');
    const cover = calls.find((c) => c.operation === 'invoke');
    expect(cover && text && cover.startedAt < text.endedAt).toBe(true);
    expect(story.status).toBe('ready');
    expect((story.images as { imageType: string }[]).map((image) => image.imageType)).toEqual(['cover']);
    expect(readableAt - requested).toBeLessThan(30_000);
    // The answer held the cover's scene only; the other four were described from the saved text afterwards.
    const describe = calls.find((c) => c.operation === 'converse');
    expect(describe && text && describe.startedAt >= text.endedAt).toBe(true);
    const saved = await stories.get(storyId);
    expect(Object.keys(saved?.scenes ?? {}).sort()).toEqual(['climax', 'cover', 'early-scene', 'ending', 'mid-scene']);
  }, 60_000);
});

describe('a streamed story: rewrites, filtered covers and failures keep their slots right', () => {
  let bedrock: Awaited<ReturnType<typeof startBedrockApi>>;
  beforeAll(async () => {
    bedrock = await startBedrockApi(stack);
  });
  afterAll(() => bedrock.stop());

  /** Runs one story with `provider`, starting (and awaiting) the cover executions its WriteStory starts. */
  async function runStreamed(provider: StoryProvider) {
    const { userId, storyId } = await familyWithReservedStory(new Date());
    const covers: Promise<unknown>[] = [];
    // As Step Functions does, a second start under an execution's name is a no-op (a rewrite's stream
    // meets the pinned cover again while its execution may still be painting).
    const started = new Set<string>();
    const starter: WorkflowStarter = {
      start: async (job) => {
        if (started.has(executionName(job))) return;
        started.add(executionName(job));
        covers.push(
          workflowWith(provider, undefined, starter)
            .run({ job })
            .catch(() => 'failed'),
        );
      },
    };
    const outcome = await workflowWith(provider, undefined, starter)
      .run({ job: { storyId, userId } })
      .then(
        () => 'succeeded',
        () => 'failed',
      );
    await Promise.all(covers);
    const found = await stories.getWithImages(storyId);
    const profile = await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' });
    return { storyId, outcome, covers: covers.length, found, libraryCount: profile?.library_count };
  }

  /** The twin's provider, with each attempt's draft changed by `edit` after it streamed. */
  const editing = (
    edit: (attempt: number, draft: Awaited<ReturnType<StoryProvider['writeStory']>>) => typeof draft,
  ) => {
    const real = createProvider(bedrock.config);
    return {
      ...real,
      writeStory: async (request, progress) => edit(request.attempt, await real.writeStory(request, progress)),
    } satisfies StoryProvider;
  };

  it('a rewrite keeps the cover that started painting: one picture, its scene saved as the cover scene', async () => {
    bedrock.twin.reset();
    let firstCover = '';
    const provider = editing((attempt, draft) => {
      if (attempt === 1) {
        firstCover = draft.scenes.cover ?? '';
        return { ...draft, paragraphs: ['Too short.'] }; // fails the band's length: rewritten
      }
      return { ...draft, scenes: { ...draft.scenes, cover: 'A different cover the rewrite describes' } };
    });
    const { outcome, covers, found } = await runStreamed(provider);
    expect(outcome).toBe('succeeded');
    expect(covers).toBe(1);
    expect(found?.story.status).toBe('ready');
    expect(found?.story.scenes?.cover).toBe(firstCover);
    expect(found?.images.map((image) => image.image_type)).toEqual(['cover']);
    expect(found?.story.image_count).toBe(1);
    expect(bedrock.twin.calls().filter((c) => c.operation === 'invoke')).toHaveLength(1);
  });

  it('the later scenes are described once the story is ready: unsafe ones left out, a failure leaves the story ready', async () => {
    bedrock.twin.reset();
    const real = createProvider(bedrock.config);
    const unsafe: StoryProvider = {
      ...real,
      describeScenes: async () => ({ 'early-scene': 'A dragon covered in blood', climax: 'Mia hugs the moon' }),
    };
    const described = await runStreamed(unsafe);
    expect(described.outcome).toBe('succeeded');
    expect(described.found?.story.status).toBe('ready');
    const scenes = described.found?.story.scenes ?? {};
    expect(Object.keys(scenes).sort()).toEqual(['climax', 'cover']);
    expect(scenes.climax).toBe('Mia hugs the moon');
    // Adding scenes never overwrites one already there (an admin's edit), and leaves a missing story alone.
    const storyId = described.storyId;
    expect(await stories.addScenes(storyId, { climax: 'Another climax', ending: 'Mia waves' })).toBe(true);
    expect((await stories.get(storyId))?.scenes).toMatchObject({ climax: 'Mia hugs the moon', ending: 'Mia waves' });
    expect(await stories.addScenes('no-such-story', { ending: 'Mia waves' })).toBe(false);
    expect(await stories.get('no-such-story')).toBeUndefined();

    const failing: StoryProvider = {
      ...real,
      describeScenes: () => Promise.reject(new ProviderError('The scene answer could not be read', 'INVALID_RESPONSE')),
    };
    const failed = await runStreamed(failing);
    expect(failed.outcome).toBe('succeeded');
    expect(failed.found?.story.status).toBe('ready');
    expect(Object.keys(failed.found?.story.scenes ?? {})).toEqual(['cover']);
    expect(failed.found?.images.map((image) => image.image_type)).toEqual(['cover']);
    expect(failed.libraryCount).toBe(1);
  });

  it('a filtered early cover fails only its job: the story is ready and keeps its slot, the picture slot is free', async () => {
    bedrock.twin.reset();
    bedrock.twin.script({ invoke: ['filter', 'filter'] });
    const { outcome, found, libraryCount } = await runStreamed(createProvider(bedrock.config));
    expect(outcome).toBe('succeeded');
    expect(found?.story.status).toBe('ready');
    expect(found?.jobs).toMatchObject([{ job_id: 'cover', status: 'failed', error: IMAGE_FAILURE_MESSAGES.filtered }]);
    expect(found?.images).toEqual([]);
    expect(found?.story.image_count).toBe(0);
    expect(libraryCount).toBe(1);
    // Painted by its own execution only: MarkReady queued no second cover.
    expect(bedrock.twin.calls().filter((c) => c.operation === 'invoke')).toHaveLength(2);
  });

  it('a story that fails after its cover started gives both slots back and keeps no picture, whichever ends first', async () => {
    for (const throttles of [0, 3]) {
      bedrock.twin.reset();
      // Painted at once, or throttled for a while; meanwhile every draft fails the band's checks.
      bedrock.twin.script({ invoke: Array<'throttle'>(throttles).fill('throttle') });
      const { outcome, found, libraryCount } = await runStreamed(
        editing((_attempt, draft) => ({ ...draft, paragraphs: ['Too short.'] })),
      );
      expect(outcome).toBe('failed');
      expect(found?.story).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.rejected });
      expect(found?.jobs.filter((job) => job.status === 'pending')).toEqual([]);
      expect(found?.images).toEqual([]);
      expect(found?.story.image_count).toBe(0);
      expect(found?.story.cover_image_url).toBeUndefined();
      expect(libraryCount).toBe(0);
    }
  }, 30_000);

  it('the sequential path (BEDROCK_STREAM=false) still works: whole answer, then the cover after MarkReady', async () => {
    const sequential = await startBedrockApi(stack, { stream: false });
    try {
      const { outcome, covers, found } = await runStreamed(createProvider(sequential.config));
      expect(outcome).toBe('succeeded');
      expect(covers).toBe(0);
      expect(found?.images.map((image) => image.image_type)).toEqual(['cover']);
      expect(sequential.twin.calls().map((c) => c.operation)).toEqual(['converse', 'applyGuardrail', 'invoke']);
    } finally {
      await sequential.stop();
    }
  });
});
