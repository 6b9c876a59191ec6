import { EVERYDAY_ELSEWHERE, LANGUAGE_WORDS } from './data/languages.js';

/**
 * Which language a text is written in, so a word is judged in its own language: German "die" is "the",
 * Swedish "slut" is "the end", Spanish "negro" is "black", French "con" in a Spanish text is "with". The
 * evidence is each language's commonest words (data/languages.ts); a text is in the language whose words it
 * holds most, other than the word being judged, and English when that is a tie or there is none.
 */

export type Language = keyof typeof LANGUAGE_WORDS;

/**
 * English words the check lists that are everyday words of other languages (our own reading of each:
 * the frequency lists cannot tell a false friend from a borrowed swear word, "sexy" is German too).
 */
const FALSE_FRIENDS: Readonly<Record<string, string>> = {
  die: 'de nl',
  dies: 'de',
  war: 'de',
  hell: 'de',
  dick: 'de',
  rum: 'de sv da no',
  bra: 'sv da no',
  slut: 'sv da no',
  fart: 'sv da no',
  sex: 'sv da no',
  fat: 'sv da no',
  kys: 'da no',
  negro: 'es it pt',
  crap: 'ro',
};

let evidence: Map<string, string[]> | undefined;

/** Each word of the evidence lists with the languages it is evidence for (built once, on first use). */
function evidenceWords(): Map<string, string[]> {
  if (evidence) return evidence;
  evidence = new Map();
  for (const [language, words] of Object.entries(LANGUAGE_WORDS)) {
    for (const word of words.split(' ')) {
      const languages = evidence.get(word);
      if (languages) languages.push(language);
      else evidence.set(word, [language]);
    }
  }
  return evidence;
}

/** How many of the words (leaving out those at `except`) are evidence of each language. */
export function languageScores(words: readonly string[], except?: ReadonlySet<number>): Map<string, number> {
  const known = evidenceWords();
  const scores = new Map<string, number>();
  words.forEach((word, i) => {
    if (except?.has(i)) return;
    for (const language of known.get(word) ?? []) scores.set(language, (scores.get(language) ?? 0) + 1);
  });
  return scores;
}

/** True when the words are at least as much `language` as any other, on some evidence. */
export function isWrittenIn(scores: ReadonlyMap<string, number>, language: string): boolean {
  const own = scores.get(language) ?? 0;
  return own > 0 && [...scores.values()].every((score) => score <= own);
}

/** The language the words are most likely written in, from their scores; undefined when none shows. */
export function languageOf(scores: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestScore = 0;
  for (const [language, score] of scores) {
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  if (!best) return undefined;
  // English wins a tie: most families write English, and English is where the lists are strictest.
  return (scores.get('en') ?? 0) >= bestScore ? 'en' : best;
}

/** The languages in which `word` is an everyday word (other than that of the list that holds it), if any. */
export function everydayLanguagesOf(word: string): string[] | undefined {
  return (FALSE_FRIENDS[word] ?? EVERYDAY_ELSEWHERE[word])?.split(' ');
}
