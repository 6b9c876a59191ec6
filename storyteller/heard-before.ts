import { storyPreview } from '#common/story-layout.js';
import { splitSentences } from '#common/story-validation.js';
import type { EarlierStory, StoryDraft } from '../lambdas/workflow/providers/types.js';
import { escapeRegExp } from './template.js';
import { episodesIn, type Episodes } from './episodes.js';

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
export function sentencesReadBack(
  paragraphs: readonly string[],
  heroName: string,
  refrains: readonly string[] = [],
  readBack = true,
) {
  const deliberate = new Set(refrains.map((s) => asReadBack(s, heroName)));
  return paragraphs
    .flatMap(splitSentences)
    .filter((s) => {
      const heard = asReadBack(s, heroName);
      return heard && !deliberate.has(heard) && !STOCK.has(heard);
    })
    .map((s) => (readBack ? asReadBack(s, heroName) : s));
}

/** The titles and sentences of the family's other stories, as read back, and their shapes (see shapeOf). */
export type Heard = Readonly<{
  titles: ReadonlySet<string>;
  sentences: ReadonlySet<string>;
  shapes: ShapeIndex;
  /** The shapes of the library cards' openings (the preview a card shows), see cardOpening. */
  openings: CardOpenings;
  /** The episodes the stories told (episodes.ts). */
  episodes: Episodes;
}>;

export function heardIn(earlier: readonly EarlierStory[]): Heard {
  const shapes = new ShapeIndex();
  const openings = new CardOpenings();
  for (const { heroName, content } of earlier) {
    const paragraphs = content.split(/\n{2,}/);
    const names = namesIn(paragraphs.join(' '), heroName);
    for (const sentence of sentencesReadBack(paragraphs, heroName, [], false)) shapes.add(shapeOf(sentence, names));
    openings.add(content, names);
  }
  return {
    titles: new Set(earlier.map(({ heroName, title }) => asReadBack(title, heroName))),
    sentences: new Set(
      earlier.flatMap(({ heroName, content }) => sentencesReadBack(content.split(/\n{2,}/), heroName)),
    ),
    shapes,
    openings,
    episodes: episodesIn(earlier.map(({ content }) => content)),
  };
}

/**
 * How much of a draft the family has heard before: whether its title is one they have (the library shows
 * titles side by side, so that weighs most), then how many of its sentences, its refrains left out, then how
 * many of its sentences have a near-twin the family heard (the same sentence with a name or a word swapped).
 */
export function repeatsIn(draft: StoryDraft, heroName: string, refrains: readonly string[], heard: Heard) {
  const said = sentencesReadBack(draft.paragraphs, heroName, refrains);
  const again = said.filter((s) => heard.sentences.has(s));
  const names = namesIn(draft.paragraphs.join(' '), heroName);
  const twins = heard.shapes.size
    ? sentencesReadBack(draft.paragraphs, heroName, refrains, false).filter((s) =>
        heard.shapes.hasTwin(shapeOf(s, names)),
      ).length
    : 0;
  const opening = heard.openings.opensAlike(draft.paragraphs.join('\n\n'), names);
  return {
    title: heard.titles.has(asReadBack(draft.title, heroName)),
    opening,
    sentences: new Set(again).size,
    twins,
  };
}

/**
 * The names a story uses: words it writes with a capital inside a sentence (its friend, its place), and the
 * hero's. A family's earlier story is text only, so its names are read from it.
 */
