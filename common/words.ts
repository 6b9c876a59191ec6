/**
 * Words as a reader counts them: letters and digits, with an inner apostrophe or hyphen ("don't",
 * "sky-blue") inside one word. A module of its own so that laying out a story (story-layout.ts) does not
 * bring the story checks and their safety lexicon to every story page.
 */
const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD_PATTERN)?.length ?? 0;
}
