import type { AgeBandConfig } from '#common/age-band-config.js';
import type { AgeBand } from '#common/age-bands.js';
import {
  CHARACTER_TYPES,
  MISSION_MAPPING,
  MISSIONS,
  STORY_TYPES,
  type CharacterType,
  type Mission,
  type StoryType,
} from '#common/story-choices.js';
import { splitSentences } from '#common/story-validation.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { mulberry32, pick } from '../../storyteller/random.js';
import { asReadBack, sentencesReadBack, WORD, wordsOf } from '../../storyteller/heard-before.js';
import { escapeRegExp } from '../../storyteller/template.js';
import type { PromptTemplate, StoryDraft, StoryRequest } from '../../lambdas/workflow/providers/types.js';

/**
 * The storyteller's variety and richness, measured over a corpus of stories the way a rereading child
 * (and the band validators) would notice them. Used by the unit tests, which print the figures.
 */

/** The two band configurations, as the server loads them. */
export const BANDS: Readonly<Record<AgeBand, AgeBandConfig>> = AGE_BAND_CONFIGS;

/** The active template a request carries (the local provider reads none of it). */
export const template: PromptTemplate = {
  id: 'tpl-1',
  version: 1,
  type: 'story_system',
  content: 'unused by the local provider',
  model: 'local',
  temperature: 0.7,
  maxTokens: 2000,
};

export type StoryChoices = {
  band: AgeBand;
  heroName: string;
  characterType: CharacterType;
  storyType: StoryType;
  mission: Mission;
  styleIndex: number;
  seed: number;
  custom?: { character?: string; storyType?: string; mission?: string };
};

export function storyRequest(choices: StoryChoices, extra: Partial<StoryRequest> = {}): StoryRequest {
  const band = BANDS[choices.band];
  const styles = band.auto_mapping[choices.storyType];
  return {
    storyId: 'story-1',
    heroName: choices.heroName,
    characterType: choices.characterType,
    storyType: choices.storyType,
    mission: choices.mission,
    narrativeStructure: MISSION_MAPPING[choices.mission].narrativeStructure,
    themeId: MISSION_MAPPING[choices.mission].themeId,
    writingStyle: styles[choices.styleIndex % styles.length]?.style ?? 'brave-adventure',
    artStyle: 'pixar-3d',
    ageBand: choices.band,
    band,
    customDescriptions: choices.custom ?? {},
    template,
    seed: choices.seed,
    attempt: 1,
    problems: [],
    earlierStories: [],
    ...extra,
  };
}

const NAMES = ['Mia', 'Leo', 'Zoe', 'Arlo', 'Nia', 'Sam', 'Ivy', 'Omar', 'Lily', 'Theo', 'Ava', 'Kai'];

/** `count` stories of one band, each from different choices (the seed alone differs at most). */
export function corpusChoices(band: AgeBand, count: number, seed = 2026): StoryChoices[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => ({
    band,
    heroName: pick(random, NAMES),
    characterType: pick(random, CHARACTER_TYPES),
    storyType: pick(random, STORY_TYPES),
    mission: pick(random, MISSIONS),
    styleIndex: Math.floor(random() * 6),
    seed: 1000 + i,
  }));
}

/** A sentence as it reads whatever the hero is called. */
const normalised = (sentence: string, hero: string) => sentence.replaceAll(hero, 'HERO').replace(/\s+/g, ' ').trim();

/**
 * `refrains`: the sentences the writer repeats on purpose (see WrittenStory); `names`: the friend's and the
 * place's own names.
 */
export type Written = {
  choices: StoryChoices;
  draft: StoryDraft;
  refrains?: readonly string[];
  names?: Readonly<{ friend: string; place: string }>;
};

/** Sentences a story says twice or more are its deliberate refrains, and are not counted as repeats. */
function storySentences({ choices, draft }: Written): { all: string[]; refrains: Set<string> } {
  const all = draft.paragraphs.flatMap(splitSentences).map((s) => normalised(s, choices.heroName));
  const seen = new Set<string>();
  const refrains = new Set<string>();
  for (const s of all) (seen.has(s) ? refrains : seen).add(s);
  return { all, refrains };
}

export type VarietyFigures = {
  stories: number;
  sentences: number;
  /** Distinct sentences / all sentences, refrains left out. */
  distinctSentenceRatio: number;
  /** Sentences (outside refrains) that occur in two stories or more. */
  sharedSentences: number;
  /** The share of stories the most repeated sentence appears in. */
  topSentenceShare: number;
  topSentence: string;
  /** Five-word phrases found in more than a tenth of the stories. */
  commonPhrases: number;
  /** Distinct opening sentences / stories. */
  distinctOpenings: number;
};

