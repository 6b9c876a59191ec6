import * as z from 'zod';
import type { Narrator } from './narrator.js';

const answerSchema = z.object({
  audio: z.string().min(1),
  contentType: z.string().min(1),
  marks: z.array(z.object({ start: z.number().min(0), from: z.number().int().min(0), to: z.number().int().min(0) })),
});

/**
 * The local stack's speech engine (bin/local/speech-engine: eSpeak NG in a process of its own, GPL-3.0, never
 * bundled here): called over loopback HTTP, as Polly is called in AWS. It answers a WAV and eSpeak's own word
 * events, already in UTF-16 ranges of the text.
 */
export function localNarrator(endpoint: string): Narrator {
  return {
    voice: 'espeak-ng-en-us',
    async synthesize(text) {
      const response = await fetch(new URL('/synthesize', endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) throw new Error(`The speech engine answered ${response.status}`);
      const answer = answerSchema.parse(await response.json());
      return { audio: Buffer.from(answer.audio, 'base64'), contentType: answer.contentType, marks: answer.marks };
    },
  };
}
