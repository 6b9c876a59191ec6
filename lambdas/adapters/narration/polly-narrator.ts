import type * as PollySdk from '@aws-sdk/client-polly';
import type { PollyClient, VoiceId } from '@aws-sdk/client-polly';
import type { Narrator, SpokenMark } from './narrator.js';

/** Polly's word speech mark, one JSON object a line: `start` and `end` are byte offsets in the UTF-8 text. */
type PollyWordMark = { time: number; type: string; start: number; end: number; value: string };

/** For each UTF-8 byte offset of the text, the UTF-16 index it falls at (the text's length past its end). */
function utf16IndexOfBytes(text: string): (byte: number) => number {
  const indexes: number[] = [];
  let unit = 0;
  for (const char of text) {
    const bytes = Buffer.byteLength(char, 'utf8');
    for (let i = 0; i < bytes; i += 1) indexes.push(unit);
    unit += char.length;
  }
  return (byte) => indexes[byte] ?? text.length;
}

/** Polly's word marks as the port's marks (UTF-16 ranges of the text). */
export function marksFromPolly(text: string, jsonLines: string): SpokenMark[] {
  const at = utf16IndexOfBytes(text);
  return jsonLines
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as PollyWordMark)
    .filter((mark) => mark.type === 'word')
    .map((mark) => ({ start: mark.time, from: at(mark.start), to: at(mark.end) }));
}

/**
 * The SDK package with a client of it. Reading aloud is a small share of requests, so the package loads with
 * the first of them (lambdas/adapters/aws-clients.ts), not in every cold start of the API.
 */
export type PollyConnection = () => Promise<{ sdk: typeof PollySdk; client: PollyClient }>;

/** A connection over a client made elsewhere (the tests' own). */
export const pollyConnectionOf =
  (client: PollyClient): PollyConnection =>
  async () => ({ sdk: await import('@aws-sdk/client-polly'), client });

/**
 * How long a part waits out Polly's rate (neural voices: 8 requests a second per account, a burst of 10;
 * a first "Read to me" costs two requests a part) or a brief failure on Polly's side before the family sees
 * an error: up to 5 tries, each wait drawn up to 200 ms, 400, 800, 1,600 (full jitter, so parts waiting
 * together spread out): at most 3 s.
 */
export type PollyPatience = Readonly<{
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}>;

export const POLLY_PATIENCE: PollyPatience = {
  attempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 1_600,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Polly's rate (ThrottlingException) or a failure on its side (ServiceFailureException, any 5xx). */
function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'ThrottlingException' || ($metadata?.httpStatusCode ?? 0) >= 500;
}

/** One Polly request, a throttled or failed one tried again after a short jittered wait (POLLY_PATIENCE). */
async function patiently<T>(call: () => Promise<T>, patience: PollyPatience): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isTransient(error) || attempt >= patience.attempts) throw error;
      const ceiling = Math.min(patience.maxDelayMs, patience.baseDelayMs * 2 ** (attempt - 1));
      await patience.sleep(Math.round(ceiling * patience.random()));
    }
  }
}

/**
 * Amazon Polly, neural engine: the sound (MP3) and the word marks are two requests of the same text, sent
 * together, each waiting out Polly's rate briefly (the client is made with one attempt, so this is the only
 * wait). A part stays well inside Polly's 3,000 billed characters (common/narration.ts).
 */
export function pollyNarrator(
  connect: PollyConnection,
  voice: string,
  patience: PollyPatience = POLLY_PATIENCE,
): Narrator {
  const request = { Engine: 'neural', VoiceId: voice as VoiceId, Text: '', TextType: 'text' } as const;
  return {
    voice: `polly-neural-${voice}`,
    async synthesize(text) {
      const { sdk, client } = await connect();
      const [sound, marks] = await Promise.all([
        patiently(
          () => client.send(new sdk.SynthesizeSpeechCommand({ ...request, Text: text, OutputFormat: 'mp3' })),
          patience,
        ),
        patiently(
          () =>
            client.send(
              new sdk.SynthesizeSpeechCommand({
                ...request,
                Text: text,
                OutputFormat: 'json',
                SpeechMarkTypes: ['word'],
              }),
            ),
          patience,
        ),
      ]);
      if (!sound.AudioStream || !marks.AudioStream) throw new Error('Polly answered without a stream');
      const [audio, lines] = await Promise.all([
        sound.AudioStream.transformToByteArray(),
        marks.AudioStream.transformToString('utf-8'),
      ]);
      return { audio, contentType: 'audio/mpeg', marks: marksFromPolly(text, lines) };
    },
  };
}
