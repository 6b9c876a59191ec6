import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSignedInUser, signIn, signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

/** Issue 13 §8: forged cursors, prototype ids, parallel pictures and repeated submissions. */
const stack = inject('stack');
const table = tableClient(stack);
const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

let adminCall: ReturnType<typeof apiClient>;
beforeAll(async () => {
  adminCall = apiClient(stack, (await signIn(stack, stack.admin.email, stack.admin.password)).accessToken);
});

describe('forged page cursors', () => {
  const forged = {
    users: [
      { PK: 'USER#x', SK: 'PROFILE', entity_pk: 'PROFILE', created_at: '' },
      { PK: 'USER#', SK: 'PROFILE', entity_pk: 'PROFILE', created_at: '2026-01-01T00:00:00.000Z' },
      { PK: 'USER#x', SK: 'PROFILE', entity_pk: 'PROFILE', created_at: 'yesterday' },
      { PK: 'USER#x', SK: 'PROFILE', entity_pk: 'PROFILE', created_at: 2 },
    ],
    stories: [
      { PK: 'STORY#x', SK: 'META', entity_pk: 'STORY', created_at: '' },
      { PK: 'STORY#x', SK: 'META', entity_pk: 'STORY', created_at: '\u0000' },
      { PK: 'STORY#', SK: 'META', entity_pk: 'STORY', created_at: '2026-01-01T00:00:00.000Z' },
    ],
  };

  it('answers every forged cursor of every list with a clear 400', async () => {
    for (const [list, cursors] of Object.entries(forged)) {
      for (const key of cursors) {
        const answer = await adminCall(`/admin/${list}?cursor=${cursorOf(key)}`);
        expect(answer, `${list} ${JSON.stringify(key)}`).toEqual({
          status: 400,
          body: { error: { code: 'INVALID_CURSOR', message: 'Invalid page cursor' } },
        });
      }
    }
  });

  it('still pages with a well-formed cursor that names no row', async () => {
    const key = { PK: 'USER#nobody', SK: 'PROFILE', entity_pk: 'PROFILE', created_at: '2000-01-01T00:00:00.000Z' };
    expect((await adminCall(`/admin/users?cursor=${cursorOf(key)}`)).status).toBe(200);
  });
});

describe('choice ids are looked up among their own options only', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'writes a ready story when the writing style is %s (the band picks one)',
    async (writingStyle) => {
      const family = await createSignedInUser(stack);
      const call = apiClient(stack, family.accessToken);
      const created = await call('/stories', post({ ...storyChoices, writingStyle, requestId: crypto.randomUUID() }));
      expect(created.status).toBe(202);
      const storyId = String(created.body.storyId);
      expect((await waitForStory(call, storyId)).status).toBe('ready');
      const stored = await table.get({ PK: `STORY#${storyId}`, SK: 'META' });
      expect(stored?.writing_style).toEqual(expect.stringMatching(/^[a-z][a-z_-]+$/));
      expect(stored?.writing_style).not.toBe(writingStyle);
    },
  );
});

describe('a repeated submission', () => {
  it('spends no rate-limit slot, however often it is repeated, in turn or at once', async () => {
    const family = await createSignedInUser(stack);
    const id = String(decodePayload(family.accessToken).sub);
    const call = apiClient(stack, family.accessToken);
    const body = { ...storyChoices, requestId: crypto.randomUUID() };
    const hits = async () => {
      const page = await table.documents.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `RATE#${id}` },
          ConsistentRead: true,
        }),
      );
      return (page.Items ?? []).reduce((sum, item) => sum + Number(item.hits), 0);
    };
    const first = await call('/stories', post(body));
    expect(first.status).toBe(202);
    expect(await hits()).toBe(1);
    for (let i = 0; i < 12; i++) expect((await call('/stories', post(body))).body.storyId).toBe(first.body.storyId);
    const together = await Promise.all(Array.from({ length: 8 }, () => call('/stories', post(body))));
    expect(new Set(together.map((a) => a.body.storyId))).toEqual(new Set([first.body.storyId]));
    expect(await hits()).toBe(1);
    await waitForStory(call, String(first.body.storyId));
  });
});

describe('parallel picture requests', () => {
  it('give pictures of distinct types, never two of one, and only up to the cap', async () => {
    const family = await signUp(stack, { displayName: 'Painter' });
    const call = apiClient(stack, family.accessToken);
    const created = await call('/stories', post({ ...storyChoices, requestId: crypto.randomUUID() }));
    const storyId = String(created.body.storyId);
    await waitForStory(call, storyId);

    const answers = await Promise.all(Array.from({ length: 20 }, () => call(`/stories/${storyId}/images`, post())));
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(2); // the cover holds the first of the 3 slots
    expect(new Set(accepted.map((a) => a.body.imageType))).toEqual(new Set(['early-scene', 'mid-scene']));
    for (const refused of answers.filter((a) => a.status !== 202)) {
      expect(refused).toMatchObject({ status: 409, body: { error: { message: 'Maximum 3 images per story' } } });
    }

    for (let i = 0; i < 200; i++) {
      const { body } = await call(`/stories/${storyId}`);
      if (!(body.imageJobs as { status: string }[]).some((job) => job.status === 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { body } = await call(`/stories/${storyId}`);
    const types = (body.images as { imageType: string }[]).map((image) => image.imageType);
    expect(types.sort()).toEqual(['cover', 'early-scene', 'mid-scene']);
    // The export lays pictures out by type: every one of them is in it.
    const exported = await call(`/stories/${storyId}/export`);
    expect(String(exported.body.html).match(/src="data:image/g)).toHaveLength(3);

    // A deleted picture frees its type for the next request.
    const early = (body.images as { id: string; imageType: string }[]).find((i) => i.imageType === 'early-scene');
    expect((await call(`/stories/${storyId}/images/${early?.id}`, { method: 'DELETE' })).status).toBe(200);
    const again = await call(`/stories/${storyId}/images`, post());
    expect(again).toMatchObject({ status: 202, body: { imageType: 'early-scene' } });
  });
});
