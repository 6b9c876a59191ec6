/**
 * SPEC §5 story edit sanitiser: the server runs every save of a story's title, hero name and content through
 * it, and the SPA shows the notice. Whole words only, case-insensitive, each hit becomes `***`.
 *
 * Matching rules:
 * - A word character is a letter, combining mark or digit of any script, so "Scunthorpe", "class", "skill",
 *   "Dickens" and "killé" stay intact. Apostrophes, hyphens, underscores and `*` are boundaries: "idiot's"
 *   becomes "***'s", "blood-red" becomes "***-red" and "**idiot**" becomes "*******" (bold markers kept).
 * - A single-word entry also matches its regular plural / third-person form ("idiots", "kills", "bitches",
 *   "uglies"): that is the same word, not a longer one that merely contains it.
 * - A multi-word entry ("shut up") matches its words separated by spaces, a hyphen or a single line break,
 *   never across a blank line, so paragraph breaks survive.
 */

export const BLOCKED_WORDS_BY_CATEGORY = {
  profanity: [
    'fuck',
    'fucking',
    'fucked',
    'fucker',
    'motherfucker',
    'shit',
    'shitty',
    'bullshit',
    'damn',
    'hell',
    'bitch',
    'bastard',
    'ass',
    'asshole',
    'arse',
    'crap',
    'piss',
    'dick',
    'cunt',
  ],
  insults: [
    'stupid',
    'idiot',
    'dumb',
    'moron',
    'loser',
    'jerk',
    'shut up',
    'retard',
    'imbecile',
    'dimwit',
    'nitwit',
    'numbskull',
    'weirdo',
  ],
  violence: ['kill', 'killed', 'killing', 'murder', 'torture', 'blood', 'bloody', 'gun', 'knife', 'knives', 'stab'],
  drugsAndAlcohol: [
    'beer',
    'wine',
    'vodka',
    'whiskey',
    'whisky',
    'rum',
    'drunk',
    'alcohol',
    'booze',
    'drug',
    'cocaine',
    'heroin',
    'cigarette',
  ],
  bodily: ['poop', 'poo', 'pee', 'fart', 'butt', 'booger', 'snot', 'puke', 'vomit'],
  bodyShaming: ['fat', 'fatso', 'fatty', 'obese', 'ugly', 'hideous', 'flabby', 'lardo'],
} as const satisfies Record<string, readonly string[]>;

export type BlockedWordCategory = keyof typeof BLOCKED_WORDS_BY_CATEGORY;

export const BLOCKED_WORDS: readonly string[] = Object.values(BLOCKED_WORDS_BY_CATEGORY).flat();

export const SANITISER_MASK = '***';

const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';
// Horizontal whitespace, optionally with one line break, or a hyphen: "shut up", "shut\nup", "shut-up".
const MULTI_WORD_GAP = '(?:-|[^\\S\\r\\n]*\\r?\\n[^\\S\\r\\n]*|[^\\S\\r\\n]+)';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The entry plus its regular plural / -s form (English spelling rules, enough for this list). */
function entryPattern(entry: string): string {
  const words = entry.trim().split(/\s+/).map(escapeRegExp);
  if (words.length > 1) return words.join(MULTI_WORD_GAP);
  const word = words[0] ?? '';
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}(?:y|ies)`;
  if (/(?:s|sh|ch|x|z)$/.test(word)) return `${word}(?:es)?`;
  return `${word}s?`;
}

// Longest first so the alternation prefers "asshole" to "ass" without relying on backtracking order.
const BLOCKED_PATTERN = new RegExp(
  `(?<!${WORD_CHAR})(?:${[...BLOCKED_WORDS]
    .sort((a, b) => b.length - a.length)
    .map(entryPattern)
    .join('|')})(?!${WORD_CHAR})`,
  'giu',
);

export function sanitiseText(text: string): { text: string; filtered: number } {
  let filtered = 0;
  const result = text.replace(BLOCKED_PATTERN, () => {
    filtered += 1;
    return SANITISER_MASK;
  });
  return { text: result, filtered };
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
