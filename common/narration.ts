import type { AgeBand } from './age-bands.js';
import { storyParagraphs } from './story-layout.js';

/**
 * "Read to me" (narration): what is read and how its words are counted, shared by the server that makes the
 * narration and the SPA that lights each word as it is read. Both take the words from the paragraphs the
 * story page and the flipbook show (`storyParagraphs`), so word n of the narration is word n on the screen.
 */

/** A word as shown: its paragraph and its place in that paragraph's text (UTF-16 indexes, as JS strings). */
export type StoryWord = Readonly<{ paragraph: number; from: number; to: number }>;

/** Every word of the story in reading order: the whitespace-separated pieces of each paragraph shown. */
export function storyWords(content: string): StoryWord[] {
  return paragraphWords(storyParagraphs(content));
}

export function paragraphWords(paragraphs: readonly string[]): StoryWord[] {
  return paragraphs.flatMap((text, paragraph) =>
    [...text.matchAll(/\S+/g)].map((match) => ({ paragraph, from: match.index, to: match.index + match[0].length })),
  );
}

/** The first part is short so its sound starts soon after the press; the rest are read while it plays. */
export const FIRST_PART_WORDS = 40;
export const PART_WORDS = 150;
/** Well inside Polly's 3,000 billed characters a request (plain text: every character is billed). */
export const PART_CHARACTERS = 1500;

const ENDS_SENTENCE = /[.!?…]["'”’)\]]*$/u;

/** A stretch of words read by one request to the narrator: words [firstWord, firstWord + wordCount). */
export type NarrationPart = Readonly<{ firstWord: number; wordCount: number }>;

/**
 * Cuts the story's words into parts: a part ends at the end of a sentence once it holds at least half its
 * allowance, and at its allowance (words or characters) at the latest.
 */
export function narrationParts(paragraphs: readonly string[], words = paragraphWords(paragraphs)): NarrationPart[] {
  const parts: NarrationPart[] = [];
  let first = 0;
  let characters = 0;
  words.forEach((word, index) => {
    const limit = parts.length === 0 ? FIRST_PART_WORDS : PART_WORDS;
    const count = index - first + 1;
    characters += word.to - word.from + 1;
    const next = words[index + 1];
    const text = paragraphs[word.paragraph] ?? '';
    const sentenceEnds = ENDS_SENTENCE.test(text.slice(word.from, word.to)) || next?.paragraph !== word.paragraph;
    const nextCharacters = next ? next.to - next.from + 1 : 0;
    if (
      !next ||
      count >= limit ||
      characters + nextCharacters > PART_CHARACTERS ||
      (sentenceEnds && count >= limit / 2)
    ) {
      parts.push({ firstWord: first, wordCount: count });
      first = index + 1;
      characters = 0;
    }
  });
  return parts;
}

/**
 * The text a part sends to the narrator, and where each of its words sits in that text: the words'
 * paragraphs' text from the part's first word to its last, paragraphs joined by a blank line.
 */
export function partText(
  paragraphs: readonly string[],
  words: readonly StoryWord[],
  part: NarrationPart,
): { text: string; ranges: { from: number; to: number }[] } {
  const own = words.slice(part.firstWord, part.firstWord + part.wordCount);
  let text = '';
  const ranges: { from: number; to: number }[] = [];
  let paragraph = -1;
  let start = 0; // where the current paragraph's slice begins, in the paragraph and in the text
  let offset = 0;
  for (const word of own) {
    if (word.paragraph !== paragraph) {
      if (paragraph !== -1) text += '\n\n';
      paragraph = word.paragraph;
      start = word.from;
      offset = text.length;
      const last = own.findLast((each) => each.paragraph === paragraph) ?? word;
      text += (paragraphs[paragraph] ?? '').slice(start, last.to);
    }
    ranges.push({ from: offset + word.from - start, to: offset + word.to - start });
  }
  return { text, ranges };
}

/** GET /api/stories/{id}/narration/{part}: one part's sound and when each of its words is read. */
export type NarrationPartView = {
  /** The narrated text's version: an edit of the story makes a new one. */
  version: string;
  partCount: number;
  index: number;
  audioUrl: string;
  firstWord: number;
  /** For each word of the part, in order, when it starts, in milliseconds from the start of the part's sound. */
  times: number[];
};

/** How fast the player reads at first (the audio's playback rate): a little slower for the youngest band. */
export const DEFAULT_NARRATION_RATE: Readonly<Record<AgeBand, number>> = { A: 0.85, B: 1 };
export const NARRATION_RATES = [0.7, 0.85, 1, 1.15] as const;
