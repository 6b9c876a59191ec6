import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { storyPreview } from '#common/story-layout.js';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
const put = { method: 'PUT' } as const;
const del = { method: 'DELETE' } as const;
const storyKey = (id: string) => ({ PK: `STORY#${id}`, SK: 'META' });
const libraryCount = async (userId: string) =>
  (await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count as number | undefined;
const objectStatus = async (url: string) => (await fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${url}`)).status;

/** Every item left in a story's partition (META, IMAGE#, JOB#). */
async function storyItems(storyId: string) {
  const result = await table.documents.send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `STORY#${storyId}` },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

/** Polls until no picture job of the story is pending. */
async function picturesSettled(call: ReturnType<typeof apiClient>, storyId: string) {
  for (let i = 0; i < 200; i++) {
    const { body } = await call(`/stories/${storyId}`);
    if (!(body.imageJobs as { status: string }[]).some((job) => job.status === 'pending')) {
      return body.images as { id: string; imageUrl: string; thumbnailUrl?: string }[];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('picture jobs still pending');
}

async function family() {
  const account = await signUp(stack, { displayName: 'Librarian' });
  return { userId: String(decodePayload(account.accessToken).sub), call: apiClient(stack, account.accessToken) };
}

async function newStory(call: ReturnType<typeof apiClient>) {
  const { body } = await call('/stories', post(storyChoices));
  const story = await waitForStory(call, String(body.storyId));
  return story as { id: string; content: string; images: { imageUrl: string }[] };
}

describe('the capped personal library', () => {
  it('lists saved stories newest first with their card fields; a generated story is saved already', async () => {
    const { call } = await family();
    const first = await newStory(call);
    const second = await newStory(call);
    const { status, body } = await call('/library');
    expect(status).toBe(200);
    const stories = body.stories as { id: string; preview: string; isCreator: boolean }[];
    expect(stories.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(stories.map((s) => s.preview)).toEqual([storyPreview(second.content), storyPreview(first.content)]);
    expect(stories[0]?.isCreator).toBe(true);
  });

  it("saves and unsaves someone else's featured story, which stays intact for everyone", async () => {
    const owner = await family();
    const reader = await family();
    const story = await newStory(owner.call);
    expect((await reader.call(`/library/${story.id}`, { method: 'PUT' })).status).toBe(404); // private
    await table.set({ PK: `STORY#${story.id}`, SK: 'META' }, { is_featured: true });
    expect((await reader.call(`/library/${story.id}`, { method: 'PUT' })).status).toBe(200);
    expect(((await reader.call('/library')).body.stories as { id: string }[]).map((s) => s.id)).toEqual([story.id]);
    const removed = await reader.call(`/library/${story.id}`, { method: 'DELETE' });
    expect(removed.body).toEqual({ removed: story.id, deleted: false });
    expect((await owner.call(`/stories/${story.id}`)).status).toBe(200);
    expect((await table.get({ PK: `USER#${reader.userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
  });

  it('removing a story you created deletes it with its pictures and their objects', async () => {
    const { call, userId } = await family();
    const story = await newStory(call);
    const objectUrl = `${stack.s3Endpoint}/${stack.mediaBucket}${story.images[0]?.imageUrl}`;
    expect((await fetch(objectUrl)).status).toBe(200);
    const removed = await call(`/library/${story.id}`, { method: 'DELETE' });
    expect(removed.body).toEqual({ removed: story.id, deleted: true });
    expect((await call(`/stories/${story.id}`)).status).toBe(404);
    expect((await fetch(objectUrl)).status).toBe(404);
    expect(await table.get({ PK: `STORY#${story.id}`, SK: 'META' })).toBeUndefined();
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
  });

  it('never holds more than 10: 12 parallel saves leave exactly 10 and refuse 2', async () => {
    const owners = [await family(), await family()];
    const stories: { id: string }[] = [];
    for (let i = 0; i < 12; i++)
      stories.push(await newStory((i < 10 ? owners[0] : owners[1])?.call ?? apiClient(stack)));
    for (const s of stories) await table.set({ PK: `STORY#${s.id}`, SK: 'META' }, { is_public: true });
    const reader = await family();
    const results = await Promise.all(stories.map((s) => reader.call(`/library/${s.id}`, { method: 'PUT' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'LIBRARY_FULL', currentCount: 10 });
    expect((await table.get({ PK: `USER#${reader.userId}`, SK: 'PROFILE' }))?.library_count).toBe(10);
    expect(await table.countLibrary(reader.userId)).toBe(10);
  }, 60_000);
  it('saving is idempotent and unsaving twice answers not found; the count follows', async () => {
    const owner = await family();
    const reader = await family();
    const story = await newStory(owner.call);
    await table.set(storyKey(story.id), { is_public: true });
    expect((await reader.call(`/library/${story.id}`, put)).body).toEqual({ saved: true, created: true });
    expect((await reader.call(`/library/${story.id}`, put)).body).toEqual({ saved: true, created: false });
    expect(await libraryCount(reader.userId)).toBe(1);
    expect((await reader.call(`/library/${story.id}`, del)).body).toEqual({ removed: story.id, deleted: false });
    expect((await reader.call(`/library/${story.id}`, del)).status).toBe(404);
    expect(await libraryCount(reader.userId)).toBe(0);
    expect((await reader.call('/library')).body).toEqual({ stories: [], count: 0 });
  });

  it('GET and PATCH /api/stories/{id} say whether the caller has the story in their library', async () => {
    const owner = await family();
    const reader = await family();
    const story = await newStory(owner.call);
    expect((await owner.call(`/stories/${story.id}`)).body.inLibrary).toBe(true);
    const patched = await owner.call(`/stories/${story.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'A Kite for Maya' }),
    });
    expect((patched.body.story as { inLibrary: boolean }).inLibrary).toBe(true);

    await table.set(storyKey(story.id), { is_featured: true });
    expect((await reader.call(`/stories/${story.id}`)).body.inLibrary).toBe(false);
    await reader.call(`/library/${story.id}`, put);
    expect((await reader.call(`/stories/${story.id}`)).body.inLibrary).toBe(true);
    expect((await owner.call(`/stories/${story.id}`)).body.inLibrary).toBe(true); // each family its own answer
    await reader.call(`/library/${story.id}`, del);
    expect((await reader.call(`/stories/${story.id}`)).body.inLibrary).toBe(false);
  });

  it('refuses a save at 10 with LIBRARY_FULL and the count, and takes it once a slot is free', async () => {
    const owners = [await family(), await family()]; // a family's own stories fill its library too
    const reader = await family();
    const stories: { id: string }[] = [];
    for (let i = 0; i < 11; i++)
      stories.push(await newStory((i < 10 ? owners[0] : owners[1])?.call ?? apiClient(stack)));
    for (const s of stories) await table.set(storyKey(s.id), { is_public: true });
    for (const s of stories.slice(0, 10)) expect((await reader.call(`/library/${s.id}`, put)).status).toBe(200);
    const refused = await reader.call(`/library/${stories[10]?.id}`, put);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'LIBRARY_FULL', currentCount: 10 });
    expect((await reader.call(`/library/${stories[0]?.id}`, del)).status).toBe(200);
    expect((await reader.call(`/library/${stories[10]?.id}`, put)).status).toBe(200);
    const listed = (await reader.call('/library')).body.stories as { id: string }[];
    expect(listed).toHaveLength(10);
    expect(listed[0]?.id).toBe(stories[10]?.id); // newest saved first
  }, 60_000);

  it('removing your own story deletes every item of it, every picture object, and frees the slot', async () => {
    const { call, userId } = await family();
    const story = await newStory(call);
    expect((await call(`/stories/${story.id}/images`, post({ mode: 'express' }))).status).toBe(202);
    const images = await picturesSettled(call, story.id);
    expect(images).toHaveLength(2);
    const urls = images.flatMap((image) => [image.imageUrl, image.thumbnailUrl ?? image.imageUrl]);
    for (const url of urls) expect(await objectStatus(url)).toBe(200);
    expect((await storyItems(story.id)).length).toBeGreaterThanOrEqual(3);

    expect((await call(`/library/${story.id}`, del)).body).toEqual({ removed: story.id, deleted: true });
    expect(await storyItems(story.id)).toEqual([]);
    for (const url of urls) expect(await objectStatus(url)).toBe(404);
    expect(await libraryCount(userId)).toBe(0);
    expect(await table.countLibrary(userId)).toBe(0);
    expect((await call(`/stories/${story.id}`)).status).toBe(404);
  });

  it('will not delete your own story while it is still being made', async () => {
    const { call } = await family();
    const story = await newStory(call);
    await table.set(storyKey(story.id), { status: 'generating' });
    const refused = await call(`/library/${story.id}`, del);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('STORY_GENERATING');
    expect(await table.get(storyKey(story.id))).toBeDefined();
    const card = ((await call('/library')).body.stories as { id: string; status: string }[])[0];
    expect(card).toMatchObject({ id: story.id, status: 'generating' });
  });

  it('frees the slot of a saved story that its creator deleted or that is no longer shared', async () => {
    const owner = await family();
    const reader = await family();
    const deleted = await newStory(owner.call);
    const unshared = await newStory(owner.call);
    const kept = await newStory(owner.call);
    for (const s of [deleted, unshared, kept]) {
      await table.set(storyKey(s.id), { is_featured: true });
      expect((await reader.call(`/library/${s.id}`, put)).status).toBe(200);
    }
    expect(await libraryCount(reader.userId)).toBe(3);

    expect((await owner.call(`/library/${deleted.id}`, del)).body).toMatchObject({ deleted: true });
    await table.set(storyKey(unshared.id), { is_featured: false });
    const { body } = await reader.call('/library');
    expect((body.stories as { id: string }[]).map((s) => s.id)).toEqual([kept.id]);
    expect(body.count).toBe(1);
    expect(await libraryCount(reader.userId)).toBe(1);
    expect(await table.countLibrary(reader.userId)).toBe(1);
    // The owner's copy of the unshared story is untouched.
    expect((await owner.call(`/stories/${unshared.id}`)).body.inLibrary).toBe(true);
  });
});
