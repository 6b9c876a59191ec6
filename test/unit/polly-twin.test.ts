import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPollyTwin, type PollyTwin } from '../../bin/local/polly-twin/server.js';
import { startSpeechEngine, type SpeechEngine } from '../../bin/local/speech-engine/index.js';
import { POLLY_PATIENCE, pollyConnectionOf, pollyNarrator } from '../../lambdas/adapters/narration/polly-narrator.js';

/**
 * Polly's neural rate (8 requests a second, a burst of 10) on the Polly twin, and the narrator that waits it
 * out. A twin whose clock stands still takes every request in one instant, whatever the machine's load.
 */

const logDir = mkdtempSync(join(tmpdir(), 'polly-twin-'));
let engine: SpeechEngine;
const started: { twin: PollyTwin; client: PollyClient }[] = [];

beforeAll(async () => {
  engine = await startSpeechEngine(logDir);
}, 30_000);
afterAll(async () => {
  for (const { twin, client } of started) {
    client.destroy();
    await twin.stop();
  }
  await engine.stop();
  rmSync(logDir, { recursive: true, force: true });
});

/** A Polly twin and a client of one attempt, as the API's is made (lambdas/adapters/aws-clients.ts). */
async function pollyOf(options: { now?: () => number } = {}) {
  const twin = await startPollyTwin({ speechEngineUrl: engine.url, ...options });
  const client = new PollyClient({
    region: 'us-west-2',
    endpoint: twin.url,
    credentials: { accessKeyId: 'twin', secretAccessKey: 'twin' },
    maxAttempts: 1,
  });
  started.push({ twin, client });
  return { twin, client };
}

const stillClock = () => 1_000_000;
const parts = (count: number) => Array.from({ length: count }, (_, i) => `Part ${i + 1}: Mia and Pip found the map.`);

describe('the Polly twin', () => {
  it('takes a burst of 10 neural requests and answers the rest as Polly does: HTTP 400, ThrottlingException', async () => {
    const { client } = await pollyOf({ now: stillClock });
    const results = await Promise.allSettled(
      parts(12).map((text) =>
        client.send(
          new SynthesizeSpeechCommand({ Engine: 'neural', VoiceId: 'Joanna', Text: text, OutputFormat: 'mp3' }),
        ),
      ),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
    }
  });
});

describe('the Polly narrator', () => {
  it('reading 8 parts at once (16 requests, 6 over the burst) fails some parts when it does not wait', async () => {
    const { client } = await pollyOf({ now: stillClock });
    const hasty = pollyNarrator(pollyConnectionOf(client), 'Joanna', { ...POLLY_PATIENCE, attempts: 1 });
    const results = await Promise.allSettled(parts(8).map((text) => hasty.synthesize(text)));
    expect(results.filter((result) => result.status === 'rejected').length).toBeGreaterThanOrEqual(3);
  });

  it('waits out Polly’s rate briefly: the same 8 parts all come back', async () => {
    const { client } = await pollyOf();
    const narrator = pollyNarrator(pollyConnectionOf(client), 'Joanna');
    const speeches = await Promise.all(parts(8).map((text) => narrator.synthesize(text)));
    expect(speeches.every((speech) => speech.audio.length > 0 && speech.marks.length > 0)).toBe(true);
  });
});