export function namesIn(text: string, heroName: string): string[] {
  const names = new Set(wordsOf(heroName));
  for (const match of text.matchAll(/(?<=[\p{L},;:] )\p{Lu}[\p{L}'’-]*/gu)) {
    const word = match[0].replace(/['’]s$/u, '').toLowerCase();
    if (word !== 'i') names.add(word);
  }
  return [...names];
}

/**
 * Words a sentence may swap without a listener hearing a new sentence: colours, sizes and the like. The
 * storyteller's measure masks every adjective (with a tagger); the writer masks these and asks for more
 * difference than the measure does (SHAPE_THRESHOLD), so what it writes passes the measure with room.
 */
// prettier-ignore
const SWAPPABLE = new Set([
  'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'white', 'black', 'brown', 'grey', 'golden', 'gold',
  'silver', 'turquoise', 'tiny', 'small', 'little', 'big', 'huge', 'large', 'giant', 'tall', 'short', 'long', 'old',
  'young', 'new', 'good', 'great', 'best', 'happy', 'sad', 'brave', 'kind', 'shy', 'clever', 'funny', 'gentle',
  'sleepy', 'curious', 'cheerful', 'bright', 'shiny', 'soft', 'warm', 'cold', 'quiet', 'loud', 'wonderful', 'lovely',
  'beautiful', 'pretty', 'strange', 'odd', 'special', 'friendly', 'trusty', 'wobbly', 'speedy', 'chatty', 'fluffy',
  'swishy', 'spotty', 'sparkly', 'lucky', 'loyal', 'wise', 'bravest', 'biggest', 'kindest', 'whole', 'very',
  'really', 'enormous', 'gigantic', 'immense', 'colossal', 'tremendous', 'frightened', 'nervous', 'anxious', 'fearful',
  'peculiar', 'mysterious', 'unusual', 'gleaming', 'glistening', 'shimmering', 'glimmering', 'weary', 'drowsy',
  'delighted', 'joyful', 'overjoyed', 'marvellous', 'splendid', 'extraordinary', 'magnificent', 'breathtaking',
  'dazzling', 'exquisite', 'ingenious', 'resourceful', 'brilliant', 'thrilled', 'amiable', 'good-natured', 'hushed',
  'tranquil', 'peaceful', 'cautious', 'watchful', 'glittering', 'radiant', 'courageous', 'fearless', 'valiant',
  'daring', 'minuscule', 'teeny', 'diminutive', 'velvety', 'silky', 'downy', 'excellent', 'miniature', 'pint-sized',
  'remarkably', 'extraordinarily', 'exceedingly', 'ancient', 'sorrowful', 'downcast', 'gloomy', 'grumpy', 'precious',
  'remarkable', 'thunderous', 'booming', 'compassionate', 'kindly', 'entire', 'pleased', 'delightful', 'charming',
  'enchanting', 'chilly', 'frosty', 'icy', 'swift', 'towering', 'lofty', 'sunny', 'rainy', 'windy', 'breezy', 'misty',
  'snowy', 'starry', 'cosy', 'cozy', 'early', 'late', 'first', 'last', 'amazing', 'busy', 'hungry', 'excited',
]);

/**
 * A sentence's shape: its words, each run of names (the story's, and any word capitalised inside the
 * sentence) and swappable words read as one mark.
 */
export function shapeOf(sentence: string, names: readonly string[]): string[] {
  const own = new Set(names);
  const out: string[] = [];
  for (const match of sentence.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const bare = word.replace(/['’]s$/u, '');
    const at = match.index ?? 0;
    const inside = at > 0 && /^\p{Lu}/u.test(match[0]) && /[\p{L},;:] $/u.test(sentence.slice(0, at));
    if (inside || own.has(bare) || SWAPPABLE.has(bare)) {
      if (out.at(-1) !== '·') out.push('·');
    } else out.push(word);
  }
  return out;
}

/**
 * Two shapes are near-twins at this share of their words lined up (1 − word edit distance ÷ the longer one's
 * length). The storyteller's measure uses 0.8 with every adjective masked; the writer, masking fewer words,
 * asks for a little more difference.
 */
export const SHAPE_THRESHOLD = 0.75;

/** The shapes a family has heard, found again by the word pairs they share (so a draft is checked quickly). */
export class ShapeIndex {
  private readonly short = new Set<string>();
  private readonly shapes: string[][] = [];
  private readonly byPair = new Map<string, number[]>();

  get size() {
    return this.short.size + this.shapes.length;
  }

  add(shape: readonly string[]) {
    if (shape.length <= 4) {
      this.short.add(shape.join(' '));
      return;
    }
    const id = this.shapes.push([...shape]) - 1;
    for (const pair of new Set(pairsOf(shape))) {
      const ids = this.byPair.get(pair);
      if (ids) ids.push(id);
      else this.byPair.set(pair, [id]);
    }
  }

  hasTwin(shape: readonly string[]): boolean {
    if (shape.length === 0) return false;
    // A short sentence is a twin only when it is the same (one word in four is already a quarter of it).
    if (shape.length <= 4) return this.short.has(shape.join(' ')) || this.similarLong(shape);
    return this.similarLong(shape);
  }

  private similarLong(shape: readonly string[]): boolean {
    const pairs = pairsOf(shape);
    // Each edit breaks at most two word pairs: a twin shares at least this many.
    const needed = pairs.length - 2 * Math.floor((1 - SHAPE_THRESHOLD) * (shape.length + 1));
    const shared = new Map<number, number>();
    for (const pair of new Set(pairs))
      for (const id of this.byPair.get(pair) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    for (const [id, n] of shared) {
      const other = this.shapes[id];
      if (n < Math.max(1, needed) || !other) continue;
      const longer = Math.max(other.length, shape.length);
      if (Math.abs(other.length - shape.length) > longer * (1 - SHAPE_THRESHOLD)) continue;
      if (1 - editDistance(shape, other) / longer >= SHAPE_THRESHOLD) return true;
    }
    return false;
  }
}

/**
 * The library cards a family has seen side by side: each card's sentences (the last one cut where the card
 * ends), as shapes. A new card opens alike when one of its sentences is a near-twin of one on another card, or
 * when they open with the same six words, or all but one of them (a card cuts a sentence short).
 */
export class CardOpenings {
  private readonly sentences = new ShapeIndex();
  private readonly starts: string[][] = [];
  /** The first three words of each card's first sentence: "This is ·, …" twice reads alike however it goes on. */
  private readonly leads = new Set<string>();

  add(content: string, names: readonly string[]) {
    const shapes = CardOpenings.shapesOf(content, names);
    if (shapes[0]) this.leads.add(shapes[0].slice(0, CARD_LEAD_WORDS).join(' '));
    for (const shape of shapes) {
      this.sentences.add(shape);
      if (shape.length >= CARD_START_WORDS) this.starts.push(shape.slice(0, CARD_START_WORDS));
    }
  }

  opensAlike(content: string, names: readonly string[]): boolean {
    const shapes = CardOpenings.shapesOf(content, names);
    if (shapes[0] && this.leads.has(shapes[0].slice(0, CARD_LEAD_WORDS).join(' '))) return true;
    return shapes.some(
      (shape) =>
        this.sentences.hasTwin(shape) ||
        (shape.length >= CARD_START_WORDS && this.startsAlike(shape.slice(0, CARD_START_WORDS))),
    );
  }

  /**
   * Six opening words alike but for one: "had a round, shining head" and "had a round, sparkly head" open two
   * cards alike to a parent (the wording's synonyms swap one word), as the library measure hears it.
   */
  private startsAlike(start: readonly string[]): boolean {
    return this.starts.some((other) => editDistance(other, start) <= 1);
  }

  private static shapesOf(content: string, names: readonly string[]) {
    return splitSentences(storyPreview(content).replace(/…$/u, ''))
      .map((sentence) => shapeOf(sentence, names))
      .filter((shape) => shape.length >= 4);
  }
}
const CARD_START_WORDS = 6;
const CARD_LEAD_WORDS = 3;

const pairsOf = (shape: readonly string[]) => shape.slice(1).map((word, i) => `${shape[i]} ${word}`);

/** Word edit distance (insertions, deletions, swaps). */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? Math.max(a.length, b.length);
}
