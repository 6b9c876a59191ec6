import { SPEC_BLOCKLIST } from './safety/lexicon.js';
import { SAFETY_MASK, starUnsafe } from './safety/check.js';

/**
 * SPEC §5 story edit sanitiser: the server runs every save of a story's title, hero name and content (and
 * the admin editor's excerpt and universe) through it, and the SPA shows the notice. Each unsafe word or
 * phrase becomes `***` in the original text, everything else stays byte for byte.
 *
 * It is the safety check of common/safety used as a replacer, so it sees what the check sees: whole words
 * and phrases of the SPEC blocklist, the topic lexicon and the profanity library, also when disguised
 * ("ＳＴＵＰＩＤ", "f*ck", "f.u.c.k", "k i l l e r", "bl\u200Bood", Cyrillic look-alikes, "b33r").
 * - "Scunthorpe", "class", "skill" and "Dickens" stay intact; apostrophes, hyphens and markdown stars
 *   around a word stay outside the mask: "idiot's" → "***'s", "blood-red" → "***-red", "**idiot**" → "*******".
 * - A single word also matches its regular plural / -s form ("idiots", "kills").
 * - A phrase ("shut up") matches across a space, a hyphen or one line break, never across a blank line.
 */

/** SPEC §5's blocklist, by its six categories (the sanitiser stars more: see common/safety/lexicon.ts). */
export const BLOCKED_WORDS_BY_CATEGORY = SPEC_BLOCKLIST;

export type BlockedWordCategory = keyof typeof BLOCKED_WORDS_BY_CATEGORY;

export const BLOCKED_WORDS: readonly string[] = Object.values(BLOCKED_WORDS_BY_CATEGORY).flat();

export const SANITISER_MASK = SAFETY_MASK;

export function sanitiseText(text: string): { text: string; filtered: number } {
  return starUnsafe(text);
}

export type StoryEditText = { title: string; heroName: string; content: string };

export function sanitiseStoryEdit(edit: StoryEditText): StoryEditText & { filtered: number } {
  const title = sanitiseText(edit.title);
  const heroName = sanitiseText(edit.heroName);
  const content = sanitiseText(edit.content);
  return {
    title: title.text,
    heroName: heroName.text,
    content: content.text,
    filtered: title.filtered + heroName.filtered + content.filtered,
  };
}

/** SPEC §5: shown for 5 seconds when anything was replaced. */
export function sanitiserNotice(filtered: number): string {
  return `Some words were replaced with *** to keep the story kid-friendly. ${filtered} word(s) filtered.`;
}
