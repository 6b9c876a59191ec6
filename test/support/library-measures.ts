import nlp from 'compromise';
import type { AgeBand } from '#common/age-bands.js';
import { storyPreview } from '#common/story-layout.js';
import { splitSentences } from '#common/story-validation.js';
import { writePlannedStory, type WrittenStory } from '../../storyteller/story-writer.js';
import { editDistance, sentencesReadBack } from '../../storyteller/heard-before.js';
import { corpusChoices, familyRepeatsOf, storyRequest, type StoryChoices, type Written } from './story-measures.js';

/**
 * What a parent hears across one child's library, read as a parent rereads it: the same sentence with a
 * name, a place or an adjective swapped ("near-twins"), the same episode again (a troll with a thorn in two
 * stories), two library cards that open alike, and how long the mission the child chose takes to resolve.
 * Independent of the writer's own bookkeeping where it can be: sentences are tagged by an outside English
 * tagger (compromise), not by the writer's word lists.
 */

/**
 * Two sentences are near-twins when, with names, places and adjectives masked, at least this share of their
 * words line up: 1 − (word edit distance ÷ the longer sentence's words). 0.8 lets one other word in five
 * differ (a verb swapped in a short line, two words in a long one); a sentence of four words or fewer is a
 * twin only when it is the same after masking.
 */
export const NEAR_TWIN_THRESHOLD = 0.8;

/** A masked word: a name, a place or an adjective, and a run of them, read as one. */
const MASK = '·';

const tagged = new Map<string, string[]>();

/**
 * A sentence as a parent compares it with another: its words, lower case, with each run of names, places
 * and adjectives (compromise's ProperNoun, Person, Place and Adjective tags, and the story's own `names`)
 * as one mask.
 */
