import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, inject, it } from 'vitest';
import { narrationParts, partText, storyWords, type NarrationPartView } from '#common/narration.js';
import { storyParagraphs } from '#common/story-layout.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { NO_CDN } from '../../lambdas/adapters/media-cdn.js';
import { mediaStore } from '../../lambdas/adapters/media.js';
import { localNarrator } from '../../lambdas/adapters/narration/local-narrator.js';
import type { Narrator } from '../../lambdas/adapters/narration/narrator.js';
import { pollyConnectionOf, pollyNarrator } from '../../lambdas/adapters/narration/polly-narrator.js';
import { narrationClaims } from '../../lambdas/data/repositories/narration-claims.js';
import { RATE_LIMITS, rateLimiter } from '../../lambdas/data/repositories/rate-limits.js';
import { storyRepository } from '../../lambdas/data/repositories/stories.js';
import { storyAccess } from '../../lambdas/use-cases/stories/access.js';
import { narrationUseCases } from '../../lambdas/use-cases/stories/narrate-story.js';
import { signUp } from '../support/accounts.js';
import { apiClient, mediaObjectStatus, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';

const stack = inject('stack');
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

async function readyStory() {
  const account = await signUp(stack, { displayName: 'Reader' });
  const call = apiClient(stack, account.accessToken);
  const { body } = await call('/stories', send('POST', storyChoices));
  const storyId = String(body.storyId);
  const story = (await waitForStory(call, storyId)) as { content: string };
  return { call, storyId, content: story.content, userId: subOf(account.accessToken) };
}

const mediaBytes = async (url: string) =>
  new Uint8Array(await (await fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${url}`)).arrayBuffer());

/** The words of a part, as the story page shows them. */
function wordsOfPart(content: string, part: Pick<NarrationPartView, 'firstWord' | 'times'>) {
  const paragraphs = storyParagraphs(content);
  return storyWords(content)
    .slice(part.firstWord, part.firstWord + part.times.length)
    .map((word) => paragraphs[word.paragraph]?.slice(word.from, word.to));
}

describe('"Read to me" through the API (the local speech engine)', () => {
  it('reads a story part by part: real sound, a time for every word of the part, the whole story covered', async () => {
    const { call, storyId, content } = await readyStory();
    const first = await call(`/stories/${storyId}/narration/0`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const part = first.body as unknown as NarrationPartView;
    const parts = narrationParts(storyParagraphs(content));
    expect(part.partCount).toBe(parts.length);
    expect(part.firstWord).toBe(0);
    expect(part.times).toHaveLength(parts[0]?.wordCount ?? -1);
    expect(part.times).toEqual([...part.times].sort((a, b) => a - b));
    expect(part.times.at(-1)).toBeGreaterThan(part.times.length * 100); // spoken, not all at once
    expect(part.audioUrl).toMatch(new RegExp(`^/media/stories/${storyId}/narration/[0-9a-f]+/0\\.wav$`));
    const wav = await mediaBytes(part.audioUrl);
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe('RIFF');
    const seconds = (wav.length - 44) / 2 / 22050;
    expect(seconds * 1000).toBeGreaterThan(part.times.at(-1) ?? Infinity);

    let covered = part.times.length;
    for (let index = 1; index < part.partCount; index += 1) {
      const next = (await call(`/stories/${storyId}/narration/${index}`)).body as unknown as NarrationPartView;
      expect(next.firstWord).toBe(covered);
      expect(next.version).toBe(part.version);
      covered += next.times.length;
    }
    expect(covered).toBe(storyWords(content).length);
    const past = await call(`/stories/${storyId}/narration/${part.partCount}`);
    expect(past.status).toBe(404);
    expect(past.body.error?.code).toBe('NARRATION_PART_NOT_FOUND');
    expect((await call(`/stories/${storyId}/narration/first`)).status).toBe(400);
  });

  it('reads a replay from the media bucket: same sound, no new synthesis, no rate-limit slot', async () => {
    const { call, storyId, userId } = await readyStory();
    const first = (await call(`/stories/${storyId}/narration/0`)).body as unknown as NarrationPartView;
    const table = tableClient(stack);
    const { windowSeconds } = RATE_LIMITS.narrate;
    const now = Math.floor(Date.now() / 1000);
    const window = { PK: `RATE#${userId}`, SK: `narrate#${now - (now % windowSeconds)}` };
    const hits = (await table.get(window))?.hits;
    const again = (await call(`/stories/${storyId}/narration/0`)).body as unknown as NarrationPartView;
    expect(again).toEqual(first);
    expect((await table.get(window))?.hits).toBe(hits);
  });

  it('refuses a story the caller may not read, as if it did not exist; reads it once it is public', async () => {
    const { storyId } = await readyStory();
    const other = apiClient(stack, (await signUp(stack, { displayName: 'Neighbour' })).accessToken);
    const refused = await other(`/stories/${storyId}/narration/0`);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('STORY_NOT_FOUND');
    // A visitor without an account learns nothing either (issue 36: only an open share link lets one in).
    expect((await apiClient(stack)(`/stories/${storyId}/narration/0`)).status).toBe(404);
    await tableClient(stack).set({ PK: `STORY#${storyId}`, SK: 'META' }, { is_public: true });
    expect((await other(`/stories/${storyId}/narration/0`)).status).toBe(200);
    // Admin's public flag is for signed-in families (SPEC): still nothing for a visitor.
    expect((await apiClient(stack)(`/stories/${storyId}/narration/0`)).status).toBe(404);
  });

  it("limits a family's new narration per window like pictures, while stored parts still play", async () => {
    const { call, storyId, userId } = await readyStory();
    expect((await call(`/stories/${storyId}/narration/0`)).status).toBe(200);
    const { windowSeconds, limit } = RATE_LIMITS.narrate;
    const now = Math.floor(Date.now() / 1000);
    await tableClient(stack).set(
      { PK: `RATE#${userId}`, SK: `narrate#${now - (now % windowSeconds)}` },
      { hits: limit, expires_at: now + windowSeconds * 2 },
    );
    const limited = await call(`/stories/${storyId}/narration/1`);
    expect(limited.status).toBe(429);
    expect((await call(`/stories/${storyId}/narration/0`)).status).toBe(200);
  });

  it('voices a part once however many ask at once: ten parallel requests, one synthesis (issue 34)', async () => {
    const { call, storyId, userId } = await readyStory();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/stories/${storyId}/narration/1`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((a) => (a.body as unknown as NarrationPartView).audioUrl)).size).toBe(1);
    // One narrate slot taken: one part voiced.
    const { windowSeconds } = RATE_LIMITS.narrate;
    const now = Math.floor(Date.now() / 1000);
    const window = await tableClient(stack).get({ PK: `RATE#${userId}`, SK: `narrate#${now - (now % windowSeconds)}` });
    expect(window?.hits).toBe(1);
  });

  it('counts the characters voiced for a family each day, edits included, and refuses past the limit', async () => {
    const { call, storyId, userId } = await readyStory();
    const { windowSeconds, limit } = RATE_LIMITS.voice;
    const now = Math.floor(Date.now() / 1000);
    const key = { PK: `RATE#${userId}`, SK: `voice#${now - (now % windowSeconds)}` };
    expect((await call(`/stories/${storyId}/narration/0`)).status).toBe(200);
    const voiced = Number((await tableClient(stack).get(key))?.hits);
    expect(voiced).toBeGreaterThan(20);
    // An edit is a new text, voiced again: it counts too.
    const content = 'Pip found a tiny café under the old bridge.\n\nShe ordered cocoa for everyone.';
    expect((await call(`/stories/${storyId}`, send('PATCH', { content }))).status).toBe(200);
    expect((await call(`/stories/${storyId}/narration/0`)).status).toBe(200);
    expect(Number((await tableClient(stack).get(key))?.hits)).toBeGreaterThan(voiced);
    // A day's allowance used up: nothing more is voiced, what is stored still plays.
    await tableClient(stack).set(key, { hits: limit - 10, expires_at: now + windowSeconds * 2 });
    expect((await call(`/stories/${storyId}`, send('PATCH', { content: `${content} The end.` }))).status).toBe(200);
    expect((await call(`/stories/${storyId}/narration/0`)).status).toBe(429);
  });

  it('reads an edited story as edited, and keeps no narration of the old text', async () => {
    const { call, storyId } = await readyStory();
    const before = (await call(`/stories/${storyId}/narration/0`)).body as unknown as NarrationPartView;
    const content = 'Zoë found a tiny café under the old bridge.\n\nShe ordered cocoa for everyone.';
    expect((await call(`/stories/${storyId}`, send('PATCH', { content }))).status).toBe(200);
    const after = (await call(`/stories/${storyId}/narration/0`)).body as unknown as NarrationPartView;
    expect(after.version).not.toBe(before.version);
    expect(after.partCount).toBe(1);
    expect(wordsOfPart(content, after)).toEqual(content.split(/\s+/));
    expect(await mediaObjectStatus(stack, before.audioUrl)).toBe(404);
    expect(await mediaObjectStatus(stack, after.audioUrl)).toBe(200);
  });
});

