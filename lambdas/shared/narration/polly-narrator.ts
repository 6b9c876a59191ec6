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
 * the first of them (lambdas/shared/aws-clients.ts), not in every cold start of the API.
 */
export type PollyConnection = () => Promise<{ sdk: typeof PollySdk; client: PollyClient }>;

/** A connection over a client made elsewhere (the tests' own). */
export const pollyConnectionOf =
  (client: PollyClient): PollyConnection =>
  async () => ({ sdk: await import('@aws-sdk/client-polly'), client });

/**
 * Amazon Polly, neural engine: the sound (MP3) and the word marks are two requests of the same text, sent
 * together. A part stays well inside Polly's 3,000 billed characters (common/narration.ts).
 */
export function pollyNarrator(connect: PollyConnection, voice: string): Narrator {
  const request = { Engine: 'neural', VoiceId: voice as VoiceId, Text: '', TextType: 'text' } as const;
  return {
    voice: `polly-neural-${voice}`,
    async synthesize(text) {
      const { sdk, client } = await connect();
      const [sound, marks] = await Promise.all([
        client.send(new sdk.SynthesizeSpeechCommand({ ...request, Text: text, OutputFormat: 'mp3' })),
        client.send(
          new sdk.SynthesizeSpeechCommand({ ...request, Text: text, OutputFormat: 'json', SpeechMarkTypes: ['word'] }),
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