export function maskedWords(sentence: string, names: readonly string[]): string[] {
  const key = `${names.join('|')}\u0000${sentence}`;
  const known = tagged.get(key);
  if (known) return known;
  const own = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)).filter(Boolean));
  const out: string[] = [];
  const terms = nlp(sentence).terms().json() as { terms: { text: string; tags: string[]; normal: string }[] }[];
  terms.forEach(({ terms: [term] }, i) => {
    if (!term) return;
    const word = term.normal.replace(/[^\p{L}\p{N}'-]/gu, '');
    if (!word) return;
    const bare = word.replace(/'s$/u, '');
    const tags = new Set(term.tags);
    const capitalisedInside = i > 0 && /^\p{Lu}/u.test(term.text) && !/^I$/u.test(term.text);
    const masked =
      own.has(bare) ||
      capitalisedInside ||
      tags.has('ProperNoun') ||
      tags.has('Person') ||
      tags.has('Place') ||
      tags.has('Adjective');
    if (!masked) out.push(word);
    else if (out.at(-1) !== MASK) out.push(MASK);
  });
  tagged.set(key, out);
  return out;
}

/** 1 − word edit distance ÷ the longer sentence's length. */
export function similarity(a: readonly string[], b: readonly string[]): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

const isTwin = (a: readonly string[], b: readonly string[]) => {
  const longer = Math.max(a.length, b.length);
  // Cheap refusal first: lengths too far apart cannot reach the threshold.
  if (Math.abs(a.length - b.length) > longer * (1 - NEAR_TWIN_THRESHOLD)) return false;
  return similarity(a, b) >= NEAR_TWIN_THRESHOLD;
};

/** One story of a family, as the measures read it. */
export type FamilyStory = Readonly<{ choices: StoryChoices; written: WrittenStory }>;

const namesOf = ({ choices, written }: FamilyStory) => [choices.heroName, written.names.friend, written.names.place];

export type NearTwinFigures = {
  /** Sentences counted (each story's deliberate refrain and the stock interjections left out). */
  sentences: number;
  /** Of them, sentences with a near-twin in another story of the same family. */
  withTwin: number;
  share: number;
  /** A few of the pairs, for reading. */
  examples: [string, string][];
};

/** Near-twin sentences across one family's stories. */
export function nearTwinsOf(family: readonly FamilyStory[]): NearTwinFigures {
  const told = family.map((story) => {
    const { written, choices } = story;
    const counted = new Set(sentencesReadBack(written.draft.paragraphs, choices.heroName.trim(), written.refrains));
    const sentences = written.draft.paragraphs
      .flatMap(splitSentences)
      .filter((s) => counted.has(sentencesReadBack([s], choices.heroName.trim())[0] ?? ''));
    return sentences.map((text) => ({ text, words: maskedWords(text, namesOf(story)) }));
  });
  let sentences = 0;
  let withTwin = 0;
  const examples: [string, string][] = [];
  told.forEach((own, i) => {
    for (const sentence of own) {
      sentences++;
      const twin = told.flatMap((other, j) => (j === i ? [] : other)).find((o) => isTwin(sentence.words, o.words));
      if (!twin) continue;
      withTwin++;
      if (examples.length < (process.env.ALL_TWINS ? 9999 : 12) && i < told.length - 1)
        examples.push([sentence.text, twin.text]);
    }
  });
  return { sentences, withTwin, share: withTwin / Math.max(1, sentences), examples };
}

export type EpisodeFigures = {
  /** Pairs of stories in the family that share an episode (the same obstacle, helper, hazard or mission). */
  pairs: number;
  /** The episodes heard in two stories or more, and in how many. */
  repeated: Map<string, number>;
};

/** Episodes shared across one family's stories, read from each story's text (story-world's episodesIn). */
export function episodeRepeatsOf(family: readonly FamilyStory[]): EpisodeFigures {
  const heard = family.map(({ written }) => new Set(written.episodes));
  let pairs = 0;
  const counts = new Map<string, number>();
  heard.forEach((own, i) => {
    for (const episode of own) counts.set(episode, (counts.get(episode) ?? 0) + 1);
    for (let j = i + 1; j < heard.length; j++) if ([...own].some((e) => heard[j]?.has(e))) pairs++;
  });
  return { pairs, repeated: new Map([...counts].filter(([, n]) => n >= 2)) };
}

export type OpeningFigures = {
  /** Library cards (the story's first 120 characters, as the card shows them) sharing an opening with another. */
  cardsSharing: number;
  examples: [string, string][];
};

/**
 * Cards that open alike: a sentence (or the cut one the card ends on, of four words or more) near-twin to
 * one on another card of the family.
 */
export function cardOpeningsOf(family: readonly FamilyStory[]): OpeningFigures {
  const cards = family.map((story) => {
    const preview = storyPreview(story.written.draft.paragraphs.join('\n\n')).replace(/…$/u, '');
    return {
      preview,
      parts: splitSentences(preview)
        .map((s) => maskedWords(s, namesOf(story)))
        .filter((w) => w.length >= 4),
    };
  });
  let cardsSharing = 0;
  const examples: [string, string][] = [];
  cards.forEach((card, i) => {
    const other = cards.find(
      (o, j) => j !== i && card.parts.some((part) => o.parts.some((p) => isTwin(part, p) || startsAlike(part, p))),
    );
    if (!other) return;
    cardsSharing++;
    if (examples.length < 6 && cards.indexOf(other) > i) examples.push([card.preview, other.preview]);
  });
  return { cardsSharing, examples };
}

/** The card cut a sentence short: the shorter one's words open the longer (six words or more alike). */
const startsAlike = (a: readonly string[], b: readonly string[]) => {
  const n = Math.min(a.length, b.length);
  return n >= 6 && isTwin(a.slice(0, n), b.slice(0, n));
};

export type MissionFigures = {
  /** Sentences that resolve the chosen mission at the climax: mean and least over the stories. */
  resolutionSentences: number;
  resolutionMin: number;
  /** Sentences of the middle (journey, discovery, obstacle) that carry the mission forward, mean and least. */
  middleSentences: number;
  middleMin: number;
};

/** How much of the story the chosen mission takes: read from each story's plan (its lines' threads). */
export function missionOf(stories: readonly FamilyStory[]): MissionFigures {
  const resolution: number[] = [];
  const middle: number[] = [];
  for (const { written } of stories) {
    const count = (beats: readonly string[]) =>
      written.plan
        .filter((step) => beats.includes(step.beat) && step.mission)
        .reduce((n, step) => n + splitSentences(step.text).length, 0);
    resolution.push(count(['climax']));
    middle.push(count(['journey', 'discovery', 'obstacle']));
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
  return {
    resolutionSentences: mean(resolution),
    resolutionMin: Math.min(...resolution),
    middleSentences: mean(middle),
    middleMin: Math.min(...middle),
  };
}

/**
 * A family's stories written in turn, as the workflow writes them: each told the stories before it (at most
 * 18: the family's 9 latest others and the 9 others a full library holds). `customs` are the family's own
 * descriptions, one story after another.
 */
export function writeFamily(
  choices: readonly StoryChoices[],
  hero: string,
  customs: readonly StoryChoices['custom'][],
): FamilyStory[] {
  const told: FamilyStory[] = [];
  for (const [i, choice] of choices.entries()) {
    const withCustom = { ...choice, heroName: hero, custom: customs[i % customs.length] ?? {} };
    const earlierStories = told.slice(-18).map(({ written }) => ({
      heroName: hero,
      title: written.draft.title,
      content: written.draft.paragraphs.join('\n\n'),
    }));
    told.push({ choices: withCustom, written: writePlannedStory(storyRequest(withCustom, { earlierStories })) });
  }
  return told;
}

/**
 * `size` stories of one band written blind to each other (no family's earlier stories told), from the corpus
 * seed's choices, all for one hero (a name alone must not be what makes two stories differ), with a family's
 * descriptions in a third of them: the storyteller test's corpus and the bench's.
 */
export function writeCorpus(band: AgeBand, size: number, seed = 2026, hero = 'Mia') {
  return corpusChoices(band, size, seed).map((choices, i) => {
    const withCustom = { ...choices, heroName: hero, custom: FAMILY_CUSTOMS[i % FAMILY_CUSTOMS.length] ?? {} };
    const written = writePlannedStory(storyRequest(withCustom));
    const story: Written = {
      choices: withCustom,
      draft: written.draft,
      refrains: written.refrains,
      names: written.names,
    };
    return { written, story };
  });
}

/** A third of the stories carry a family's descriptions, as families write them (all different). */
export const FAMILY_CUSTOMS: readonly StoryChoices['custom'][] = [
  {},
  { character: 'a tiny golden unicorn who loves singing' },
  {},
  { character: 'a shy bear holding a kite', storyType: 'snow', mission: 'find a teddy for my brother' },
  {},
  { storyType: 'dinosaurs', mission: 'bring flowers to grandpa' },
  {},
  { character: 'a funny red fox with a map', storyType: 'pirates' },
  {},
  { character: 'a big blue robot who loves pizza', mission: 'make cookies for mum' },
  {},
  { character: 'a clever green dinosaur holding an umbrella', storyType: 'magic' },
  {},
  { character: 'a sleepy pink bunny who loves books', storyType: 'space', mission: 'share apples with friends' },
  {},
  { character: 'a kind silver owl with a lantern', storyType: 'music', mission: 'plant a flower for grandma' },
];

export type LibraryFigures = {
  families: number;
  size: number;
  /** Families in which a sentence (refrains and stock interjections left out) or a title is said twice, word for word. */
  familiesWithSentenceTwice: number;
  familiesWithTitleTwice: number;
  nearTwinShare: number;
  nearTwinShareMax: number;
  /** Families with two stories sharing an episode, and such pairs on average. */
  familiesWithEpisodeTwice: number;
  episodePairs: number;
  familiesWithCardsAlike: number;
  cardsAlike: number;
  resolutionSentences: number;
  resolutionMin: number;
  middleSentences: number;
  middleMin: number;
};

/**
 * `families` families of `size` stories of one band, written in turn, each from the corpus seed's choices
 * (a child may pick one kind or mission again and again), all for one hero.
 */
export function libraryFiguresOf(band: AgeBand, families: number, size: number, seed = 2026, hero = 'Mia') {
  const choices = corpusChoices(band, families * size, seed);
  const written = Array.from({ length: families }, (_, f) =>
    writeFamily(choices.slice(f * size, (f + 1) * size), hero, FAMILY_CUSTOMS),
  );
  const twins = written.map(nearTwinsOf);
  const episodes = written.map(episodeRepeatsOf);
  const openings = written.map(cardOpeningsOf);
  const mission = missionOf(written.flat());
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
  const asWritten = (family: FamilyStory[]) =>
    family.map(({ choices, written }) => ({ choices, draft: written.draft, refrains: written.refrains }));
  const figures: LibraryFigures = {
    families,
    size,
    familiesWithSentenceTwice: familyRepeatsOf(written.flatMap(asWritten), size).withRepeats,
    familiesWithTitleTwice: written.filter((f) => new Set(f.map((s) => s.written.draft.title)).size < f.length).length,
    nearTwinShare:
      twins.reduce((n, t) => n + t.withTwin, 0) /
      Math.max(
        1,
        twins.reduce((n, t) => n + t.sentences, 0),
      ),
    nearTwinShareMax: Math.max(...twins.map((t) => t.share)),
    familiesWithEpisodeTwice: episodes.filter((e) => e.pairs > 0).length,
    episodePairs: mean(episodes.map((e) => e.pairs)),
    familiesWithCardsAlike: openings.filter((o) => o.cardsSharing > 0).length,
    cardsAlike: mean(openings.map((o) => o.cardsSharing)),
    ...mission,
  };
  return { figures, written, twins, episodes, openings };
}