describe('both narrators through the port', () => {
  const clients = createAwsClients({
    region: stack.appConfig.region,
    endpoints: { dynamodb: stack.dynamodbEndpoint, s3: stack.s3Endpoint },
  });
  const stories = storyRepository(clients.documents, stack.tableName);
  const useCasesWith = (narrator: Narrator) =>
    narrationUseCases({
      access: storyAccess(stories),
      rateLimits: rateLimiter(clients.documents, stack.tableName),
      claims: narrationClaims(clients.documents, stack.tableName),
      media: mediaStore(clients.s3, stack.mediaBucket, NO_CDN),
      narrator,
    });
  const content = 'Zoë and Léo flew over the café. "Hello!" said Zoë — and the moon smiled at the two of them.';

  it('the local engine: real speech whose word events time every word of the text', async () => {
    const narrator = localNarrator(stack.speechEngineUrl);
    const { text, ranges } = partText([content], storyWords(content), {
      firstWord: 0,
      wordCount: storyWords(content).length,
    });
    const speech = await narrator.synthesize(text);
    expect(speech.contentType).toBe('audio/wav');
    expect(speech.audio.length).toBeGreaterThan(22050); // more than half a second of 16-bit sound
    expect(speech.marks.map((mark) => text.slice(mark.from, mark.to))).toEqual(
      expect.arrayContaining(['Zoë', 'Léo', 'café', 'Hello', 'moon']),
    );
    expect(ranges).toHaveLength(storyWords(content).length);
  });

  it('Polly (mocked at the SDK boundary, speech marks in UTF-8 bytes): the same part view, stored in the bucket', async () => {
    const { storyId, userId } = await readyStory();
    await tableClient(stack).set({ PK: `STORY#${storyId}`, SK: 'META' }, { content });
    const polly = mockClient(PollyClient);
    const seen: string[] = [];
    polly.on(SynthesizeSpeechCommand).callsFake((input: { Text: string; OutputFormat: string }) => {
      seen.push(input.Text);
      if (input.OutputFormat === 'mp3') return { AudioStream: fakeStream(new Uint8Array([0xff, 0xf3, 0x44, 0xc4])) };
      // One word mark per word, as Polly reports them: byte offsets of the UTF-8 text, 300 ms apart.
      const marks = [...input.Text.matchAll(/[\p{L}]+/gu)].map((match, i) => ({
        time: 300 * i,
        type: 'word',
        start: Buffer.byteLength(input.Text.slice(0, match.index), 'utf8'),
        end: Buffer.byteLength(input.Text.slice(0, match.index + match[0].length), 'utf8'),
        value: match[0],
      }));
      return { AudioStream: fakeStream(marks.map((mark) => JSON.stringify(mark)).join('\n')) };
    });
    try {
      const view = await useCasesWith(
        pollyNarrator(pollyConnectionOf(new PollyClient({ region: 'us-east-1' })), 'Joanna'),
      ).part(storyId, { userId, role: 'user' }, 0);
      expect(view.audioUrl).toMatch(/\/0\.mp3$/);
      expect([...(await mediaBytes(view.audioUrl))]).toEqual([0xff, 0xf3, 0x44, 0xc4]);
      const words = wordsOfPart(content, view);
      // Each word starts where Polly said its mark starts; "Hello!" and "—" too (the dash keeps the word before's).
      const spoken = words.flatMap((word, index) => (/\p{L}/u.test(word ?? '') ? [index] : []));
      expect(spoken.map((index) => view.times[index])).toEqual(spoken.map((_, i) => i * 300));
      expect(view.times[words.indexOf('—')]).toBe(view.times[words.indexOf('—') - 1]);
      expect(seen.every((text) => text.length <= 3000)).toBe(true);
    } finally {
      polly.restore();
    }
  });
});

function fakeStream(body: string | Uint8Array) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return {
    transformToByteArray: () => Promise.resolve(bytes),
    transformToString: () => Promise.resolve(new TextDecoder().decode(bytes)),
  } as never;
}
