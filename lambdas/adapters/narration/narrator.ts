import { createHash } from 'node:crypto';

/**
 * The narrator port: text in, its sound and when each spoken word starts out. Amazon Polly in AWS
 * (polly-narrator.ts), the local stack's eSpeak NG engine on one machine (local-narrator.ts); both answer
 * the same shape, so the narration use case (stories/narrate-story.ts) does not know which one it has.
 */
export type SpokenMark = Readonly<{
  /** Milliseconds from the start of the sound. */
  start: number;
  /** The spoken word's range in the text sent, in UTF-16 code units (as JavaScript indexes strings). */
  from: number;
  to: number;
}>;

export type Speech = Readonly<{ audio: Uint8Array; contentType: string; marks: readonly SpokenMark[] }>;

export type Narrator = Readonly<{
  /** Names the voice: part of the narration's version, so another voice makes new narration. */
  voice: string;
  synthesize(text: string): Promise<Speech>;
}>;

/** The narration's version: the voice and the story's stored (checked) text; an edit gives a new one. */
export const narrationVersion = (voice: string, content: string) =>
  createHash('sha256').update(`${voice}\n${content}`).digest('hex').slice(0, 20);

/**
 * When each word of a part is read: the start of the first spoken word that overlaps it. A word the voice
 * does not speak on its own (a dash, the sanitiser's `***`) keeps the time of the word before, so every word
 * gets a time and times never go backwards.
 */
export function wordTimes(ranges: readonly { from: number; to: number }[], marks: readonly SpokenMark[]): number[] {
  const sorted = [...marks].sort((a, b) => a.from - b.from || a.start - b.start);
  let next = 0;
  let previous = 0;
  return ranges.map((range) => {
    while (next < sorted.length && (sorted[next]?.to ?? 0) <= range.from) next += 1;
    const mark = sorted[next];
    const time = mark && mark.from < range.to ? mark.start : previous;
    previous = Math.max(previous, time);
    return previous;
  });
}