export function varietyOf(stories: readonly Written[]): VarietyFigures {
  const counts = new Map<string, number>();
  const phrases = new Map<string, number>();
  let total = 0;
  const openings = new Set<string>();
  for (const story of stories) {
    const { all, refrains } = storySentences(story);
    const opening = story.draft.paragraphs[0] ?? '';
    openings.add(normalised(opening.slice(0, 120), story.choices.heroName));
    const own = new Set(all.filter((s) => !refrains.has(s)));
    total += all.filter((s) => !refrains.has(s)).length;
    for (const s of own) counts.set(s, (counts.get(s) ?? 0) + 1);
    const words = wordsOf(all.filter((s) => !refrains.has(s)).join(' ')).map((w) =>
      w === story.choices.heroName.toLowerCase() ? 'hero' : w,
    );
    const grams = new Set<string>();
    for (let i = 0; i + 5 <= words.length; i++) grams.add(words.slice(i, i + 5).join(' '));
    for (const g of grams) phrases.set(g, (phrases.get(g) ?? 0) + 1);
  }
  const [topSentence, top] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  const distinct = counts.size;
  return {
    stories: stories.length,
    sentences: total,
    distinctSentenceRatio: distinct / Math.max(1, total),
    sharedSentences: [...counts.values()].filter((n) => n >= 2).length,
    topSentenceShare: top / Math.max(1, stories.length),
    topSentence,
    commonPhrases: [...phrases.values()].filter((n) => n > stories.length / 10).length,
    distinctOpenings: openings.size / Math.max(1, stories.length),
  };
}

export type RichnessFigures = {
  meanWordLength: number;
  meanSentenceLength: number;
  sentenceLengthVariance: number;
  /**
   * Type-token ratio as a moving average over 50-word windows (MATTR): distinct words / words, measured
   * so that a longer story is not marked down for being longer.
   */
  typeTokenRatio: number;
  /** Words of seven letters or more, per hundred words. */
  longWordsPer100: number;
};

export function richnessOf(stories: readonly Written[]): RichnessFigures {
  let letters = 0;
  let words = 0;
  let long = 0;
  const lengths: number[] = [];
  let ttr = 0;
  for (const { draft } of stories) {
    const text = draft.paragraphs.join(' ');
    const all = wordsOf(text);
    for (const w of all) {
      letters += [...w].length;
      if ([...w].length >= 7) long++;
    }
    words += all.length;
    for (const sentence of draft.paragraphs.flatMap(splitSentences)) lengths.push(wordsOf(sentence).length);
    let windows = 0;
    let ratio = 0;
    for (let i = 0; i + 50 <= all.length; i++, windows++) ratio += new Set(all.slice(i, i + 50)).size / 50;
    ttr += ratio / Math.max(1, windows);
  }
  const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const variance = lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, lengths.length);
  return {
    meanWordLength: letters / Math.max(1, words),
    meanSentenceLength: mean,
    sentenceLengthVariance: variance,
    typeTokenRatio: ttr / Math.max(1, stories.length),
    longWordsPer100: (100 * long) / Math.max(1, words),
  };
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Prints figures as a small table the lead can quote. */
export function printTable(title: string, rows: Record<string, Record<string, number | string>>) {
  const table = Object.fromEntries(
    Object.entries(rows).map(([name, figures]) => [
      name,
      Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])),
    ]),
  );
  console.log(`\n${title}`);
  console.table(table);
}

/**
 * The sentences a story says once, as read back: a line said three times is its style's refrain, which that
 * style's stories share on purpose.
 */
export function sentencesSaidOnce(paragraphs: readonly string[], heroName: string): string[] {
  const said = paragraphs.flatMap(splitSentences).map((s) => asReadBack(s, heroName));
  return said.filter((s) => said.indexOf(s) === said.lastIndexOf(s));
}

export type SharedFigures = {
  stories: number;
  /** Sentence occurrences counted (refrains and stock interjections left out). */
  sentences: number;
  /** Distinct sentences that two stories or more say. */
  sharedSentences: number;
  /** The share of the counted sentence occurrences that are such shared sentences. */
  shareOfSentencesShared: number;
  /** The most shared sentence and how many stories say it. */
  topShared: string;
  topSharedStories: number;
};

/**
 * Sentences that two stories of different choices both say, outside the deliberate refrains: each story's
 * own refrain (its style's refrain line, see WrittenStory) and the tiny list of STOCK_INTERJECTIONS
 * (heard-before.ts).
 * `stories` must all come from different choices.
 */
