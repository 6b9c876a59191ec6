import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '../../lambdas/use-cases/errors.js';
import { RATE_LIMITS, rateLimiter } from '../../lambdas/data/repositories/rate-limits.js';
import { MAX_BODY_BYTES } from '../../lambdas/api/app.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);

describe('per-family rate limits', () => {
  it('refuses the generation after the allowance with the SPEC message, Retry-After, and no story made', async () => {
    const family = await signUp(stack, { displayName: 'Busy Family' });
    const call = apiClient(stack, family.accessToken);
    const { limit, windowSeconds } = RATE_LIMITS.generate;
    // Start well inside one window, so the allowance cannot renew half-way through the test.
    const left = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
    if (left < 30) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
    const generate = () =>
      call('/stories', { method: 'POST', body: JSON.stringify({ ...storyChoices, requestId: crypto.randomUUID() }) });
    const answers = await Promise.all(Array.from({ length: limit }, generate));
    expect(answers.map((a) => a.status)).toEqual(Array(limit).fill(202));
    for (const answer of answers) await waitForStory(call, String(answer.body.storyId));
    // The library is full now too; the rate limit answers first, so nothing is reserved or started.
    const refused = await fetch(`${stack.apiUrl}/api/stories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${family.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...storyChoices, requestId: crypto.randomUUID() }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: RATE_LIMIT_MESSAGE,
    });
    expect(RATE_LIMIT_MESSAGE).toBe('Too many requests. Please wait a moment and try again.');
  }, 60_000);

  it('spends no picture slot on a picture request refused for access or validation', async () => {
    const family = await signUp(stack, { displayName: 'Full Pages' });
    const userId = String(decodePayload(family.accessToken).sub);
    const call = apiClient(stack, family.accessToken);
    const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });
    const newStory = async (caller: typeof call) => {
      const { body } = await caller('/stories', { method: 'POST', body: JSON.stringify(storyChoices) });
      return String((await waitForStory(caller, String(body.storyId))).id);
    };
    const storyId = await newStory(call);
    const othersStory = await newStory(apiClient(stack, (await signUp(stack, { displayName: 'Others' })).accessToken));
    const pictureHits = async () => {
      const page = await table.documents.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :image)',
          ExpressionAttributeValues: { ':pk': `RATE#${userId}`, ':image': 'image#' },
          ConsistentRead: true,
        }),
      );
      return (page.Items ?? []).reduce((sum, item) => sum + Number(item.hits), 0);
    };
    // The cover holds the first of the story's 3 pictures: two more fill it, each spending its slot.
    for (let i = 0; i < 2; i++) expect((await post(`/stories/${storyId}/images`, {})).status).toBe(202);
    expect(await pictureHits()).toBe(2);

    const refusals: [string, unknown, number][] = [
      [`/stories/${storyId}/images`, {}, 409],
      [`/stories/${storyId}/images`, { mode: 'express' }, 409],
      [`/stories/${storyId}/images`, { customizations: 'a castle' }, 409],
      [`/stories/${othersStory}/images`, {}, 404],
      [`/stories/${storyId}/images`, { mode: 'fastest' }, 400],
      [`/stories/${storyId}/images`, { customizations: 'a bloody knife and a kill' }, 400],
      [`/stories/${storyId}/images/${crypto.randomUUID()}/regenerate`, {}, 404],
    ];
    for (const [path, body, status] of refusals) {
      const refused = await post(path, body);
      expect(refused.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`).toBe(status);
    }
    expect(await pictureHits()).toBe(2);
  }, 60_000);

  it('never lets parallel calls past the allowance (the check and the count are one write)', async () => {
    const limiter = rateLimiter(table.documents, stack.tableName);
    const userId = `racer-${crypto.randomUUID()}`;
    const now = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => limiter.take(userId, 'generate', now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RATE_LIMITS.generate.limit);
    // A new window starts afresh.
    const later = now + RATE_LIMITS.generate.windowSeconds * 1000;
    await expect(limiter.take(userId, 'generate', later)).resolves.toHaveProperty('release');
  });
});

describe('request limits and origins', () => {
  it('refuses an oversized body unread with 413 and a clear message', async () => {
    const family = await signUp(stack, { displayName: 'Big Talker' });
    const answer = await apiClient(stack, family.accessToken)('/feedback', {
      method: 'POST',
      body: JSON.stringify({ kind: 'idea', message: 'x'.repeat(MAX_BODY_BYTES + 1) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({ code: 'BODY_TOO_LARGE', message: 'The request is too large.' });
  });

  it('gives a foreign origin no CORS permission, for a preflight or a plain request', async () => {
    const preflight = await fetch(`${stack.apiUrl}/api/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${stack.apiUrl}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends the usual security headers on API answers', async () => {
    const answer = await fetch(`${stack.apiUrl}/api/health`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('strict-transport-security')).toContain('max-age');
  });
});
