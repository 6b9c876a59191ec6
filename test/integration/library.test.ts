import { describe, expect, inject, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

async function family() {
  const account = await signUp(stack, { displayName: 'Librarian' });
  return { userId: String(decodePayload(account.accessToken).sub), call: apiClient(stack, account.accessToken) };
}

async function newStory(call: ReturnType<typeof apiClient>) {
  const { body } = await call('/stories', post(storyChoices));
  const story = await waitForStory(call, String(body.storyId));
  return story as { id: string; images: { imageUrl: string }[] };
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
    expect(stories[0]?.preview.length).toBeLessThanOrEqual(121);
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
});