export function sharedSentencesOf(stories: readonly Written[]): SharedFigures & { shared: Map<string, number> } {
  const told = stories.map(({ choices, draft, refrains = [] }) =>
    sentencesReadBack(draft.paragraphs, choices.heroName.trim(), refrains),
  );
  const counts = new Map<string, number>();
  for (const own of told) for (const s of new Set(own)) counts.set(s, (counts.get(s) ?? 0) + 1);
  const shared = new Map([...counts].filter(([, n]) => n >= 2));
  const total = told.reduce((sum, own) => sum + own.length, 0);
  const inShared = told.reduce((sum, own) => sum + own.filter((s) => shared.has(s)).length, 0);
  const [topShared, topSharedStories] = [...shared].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return {
    stories: stories.length,
    sentences: total,
    sharedSentences: shared.size,
    shareOfSentencesShared: inShared / Math.max(1, total),
    topShared,
    topSharedStories,
    shared,
  };
}

export type FamilyFigures = {
  families: number;
  /** Families in which two stories or more say the same sentence (refrains and stock interjections left out). */
  withRepeats: number;
  /** Such sentences, per family: on average and at most. */
  meanRepeats: number;
  maxRepeats: number;
};

/**
 * What a family meets: the corpus is cut into families of `size` stories each (a library holds at most 10,
 * and the writer is told up to 18 a child has heard), and each family's shared sentences are counted as above.
 */
export function familyRepeatsOf(stories: readonly Written[], size: number): FamilyFigures {
  const counts: number[] = [];
  for (let i = 0; i + size <= stories.length; i += size)
    counts.push(sharedSentencesOf(stories.slice(i, i + size)).sharedSentences);
  return {
    families: counts.length,
    withRepeats: counts.filter((n) => n > 0).length,
    meanRepeats: counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length),
    maxRepeats: Math.max(0, ...counts),
  };
}

export type NamingFigures = {
  /** The friend's name, said per hundred words of the story: mean and max over the stories. */
  friendPer100: number;
  friendPer100Max: number;
  /** The place's own name, likewise ("Zoomara", also inside "Starbase Zoomara"). */
  placePer100: number;
  placePer100Max: number;
  /** The name said most in a story, the hero's left out, and how often: mean and max over the stories. */
  mostNamed: number;
  mostNamedMax: number;
  mostNamedWord: string;
};

const timesSaid = (name: string, text: string) =>
  name ? (text.match(new RegExp(`(?<![\\p{L}'’-])${escapeRegExp(name)}(?![\\p{L}-])`, 'gu')) ?? []).length : 0;

/**
 * How often a story names its friend and its place, as a parent reading aloud hears it: per hundred words,
 * and the name said most in a story (a word always capitalised, said at least once inside a sentence), the
 * hero's own name left out.
 */
export function namingOf(stories: readonly Written[]): NamingFigures {
  const friend: number[] = [];
  const place: number[] = [];
  const most: [string, number][] = [];
  for (const { choices, draft, names } of stories) {
    const text = draft.paragraphs.join(' ');
    const words = wordsOf(text).length;
    friend.push((100 * timesSaid(names?.friend ?? '', text)) / Math.max(1, words));
    place.push((100 * timesSaid(names?.place ?? '', text)) / Math.max(1, words));
    const hero = new Set(choices.heroName.split(/\s+/).map((w) => w.toLowerCase()));
    const said = new Map<string, { times: number; lower: boolean; inside: boolean }>();
    for (const sentence of draft.paragraphs.flatMap(splitSentences)) {
      const found = [...sentence.matchAll(WORD)];
      found.forEach((match, i) => {
        const word = match[0];
        const key = word.toLowerCase();
        const entry = said.get(key) ?? { times: 0, lower: false, inside: false };
        entry.times++;
        if (!/^\p{Lu}/u.test(word)) entry.lower = true;
        else if (i > 0 && !/["“]\s*$/u.test(sentence.slice(0, match.index))) entry.inside = true;
        said.set(key, entry);
      });
    }
    const named = [...said].filter(([w, e]) => !e.lower && e.inside && !hero.has(w) && w !== 'i');
    most.push(named.reduce<[string, number]>((a, [w, e]) => (e.times > a[1] ? [w, e.times] : a), ['', 0]));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const top = most.reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return {
    friendPer100: mean(friend),
    friendPer100Max: Math.max(0, ...friend),
    placePer100: mean(place),
    placePer100Max: Math.max(0, ...place),
    mostNamed: mean(most.map(([, n]) => n)),
    mostNamedMax: top[1],
    mostNamedWord: top[0],
  };
}
