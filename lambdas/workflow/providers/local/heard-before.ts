import { splitSentences } from '#common/story-validation.js';
import type { EarlierStory, StoryDraft } from '../types.js';
import { escapeRegExp } from './template.js';

/**
 * What a child has heard before: a story's sentences as a listener compares them with another's. The writer
 * uses it to keep a new story from saying again what the family's other stories said; the storyteller's
 * tests use it to count the sentences stories share.
 */

/**
 * The stock interjections a story may share with another: a greeting or a cheer of a word or two, which
 * a picture book says as everyone does. Kept this short on purpose; any other shared sentence is a repeat.
 */
const STOCK_INTERJECTIONS: readonly string[] = ['hi', 'hello', 'hooray', 'wow', 'look', 'oh no', 'uh-oh'];

/** A word as a reader hears it: letters and digits, with its inner apostrophes and hyphens. */
export const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
export const wordsOf = (text: string) => (text.match(WORD) ?? []).map((w) => w.toLowerCase());

/**
 * A sentence as a parent rereading two stories compares them: the words only (case, quotes and punctuation
 * dropped), and the hero's name, full or short, read as HERO: "Is there another way?" and "is there another
 * way" are one sentence, and so are two that differ only by the hero's name.
 */
export function asReadBack(sentence: string, heroName: string): string {
  const words = wordsOf(sentence).join(' ');
  const names = [heroName, heroName.split(' ')[0] ?? heroName].map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (!names.length) return words;
  return words.replace(new RegExp(`\\b(${names.map(escapeRegExp).join('|')})\\b`, 'g'), 'HERO');
}

const STOCK = new Set(STOCK_INTERJECTIONS.map((s) => asReadBack(s, '')));

/** A story's sentences as read back, its deliberate refrains and the stock interjections left out. */
export function sentencesReadBack(paragraphs: readonly string[], heroName: string, refrains: readonly string[] = []) {
  const deliberate = new Set(refrains.map((s) => asReadBack(s, heroName)));
  return paragraphs
    .flatMap(splitSentences)
    .map((s) => asReadBack(s, heroName))
    .filter((s) => s && !deliberate.has(s) && !STOCK.has(s));
}

/** The titles and sentences of the family's other stories, as read back. */
export type Heard = Readonly<{ titles: ReadonlySet<string>; sentences: ReadonlySet<string> }>;

export function heardIn(earlier: readonly EarlierStory[]): Heard {
  return {
    titles: new Set(earlier.map(({ heroName, title }) => asReadBack(title, heroName))),
    sentences: new Set(
      earlier.flatMap(({ heroName, content }) => sentencesReadBack(content.split(/\n{2,}/), heroName)),
    ),
  };
}

/**
 * How much of a draft the family has heard before: whether its title is one they have (the library shows
 * titles side by side, so that weighs most), then how many of its sentences, its refrains left out.
 */
export function repeatsIn(draft: StoryDraft, heroName: string, refrains: readonly string[], heard: Heard) {
  const again = sentencesReadBack(draft.paragraphs, heroName, refrains).filter((s) => heard.sentences.has(s));
  return { title: heard.titles.has(asReadBack(draft.title, heroName)), sentences: new Set(again).size };
}
