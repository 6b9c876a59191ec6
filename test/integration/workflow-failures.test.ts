import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { rateLimiter } from '../../lambdas/data/repositories/rate-limits.js';
import { createLocalProvider } from '../../lambdas/workflow/providers/local.js';
import { ProviderError, type StoryProvider } from '../../lambdas/workflow/providers/types.js';
import { COVER_JOB_ID, FAILURE_MESSAGES, IMAGE_FAILURE_MESSAGES } from '../../lambdas/workflow/tasks.js';
import { workflowHarness } from '../support/workflow.js';

const {
  table,
  stories,
  tasksWith,
  workflowWith,
  familyWithReservedStory: reserveStory,
} = workflowHarness(inject('stack'));

async function familyWithReservedStory() {
  const reserved = await reserveStory();
  expect((await table.get({ PK: `USER#${reserved.userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  return reserved;
}

const local = createLocalProvider();

describe('generation failures free the library slot and lose nothing', () => {
  it('a provider that keeps failing: the story is marked failed and its slot released', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let calls = 0;
    const failing: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: async () => {
        calls++;
        throw new Error('model unavailable');
      },
    };
    await expect(workflowWith(failing).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(calls).toBe(4); // first try and three retries, as the definition says
    const story = await stories.get(storyId);
    expect(story).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.generic });
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
    expect(await table.countLibrary(userId)).toBe(0);
  });

  it('a story that never passes the band’s checks is rewritten, then fails with a kind message', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let attempts = 0;
    const tooShort: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: async () => {
        attempts++;
        return { title: 'Tiny', excerpt: 'Tiny.', paragraphs: ['Maya smiled.'], scenes: {} };
      },
    };
    await expect(workflowWith(tooShort).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(attempts).toBe(3);
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.rejected });
    expect(await table.countLibrary(userId)).toBe(0);
  });

  it('a content-filtered cover is not retried, fails only its picture job, and leaves a ready story its slot', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let paints = 0;
    const filtered: StoryProvider = {
      ...local,
      name: 'local',
      drawIllustration: async () => {
        paints++;
        throw new ProviderError('filtered twice', 'CONTENT_FILTERED');
      },
    };
    // The execution ends as a failed picture job does; the story is not failed.
    await expect(workflowWith(filtered).run({ job: { storyId, userId } })).rejects.toThrow(
      /picture could not be painted/,
    );
    expect(paints).toBe(1);
    const found = await stories.getWithImages(storyId);
    expect(found?.story).toMatchObject({ status: 'ready', image_count: 0 });
    expect(found?.story.failure_reason).toBeUndefined();
    expect(found?.images).toEqual([]);
    // The story page shows this once, with the placeholder, and the family may paint the cover again.
    expect(found?.jobs).toMatchObject([
      { job_id: COVER_JOB_ID, image_type: 'cover', status: 'failed', error: IMAGE_FAILURE_MESSAGES.filtered },
    ]);
    expect([...(found?.story.image_types ?? [])]).toEqual([]);
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
    expect(await table.countLibrary(userId)).toBe(1);
    expect(await table.get({ PK: `STORY#${storyId}`, SK: 'DRAFT' })).toBeUndefined();
  });

  it('the story is ready, with its slot, while its cover is still being painted', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let startPainting!: () => void;
    const painting = new Promise<void>((resolve) => (startPainting = resolve));
    let finishPainting!: () => void;
    const painted = new Promise<void>((resolve) => (finishPainting = resolve));
    const slowPainter: StoryProvider = {
      ...local,
      name: 'local',
      drawIllustration: async (request) => {
        startPainting();
        await painted;
        return local.drawIllustration(request);
      },
    };
    const execution = workflowWith(slowPainter).run({ job: { storyId, userId } });
    await painting;
    const whilePainting = await stories.getWithImages(storyId);
    expect(whilePainting?.story).toMatchObject({ status: 'ready', progress: 'done', image_count: 1 });
    expect(whilePainting?.story.content.length).toBeGreaterThan(200);
    expect(whilePainting?.jobs).toMatchObject([{ job_id: COVER_JOB_ID, image_type: 'cover', status: 'pending' }]);
    expect(whilePainting?.images).toEqual([]);
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);

    finishPainting();
    await execution;
    const after = await stories.getWithImages(storyId);
    expect(after?.story).toMatchObject({ status: 'ready', image_count: 1 });
    expect(after?.images.map((image) => image.image_type)).toEqual(['cover']);
    expect(after?.story.cover_image_url).toBe(after?.images[0]?.image_url);
    expect(after?.jobs).toEqual([]);
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  });
});

describe('a failure through no fault of the family’s costs them nothing', () => {
  const limiter = rateLimiter(table.documents, inject('stack').tableName);
  const hitsOf = async (userId: string, windowStart: number) =>
    Number((await table.get({ PK: `RATE#${userId}`, SK: `generate#${windowStart}` }))?.hits ?? 0);

  /** A story made as POST /api/stories makes it: its rate-limit count taken and kept on it. */
  async function countedStory() {
    const probe = await reserveStory();
    const slot = await limiter.take(probe.userId, 'generate');
    await stories.takeRateSlot({ PK: `STORY#${probe.storyId}`, SK: 'META' }); // the probe's own has none
    await table.documents.send(
      new UpdateCommand({
        TableName: inject('stack').tableName,
        Key: { PK: `STORY#${probe.storyId}`, SK: 'META' },
        UpdateExpression: 'SET rate_slot = :slot',
        ExpressionAttributeValues: { ':slot': slot.spent },
      }),
    );
    return { ...probe, windowStart: slot.spent.window_start };
  }

  it('gives the rate-limit count back when a story fails for the provider’s reasons, once however often retried', async () => {
    const { userId, storyId, windowStart } = await countedStory();
    expect(await hitsOf(userId, windowStart)).toBe(1);
    const unavailable: StoryProvider = {
      ...local,
      writeStory: () => Promise.reject(new ProviderError('the model is not served here', 'MODEL_UNAVAILABLE')),
    };
    await expect(workflowWith(unavailable).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed' });
    expect(await hitsOf(userId, windowStart)).toBe(0);
    // A second MarkFailed (a retried task) gives nothing more back.
    await tasksWith(unavailable).markFailed({
      job: { storyId, userId },
      failure: { Error: 'Provider.ModelUnavailable', Cause: '[MODEL_UNAVAILABLE] the model is not served here' },
    });
    expect(await hitsOf(userId, windowStart)).toBe(0);
  });

  it('keeps the count when the story failed because what it was asked for was unsafe', async () => {
    const { userId, storyId, windowStart } = await countedStory();
    const filtered: StoryProvider = {
      ...local,
      writeStory: () => Promise.reject(new ProviderError('stopped by the guardrail', 'CONTENT_FILTERED')),
    };
    await expect(workflowWith(filtered).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.filtered });
    expect(await hitsOf(userId, windowStart)).toBe(1);
  });
});
