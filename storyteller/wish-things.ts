import nlp from 'compromise/two';

/**
 * The words of a picture wish that name a thing ("Castle", "rainbow", "Whiskers"), not how or where it is
 * ("riding", "past", "under", "sparkly"): each word's part of speech as an English tagger (compromise) reads
 * it on its own, since a wish is seldom a sentence the tagger could read whole ("a cat riding past a castle"
 * tags "riding past" as two nouns). A word it does not know is a noun to it, as a new word usually is.
 */
export function thingsAmong(words: readonly string[]): string[] {
  return words.filter((word) => {
    const term = nlp(word);
    return term.has('#Noun') && !term.has('#Pronoun');
  });
}
