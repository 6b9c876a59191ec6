import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';
import { NEW_STORY, workflowHarness } from '../support/workflow.js';
import { RATE_LIMITS } from '../../lambdas/data/repositories/rate-limits.js';

const stack = inject('stack');
const table = tableClient(stack);

async function family(ageBand: 'A' | 'B' = 'B') {
  const account = await signUp(stack, { displayName: 'Storyteller', authorName: 'Captain Story', ageBand });
  return {
    ...account,
    userId: String(decodePayload(account.accessToken).sub),
    call: apiClient(stack, account.accessToken),
  };
}

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('story generation over the API, with the local provider and the real workflow definition', () => {
  it('answers 202 at once, then the story becomes ready with its text and a cover painting', async () => {
    const { call, userId } = await family('B');
    const started = await call('/stories', post(storyChoices));
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'generating' });
    const story = await waitForStory(call, String(started.body.storyId));
    expect(story).toMatchObject({
      status: 'ready',
      heroName: 'Maya',
      characterType: 'Explorer',
      storyType: 'Adventure',
      mission: 'Treasure',
      artStyle: 'watercolor',
      ageRange: '8-10',
      sourceVersion: 'json_v1',
      isCreator: true,
      authorName: 'Captain Story',
      theme: { id: 'treasure-hunt', name: 'Treasure Hunt', emoji: '💎' },
      templateVersion: 1,
    });
    expect(String(story.title).length).toBeGreaterThan(0);
    expect(String(story.content)).toContain('Maya');
    const images = story.images as { imageType: string; imageUrl: string }[];
    expect(images.map((i) => i.imageType)).toEqual(['cover']);
    expect(story.coverImageUrl).toBe(images[0]?.imageUrl);
    // The cover is in the media bucket under the path CloudFront serves.
    const object = await fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${images[0]?.imageUrl}`);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/svg+xml');
    expect(await object.text()).toContain('<svg');
    // The library slot reserved at the start is still held.
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  });

  it('uses the family’s real age band, and refuses a name too long for band A with the SPEC message', async () => {
    const { call } = await family('A');
    const tooLong = await call('/stories', post({ ...storyChoices, heroName: 'Abcdefghijklmnop' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toBe('Name must be less than 15 characters');
    const ok = await call('/stories', post({ ...storyChoices, heroName: 'Abcdefghijklmno' }));
    expect(ok.status).toBe(202);
    expect((await waitForStory(call, String(ok.body.storyId))).ageRange).toBe('5-7');
  });

  it('refuses an incomplete request with the SPEC words, bad input with a clear message, and creates nothing', async () => {
    const { call, userId } = await family();
    const incomplete = await call('/stories', post({ heroName: 'Maya', storyType: 'Adventure' }));
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toEqual({
      code: 'INCOMPLETE_STORY',
      message: 'Please complete all steps including art style selection before generating your story.',
    });
    const unknownField = await call('/stories', post({ ...storyChoices, createdBy: 'someone-else' }));
    expect(unknownField.status).toBe(400);
    const badName = await call('/stories', post({ ...storyChoices, heroName: 'M@ya!' }));
    expect(badName.body.error?.message).toBe('Name can only contain letters, spaces, hyphens, and apostrophes');
    const unkind = await call('/stories', post({ ...storyChoices, customMissionDescription: 'find the beer' }));
    expect(unkind.status).toBe(400);
    expect(unkind.body.error?.message).toBe('Please use kid-friendly language for your description');
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count ?? 0).toBe(0);
  });

  it('makes one story from a repeated request (double click, second tab)', async () => {
    const { call, userId } = await family();
    const requestId = randomUUID();
    const [first, second] = await Promise.all([
      call('/stories', post({ ...storyChoices, requestId })),
      call('/stories', post({ ...storyChoices, requestId })),
    ]);
    expect(first.body.storyId).toBe(second.body.storyId);
    await waitForStory(call, String(first.body.storyId));
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  });

  it('never leaves more than 10 in the library: 50 parallel requests with 8 stories saved', async () => {
    const { call, userId } = await family();
    // Eight stories already in the library, written the way a generation reserves them (not through the
    // API, so the family's rate allowance is untouched).
    for (let i = 0; i < 8; i++) {
      await workflowHarness(stack).stories.createWithLibrarySlot({
        ...NEW_STORY,
        id: randomUUID(),
        created_by: userId,
      });
    }
    const results = await Promise.all(Array.from({ length: 50 }, () => call('/stories', post(storyChoices))));
    // The rate limit lets 10 through at once; those 10 race for the last 2 slots in the write itself.
    const accepted = results.filter((r) => r.status === 202);
    const full = results.filter((r) => r.status === 409);
    const limited = results.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(2);
    expect(full).toHaveLength(RATE_LIMITS.generate.limit - 2);
    expect(limited).toHaveLength(50 - RATE_LIMITS.generate.limit);
    for (const refusal of full) expect(refusal.body.error).toMatchObject({ code: 'LIBRARY_FULL', currentCount: 10 });
    await Promise.all(accepted.map((r) => waitForStory(call, String(r.body.storyId))));
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(10);
    expect(await table.countLibrary(userId)).toBe(10);
  }, 120_000);

  it("does not show a family's private story to another family", async () => {
    const owner = await family();
    const other = await family();
    const { body } = await owner.call('/stories', post(storyChoices));
    await waitForStory(owner.call, String(body.storyId));
    const peek = await other.call(`/stories/${String(body.storyId)}`);
    expect(peek.status).toBe(404);
    expect(peek.body.error?.message).toBe('Story not found');
    expect(JSON.stringify(peek.body)).not.toContain('Maya');
  });

  it('answers a status read with how far the story is made, never its text, and only to who may read it', async () => {
    const owner = await family('B');
    const other = await family('B');
    const { body } = await owner.call('/stories', post(storyChoices));
    const storyId = String(body.storyId);
    const early = await owner.call(`/stories/${storyId}/status`);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ id: storyId, failureReason: null });
    expect(['generating', 'ready']).toContain(early.body.status);

    const story = await waitForStory(owner.call, storyId);
    const done = await owner.call(`/stories/${storyId}/status`);
    expect(done.body).toEqual({
      id: storyId,
      status: 'ready',
      progress: 'done',
      writing: null, // counts only while it is written
      queue: null, // a place in line only while it waits for capacity
      failureReason: null,
      approval: null, // 'waiting' only while a grown-up's yes is awaited
      pictures: { painted: (story.images as unknown[]).length, pending: 0, failed: 0, queue: null },
      updatedAt: expect.any(String),
    });
    // The point of a status read: the screens poll it without downloading the story, so no text travels.
    const sent = JSON.stringify(done.body);
    expect(sent).not.toContain('Maya');
    expect(sent).not.toContain(story.title);

    const peek = await other.call(`/stories/${storyId}/status`);
    expect(peek.status).toBe(404);
    expect(peek.body.error?.message).toBe('Story not found');
  });
});
