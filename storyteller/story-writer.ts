import type { AgeBandConfig, WritingStyle } from '#common/age-band-config.js';
import type { CharacterType, ImageType, Mission, StoryType } from '#common/story-choices.js';
import { countSpokenWords, splitSentences, validateStory } from '#common/story-validation.js';
import { countWords } from '#common/words.js';
import type { StoryDraft, StoryRequest } from '../lambdas/workflow/providers/types.js';
import { hashSeed, mulberry32, pick, shuffle, type Random } from './random.js';
import {
  DIRECTIVES,
  flavourFor,
  STRUCTURES,
  type Beat,
  type BeatName,
  type Directive,
  type Line,
  type StyleFlavour,
  type Thread,
} from './story-beats.js';
import { factsIn, spendDayTies, startTying, tieToStory, withReaction, type Facts, type Tying } from './grammar.js';
import { companionName, dayOf, familyDay, placeName as nameAPlace } from './facts.js';
import { CHARACTERS, KINDS, RIDDLES, WISHES, WISH_OPENINGS, type MissionTarget } from './story-world.js';
import {
  freshChallenge,
  freshHazard,
  freshMentor,
  freshTarget,
  hazardEpisode,
  helperEpisode,
  missionEpisode,
  obstacleEpisode,
  type Episodes,
} from './episodes.js';
import { capitalise, choose, fill, render, replyOnlyToSpeech, wholeWord, type TemplateContext } from './template.js';
import { wordingFor } from './wording.js';
import { readFamilyWords } from '#common/family-words.js';
import { familyTarget, familyWorld } from './family-world.js';
import { nameLightly, type Naming } from './naming.js';
import { heardIn, repeatsIn, sentencesReadBack, shapeOf, type Heard } from './heard-before.js';
import {
  CREATURES,
  describeHero,
  readErrand,
  readHeroTraits,
  readTheme,
  OBJECTS,
  type HeroTraits,
  type Theme,
} from './traits.js';
import {
  errandLines,
  heldPayOff,
  heldSetUp,
  looksLine,
  lovesPayOff,
  lovesSetUp,
  personalityPayOff,
  personalitySetUp,
  themePayOff,
  themeSetUp,
} from './woven.js';

/**
 * The local provider's writer: a story assembled from the structure's beats and the world data, then
 * lengthened line by line until it sits inside the band's word, sentence, dialogue and page ranges. The
 * same request always gives the same story; any change to the choices (or a retry) gives another.
 */

/** Band B's companion, worried at the path's hazard: one of several voices, so no two stories share it. */
const HAZARD_WORRIES = [
  "{Pal} tugged anxiously at {hero}'s sleeve and pleaded to find another route[ around {hazard}].",
  '"Merely looking at it makes me (dizzy|queasy)," {pal} confessed uneasily.',
  '{Pal} sat down abruptly. "Perhaps I will simply wait here[ in {placeName}] until it disappears," {pal} announced.',
  '{Pal} scrutinised {hazard} and wondered aloud whether it was truly safe[ to attempt].',
  '"(Oh dear|Hmm), how will we ever get past that?" asked {pal}, peering ahead nervously.',
  '{Pal} gulped. "That looks (tricky|wobbly|treacherous)," {pal} murmured. "Is there another way round {hazard}[ in {placeName}]?"',
  '"We could turn back," {pal} suggested in a (small|thin) voice, though neither of them wanted to leave {placeName} unexplored.',
  '{Pal} crept closer to {hero}, (eyeing|staring at) {hazard}. "I have never crossed anything like (that|this), not in all of {placeName}," {pal} admitted.',
  '"Right," {said} {hero}, studying {hazard} (carefully|closely)[ on the way across {placeName}]. "(Let\'s think|Let\'s not rush), {pal}, because there is always a way across, even in {placeName}."',
  '{Pal} (squinted|stared) at {hazard}, thinking hard. "What now, {hero}?" asked {pal}.',
] as const;

const RICH_SAID = ['replied', 'exclaimed', 'announced', 'declared', 'remarked', 'suggested'] as const;

/** Alternative drafts tried before giving up on a perfect fit (a story takes about 20 ms, its drafts included). */
const VARIANTS = 8;
/**
 * And, rarely needed, more lean drafts after them: band A's sentences sit at the edge of its length rule, and a
 * two-word hero name with a family's long description now and then needs a few more draws to fit (in these
 * drafts, band A calls the hero by the first word after the opening).
 */
const LAST_RESORT_VARIANTS = 8;

/**
 * More drafts, tried only when every draft above repeats something the family has heard: a child who picks
 * one mission again and again (six Ranch stories in a library of ten) needs them now and then.
 */
const FRESH_VARIANTS = 16;

/**
 * Sentences a draft may share in shape with the family's earlier stories (heard-before.ts) before another
 * draft is tried: a library of ten stories of about 40 sentences each may have 5 % near-twins.
 */
const TWINS_ALLOWED = 0;
/** Times a line is drawn again when it comes out the shape of a sentence the family has heard. */
const FRESH_DRAWS = 6;

/** Words per sentence, on average, the story leaves free for the grammar's ties. */
const TIE_ROOM = 1.5;
/** Spread the optional lines out, so no page reads like a list. */
const MAX_EXTRAS_PER_PARAGRAPH = 4;

type Targets = { words: number; sentenceLength: number; dialogRatio: number };

/** `removable`: an optional line (an extra, or a core line marked `maybe`) the writer may drop to fit the band. */
type StoryLine = {
  text: string;
  sets?: Thread | undefined;
  pays?: Thread | undefined;
  words: number;
  sentences: number;
  spoken: number;
  keepWithNext: boolean;
  removable: boolean;
  /** Said as written: the opening (the hero as the family named it) and the refrain (the same each time). */
  fixed?: boolean;
  mission?: boolean;
};
/** `pool` holds the optional lines still unused; `rendered` keeps each one as first written, so it is judged as it will read. */
type Paragraph = {
  beat: BeatName;
  lines: StoryLine[];
  pool: string[];
  rendered: Map<string, StoryLine | null>;
  added: number;
};

/** One story being written: its choices, its voice, and the optional lines already used. */
type Story = {
  characterType: CharacterType;
  band: AgeBandConfig;
  style: WritingStyle | undefined;
  fullName: string;
  random: Random;
  context: TemplateContext;
  flavour: StyleFlavour;
  refrain: string | undefined;
  /** What the family's descriptions change, read as traits: their own words never reach the story. */
  traits: HeroTraits;
  theme: Theme | undefined;
  errand: readonly [setUp: string, payOff: string] | undefined;
  wish: (typeof WISHES)[number] | undefined;
  used: Set<string>;
  /** The facts that set this story apart, and the ties still allowed (grammar.ts). */
  facts: Facts;
  tying: Tying;
  /** What the family has heard, and this story's names, to keep its lines from sounding like those. */
  heard: Heard;
  names: readonly string[];
  /** Which draft this is (see writePlannedStory). */
  variant: number;
};

/** One line of the story's plan: the beat it belongs to, what it sets up or pays off, and its words. */
export type PlanStep = Readonly<{
  beat: BeatName;
  sets?: Thread | undefined;
  pays?: Thread | undefined;
  /** The line moves the chosen mission on (its trouble set up, a step taken, the mission done). */
  mission?: boolean;
  text: string;
}>;
/**
 * `refrains`: the sentences this story repeats on purpose (its style's refrain line), which other stories
 * of the same style repeat too. Every other sentence is meant to be this story's own.
 */
export type WrittenStory = Readonly<{
  draft: StoryDraft;
  plan: readonly PlanStep[];
  refrains: readonly string[];
  /** The friend's and the place's own names, as the story says them (for the tests that count them). */
  names: Readonly<{ friend: string; place: string }>;
  /** The story's episodes (its obstacle, its mission's target, its helper and hazard), as episodesIn reads them. */
  episodes: readonly string[];
}>;

export const writeStory = (request: StoryRequest): StoryDraft => writePlannedStory(request).draft;

/**
 * The story and its plan of beats (for the tests that walk its set-ups and pay-offs): the first draft that
 * fits the band and repeats nothing of the family's other stories. Failing that, a draft that fits comes
 * first, then one whose title is new, then the one with the fewest sentences the child has heard.
 */
export function writePlannedStory(request: StoryRequest): WrittenStory {
  const heard = heardIn(request.earlierStories);
  const heroName = heroNameOf(request.heroName);
  let best: { written: WrittenStory; rank: number[] } | undefined;
  const tries = VARIANTS + LAST_RESORT_VARIANTS + (request.earlierStories.length ? FRESH_VARIANTS : 0);
  for (let variant = 0; variant < tries; variant++) {
    const written = compose(request, variant, heard);
    const { problems } = validateStory(written.draft, request.band);
    const repeats = repeatsIn(written.draft, heroName, written.refrains, heard);
    // Lower is better, compared in order: the band's problems, a title heard before, a library card that opens
    // like another, sentences heard before, then sentences with a near-twin the family heard (past the few a
    // story may have).
    const rank = [
      problems.length,
      repeats.title ? 1 : 0,
      repeats.opening ? 1 : 0,
      repeats.sentences,
      Math.max(0, repeats.twins - TWINS_ALLOWED),
    ];
    if (rank.every((n) => n === 0)) return written;
    if (!best || isLess(rank, best.rank)) best = { written, rank };
    // The drafts after the first sixteen are for a story that would repeat a title or a sentence word for
    // word, or not fit its band: a few near-twins more are not worth their time (about 20 ms a draft).
    if (variant === VARIANTS + LAST_RESORT_VARIANTS - 1 && best.rank.every((n, i) => n <= (i < 4 ? 0 : TWINS_ALLOWED)))
      break;
  }
  // Rarely, no draft fits the band: a few more lean ones, as if nothing had been heard (see leanDraft).
  for (
    let variant = LAST_CHANCE;
    best && best.rank[0] !== 0 && variant < LAST_CHANCE + LAST_RESORT_VARIANTS;
    variant++
  ) {
    const written = compose(request, variant, heard);
    const repeats = repeatsIn(written.draft, heroName, written.refrains, heard);
    const rank = [
      validateStory(written.draft, request.band).problems.length,
      repeats.title ? 1 : 0,
      repeats.opening ? 1 : 0,
      repeats.sentences,
      repeats.twins,
    ];
    if (isLess(rank, best.rank)) best = { written, rank };
  }
  if (!best) throw new Error('The local writer produced no draft');
  return best.written;
}

const isLess = (a: readonly number[], b: readonly number[]) => {
  const at = a.findIndex((n, i) => n !== b[i]);
  return at >= 0 && (a[at] ?? 0) < (b[at] ?? 0);
};

/** Where the band and the style want the story to land, nudged by the last attempt's problems. */
function targetsFor(request: StoryRequest, style: WritingStyle | undefined, random: Random): Targets {
  const { words_total, sentence_len, dialog_ratio_target } = request.band.bands;
  const span = words_total.max - words_total.min;
  let words = words_total.min + span * (0.3 + random() * 0.4);
  const rhythm = style?.rhythm.sentence_len_range ?? sentence_len;
  let sentenceLength = (rhythm.min + rhythm.max) / 2;
  let dialogRatio = (dialog_ratio_target + (style?.rhythm.dialog_ratio_target ?? dialog_ratio_target)) / 2;

  const step = request.band.validators.dialog_ratio_tolerance / 2;
  for (const problem of request.attempt > 1 ? request.problems : []) {
    const text = problem.toLowerCase();
    if (text.includes('story is too short')) words = words_total.max - span * 0.15;
    if (text.includes('story is too long')) words = words_total.min + span * 0.15;
    if (text.includes('too little dialogue')) dialogRatio += step;
    if (text.includes('too much dialogue')) dialogRatio -= step;
    if (text.includes('sentences are too long')) sentenceLength = sentence_len.min + 1;
    if (text.includes('sentences are too short')) sentenceLength = sentence_len.max - 1;
  }
  // Room for the grammar's ties (tie() below), which lengthen some sentences once the story is written.
  const tieRoom = Math.min(TIE_ROOM, sentenceLength - sentence_len.min - 0.5);
  return { words: Math.round(words - span * 0.08), sentenceLength: sentenceLength - Math.max(0, tieRoom), dialogRatio };
}

/** "mia rose" → "Mia Rose"; names already capitalised are left as the family wrote them. */
function heroNameOf(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])(\p{Ll})/gu, (_, lead: string, first: string) => lead + first.toUpperCase());
}

/** What the story calls the hero after the opening: a name of three words or more is shortened to its first. */
const callNameOf = (fullName: string) => {
  const words = fullName.split(' ');
  return words.length > 2 ? (words[0] ?? fullName) : fullName;
};

/** Everything that shapes a story shapes its seed: any change to the choices gives another story. */
function seedOf(request: StoryRequest, fullName: string, variant: number): number {
  const custom = request.customDescriptions;
  return hashSeed(
    request.seed,
    request.attempt,
    variant,
    fullName,
    request.characterType,
    request.storyType,
    request.mission,
    request.narrativeStructure,
    request.writingStyle,
    request.ageBand,
    custom.character ?? '',
    custom.storyType ?? '',
    custom.mission ?? '',
  );
}

/** Places a story is on, not in: on Honeyholt Island, on Planet Zoomba, on the Great Sky Bridge. */
const ON_A_PLACE = /\b(Island|Mountain|Planet|Starbase|Bridge)\b/u;

/** Band B: a confident reader, who meets richer words, longer names and longer sentences. */
const readsConfidently = (band: AgeBandConfig) => band.bands.vocab.level === 'confident-reader';

/** A band's page holds at most this many words, and the style may ask for fewer. */
const pageCapOf = (band: AgeBandConfig, style: WritingStyle | undefined) =>
  Math.min(style?.page_rules.max_words_per_page ?? Infinity, band.bands.words_per_page.max);

/**
 * The cast and the places: who the hero meets, where, and what the mission is about; its episodes ones the
 * family has not heard while there are such (episodes.ts).
 */
function castOf(request: StoryRequest, hero: string, random: Random, heard: Episodes) {
  const kind = KINDS[request.storyType];
  // The family's own kind of story and mission, as read (common/family-words.ts), are its world and its goal.
  const reading = {
    kind: readFamilyWords(request.customDescriptions.storyType),
    mission: readFamilyWords(request.customDescriptions.mission),
  };
  const world = familyWorld(reading.kind, pick(random, kind.worlds));
  const amongStars = world.key === 'space' || world.key === 'moon';
  return {
    world,
    placeName: nameAPlace(amongStars ? 'stars' : 'everyday', random),
    companion: {
      name: companionName(hero, random, readsConfidently(request.band)),
      ...pick(random, kind.companions),
    },
    day: familyDay(dayOf(random, amongStars), reading.kind.weather ?? reading.mission.weather),
    challenge: freshChallenge(random, request.storyType, heard),
    mentor: freshMentor(random, request.storyType, heard),
    riddle: pick(random, RIDDLES),
    target: familyTarget(reading.mission) ?? freshTarget(random, request.mission, request.storyType, heard),
    familyGoal: familyTarget(reading.mission) !== undefined,
    hazard: freshHazard(random, request.storyType, heard),
    snack: pick(random, kind.snacks),
  };
}

function compose(request: StoryRequest, variant: number, heard: Heard): WrittenStory {
  const { band } = request;
  const fullName = heroNameOf(request.heroName);
  // Band A's last-resort drafts call a two-word hero by the first word after the opening, as the longer names are.
  const lastResort = variant >= VARIANTS && !readsConfidently(band);
  const hero = lastResort ? (fullName.split(' ')[0] ?? fullName) : callNameOf(fullName);
  const random = mulberry32(seedOf(request, fullName, variant));
  const style = band.styles[request.writingStyle] ?? band.styles[band.selectors.style_picker.fallback_style];
  const flavour = flavourFor(request.writingStyle);
  const character = CHARACTERS[request.characterType];
  const traits = readHeroTraits(request.customDescriptions.character);
  // A described creature is what the hero is ("a small purple dragon"); other heroes keep their noun.
  const creature = request.characterType === 'Creature' ? traits.creature : undefined;
  const noun = creature ?? character.noun;
  const { world, placeName, companion, day, challenge, mentor, riddle, target, hazard, snack, familyGoal } = castOf(
    request,
    hero,
    random,
    heard.episodes,
  );
  const place = world.place.replace('{placeName}', placeName);
  // The place's sights in an order of the story's own, so two stories of one place point out different ones.
  const sights = shuffle(random, world.sights);

  // "a clock": the riddle's answer, as a sentence says it.
  const riddleAnswer = riddle[1].replace(/[!.]$/, '').replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  const vars: Record<string, string | (() => string)> = {
    hero,
    fullName,
    pal: companion.name,
    palDesc: companion.desc,
    palKind: companion.kind,
    // What the hero holds of the friend: a parrot's wing, a pony's hoof, a puppy's paw.
    palLimb: companion.limb,
    // Band B names the companion's kind with the name ("Pip the parrot"); band A's sentences stay short.
    palThe: readsConfidently(band) ? `${companion.name} the ${companion.kind}` : companion.name,
    aType: describeHero({ ...traits, colour: creature ? traits.colour : undefined, creature }, character.noun),
    noun,
    placeName,
    place,
    inPlace: `${ON_A_PLACE.test(place) || /^the [\p{L} ]*\b(island|ship|boat|moon|planet|mountain) of\b/u.test(place) ? 'on' : 'in'} ${place}`,
    daypart: day.daypart,
    weather: day.weather,
    sight0: sights[0] ?? place,
    sight1: sights[1] ?? place,
    sight2: sights[2] ?? place,
    hazard,
    snack,
    mentorName: mentor.name,
    mentorDesc: mentor.desc,
    mentorGift: mentor.gift,
    riddleQuestion: riddle[0],
    // Said to the friend, so the answer is this story's: "It is a clock, Pip!"
    riddleSaid: `It is ${riddleAnswer}, ${companion.name}!`,
    riddleAnswer,
    challengeWho: challenge.who,
    // Before the truth comes out, the one in trouble is called what it looks like ("the tall, flapping white shape").
    challengeSeen: challenge.who.replace(/^an? /, 'the '),
    challengeThe: challenge.the,
  };
  const context: TemplateContext = {
    vars,
    random,
    rich: readsConfidently(band),
    avoid: (style?.lexicon.avoid ?? []).map(wholeWord),
    reword: wordingFor(readsConfidently(band), mulberry32(hashSeed(seedOf(request, fullName, variant), 'wording'))),
  };
  // Mostly plain "said", as good children's writers do; the style's own verbs now and then.
  // Band B's speakers reply, exclaim and announce too, as confident readers' books do.
  const saying = context.rich ? [...flavour.said, ...RICH_SAID] : flavour.said;
  vars.said = () => (random() < (context.rich ? 0.25 : 0.6) ? 'said' : choose(saying, context));
  // Clauses first (they may use the values above), then the sentences built from them.
  const clauses = {
    sound: world.sound,
    challengeSign: challenge.sign,
    challengeGrowl: challenge.growl,
    challengeReveal: challenge.reveal,
    challengeFix: challenge.fix,
    thing: target.thing,
    when: target.when,
    clue: target.clue,
    steps: target.steps,
    trouble: target.trouble,
    goal: target.goal,
    setOff: target.setOff,
    achieve: target.achieve,
    success: target.success,
    packs: pick(random, character.packs),
  };
  for (const [key, template] of Object.entries(clauses)) vars[key] = fill(template, context);
  vars.thingIs = target.plural ? 'are' : 'is';
  vars.thingWas = target.plural ? 'were' : 'was';
  // One thing found is not counted ("find a teddy for my brother": not "Every one of them is here", issue 37).
  vars.they = target.plural ? 'they' : 'it';
  vars.them = target.plural ? 'them' : 'it';
  vars.counted = target.plural ? 'counted' : 'looked';
  vars.allHere = target.plural ? 'Every one of them is here' : 'Not a scratch on it';
  vars.allSafe = target.plural ? 'One, two, three, all safe' : 'Safe and sound';
  vars.countedAll = target.plural ? 'counted them all' : 'checked it over';
  vars.sky = fill(day.sky, context);
  // The companion's reactions lengthen three sentences: band A's later drafts leave them out if it must.
  // The worry is taken in by the friend (it is the line every story of the mission says), but in the last resort.
  // An episode the family has heard before (a family of more than ten may meet one again) always takes the
  // friend's reaction, so its lines are not said word for word again.
  const heardEpisode = heard.episodes.has(obstacleEpisode(challenge)) || heard.episodes.has(missionEpisode(target));
  const react = (template: string, mood: Parameters<typeof withReaction>[1]) =>
    !context.rich && variant >= VARIANTS / 2 && (mood !== 'worry' || lastResort) && !heardEpisode
      ? template
      : withReaction(template, mood);
  vars.challengeAppear = render(react(challenge.appear, 'surprise'), context);
  vars.challengeThanks = render(react(challenge.thanks, 'relief'), context);
  vars.worry = render(react(target.worry, 'worry'), context);
  vars.view = render(
    target.view ??
      '<{Pal} and {hero} saw {sight0} and {sight1}./Along the way {pal} and {hero} passed {sight0}, and then {sight1}.>',
    context,
  );
  // Where the hero lives, said in the setup's own words (story-beats.ts): "on Buttercup Ranch…", "in a cabin…".
  vars.homePlace = fill(target.home ?? world.home, context);
  vars.homeAt = `${target.home ? 'on' : 'in'} ${vars.homePlace}`;
  // A home that already says where it is ("…, where the chickens ruled the yard") takes no second "where".
  vars.seeFromHome = /\bwhere\b/u.test(vars.homePlace) ? '' : `, where you could see ${String(vars.sight0)}`;

  const custom = request.customDescriptions;
  // Band A's last drafts, when the others ran long, leave out the family's kind of story and errand (each
  // thread whole, set-up and pay-off): a story that fits the band matters more.
  const lean = !context.rich && variant >= VARIANTS - 2;
  const theme = lean ? undefined : readTheme(custom.storyType);
  const story: Story = {
    characterType: request.characterType,
    band,
    style,
    fullName,
    random,
    context,
    flavour,
    refrain: flavour.refrain.length ? render(pick(random, flavour.refrain), context) : undefined,
    traits,
    theme,
    // The family's mission is the story's own goal when the reader understood it; else an errand beside it.
    errand: lean || familyGoal ? undefined : errandLines(readErrand(custom.mission)),
    wish: band.bands.subplot ? pick(random, WISHES) : undefined,
    used: new Set(),
    facts: { hero, pal: companion.name, placeName, day: `${day.weather} ${day.daypart}` },
    tying: startTying(),
    heard,
    names: [...fullName.split(' '), companion.name, placeName].map((n) => n.toLowerCase()),
    variant,
  };

  const kind = KINDS[request.storyType];
  const paragraphs = STRUCTURES[request.narrativeStructure].map((beat) =>
    writeBeat(beat, story, [...kind.extras, ...character.extras]),
  );
  const targets = targetsFor(request, style, random);
  // Twice: trimming a long line can make room for the short lines that bring the rhythm back.
  for (let pass = 0; pass < 2; pass++) {
    lengthen(paragraphs, targets, story);
    trim(paragraphs, targets, story);
  }
  // The last-resort drafts also split off a short ", and" tail ("… on the Moon. And so did Pip.").
  if (!context.rich) shorten(paragraphs, story, lastResort ? 4 : 7);
  tie(paragraphs, story);
  nameLess(
    paragraphs,
    story,
    {
      hero,
      friend: companion.name,
      desc: companion.desc,
      kind: companion.kind,
      calls: companion.calls,
      placeName,
      place,
      called: world.called,
      day: `${day.weather} ${day.daypart}`,
      rich: context.rich,
    },
    mulberry32(hashSeed(seedOf(request, fullName, variant), 'naming')),
  );
  // Last, once the lines are in their order and no more are added or dropped.
  let before = '';
  for (const paragraph of paragraphs)
    paragraph.lines = paragraph.lines.map((line) => {
      const text = replyOnlyToSpeech(line.text, before);
      before = text;
      return text === line.text ? line : { ...line, text };
    });

  const draft: StoryDraft = {
    title: titleFor(request.mission, request.storyType, fullName, target, context, familyGoal),
    excerpt: render(
      '{FullName} the {noun} and {pal} must {goal}. (Will courage and kindness be enough|What will they find on the way|Can they do it before the day is done)?',
      context,
    ),
    paragraphs: paragraphs.flatMap((paragraph) => splitToFit(paragraph.lines, pageCapOf(band, style))),
    scenes: scenesFor({
      fullName,
      look: heroLook(traits, request.characterType, character.withArticle),
      palDesc: companion.desc,
      key: world.key,
      place,
      target,
      vars,
      context,
    }),
  };
  const plan = paragraphs.flatMap((paragraph) =>
    paragraph.lines.map((line) => ({
      beat: paragraph.beat,
      sets: line.sets,
      pays: line.pays,
      mission: line.mission === true,
      text: line.text,
    })),
  );
  return {
    draft,
    plan,
    refrains: story.refrain ? splitSentences(story.refrain) : [],
    names: { friend: companion.name, place: placeName },
    episodes: [
      obstacleEpisode(challenge),
      missionEpisode(target),
      ...(request.narrativeStructure === 'heros-journey' ? [helperEpisode(mentor)] : []),
      ...(context.rich ? [hazardEpisode(hazard)] : []),
    ],
  };
}

/** The hero as every picture draws it, in our words: kind, colour, size and what the hero holds. */
function heroLook(traits: HeroTraits, characterType: CharacterType, withArticle: string): string {
  const creature = characterType === 'Creature' ? traits.creature : undefined;
  const look = creature
    ? describeHero({ size: traits.size, colour: traits.colour, creature }, 'creature')
    : `${withArticle}${traits.colour ? ` dressed in ${traits.colour}` : ''}`;
  return traits.holds ? `${look}, holding ${OBJECTS[traits.holds]}` : look;
}

function measured(text: string, flags: { keepWithNext?: boolean; removable?: boolean } = {}): StoryLine {
  return {
    text,
    words: countWords(text),
    sentences: splitSentences(text).length,
    spoken: countSpokenWords(text),
    keepWithNext: flags.keepWithNext ?? false,
    removable: flags.removable ?? false,
  };
}

const isDirective = (template: string): template is Directive => (DIRECTIVES as readonly string[]).includes(template);

/** The `@` lines: what this hero, family, style and sub-plot add to a beat. */
function directive(name: Directive, story: Story): string | undefined {
  const { context, flavour, traits, theme, errand, wish } = story;
  const character = CHARACTERS[story.characterType];
  switch (name) {
    case '@opening': {
      // The opening introduces the hero by the full name the family chose.
      const opening = render(choose(flavour.opening, context), {
        ...context,
        vars: { ...context.vars, hero: story.fullName },
      });
      return story.fullName === context.vars.hero
        ? opening
        : `${opening} ${render('Everyone called {fullName} {hero} for short.', context)}`;
    }
    case '@look': {
      // A described creature is drawn in its own features, instead of the generic creature's.
      const described = story.characterType === 'Creature' && traits.creature;
      return render(
        described ? (looksLine(traits, story.characterType) ?? '') : choose(character.look, context),
        context,
      );
    }
    case '@catchphrase':
      // Band A's pages are short: the style's refrain already gives the opening its voice.
      return story.refrain && !context.rich ? undefined : render(choose(character.catchphrase, context), context);
    case '@skill':
      // In band A the climax's kind deed already shows the hero at work; band B also shows the hero's gift.
      return context.rich ? render(choose(fitting(character.skill, story), context), context) : undefined;
    case '@crossing':
      return context.rich ? render(choose(fitting(character.crossing, story), context), context) : undefined;
    case '@refrain':
      return story.refrain;
    case '@heroLooks': {
      if (story.characterType === 'Creature' && traits.creature) return undefined;
      const looks = looksLine(traits, story.characterType);
      return looks && render(looks, context);
    }
    case '@heldSetUp':
      return traits.holds && render(heldSetUp(traits.holds), context);
    case '@heldPayOff':
      return traits.holds && render(heldPayOff(traits.holds), context);
    case '@lovesSetUp':
      return traits.loves && render(lovesSetUp(traits.loves), context);
    case '@lovesPayOff':
      return traits.loves && render(lovesPayOff(traits.loves), context);
    case '@personalitySetUp':
      return traits.personality && render(personalitySetUp(traits.personality), context);
    case '@personalityPayOff':
      return traits.personality && render(personalityPayOff(traits.personality), context);
    case '@themeSetUp':
      return theme && render(themeSetUp(theme), context);
    case '@themePayOff':
      return theme && render(themePayOff(theme), context);
    case '@errandSetUp':
      return errand && render(errand[0], context);
    case '@errandPayOff':
      return errand && render(errand[1], context);
    case '@hazardWorry':
      return context.rich ? render(choose(HAZARD_WORRIES, context), context) : undefined;
    case '@subplotIntro':
      return (
        wish &&
        render(
          context.rich
            ? `${choose(WISH_OPENINGS, context)} ${fill(wish.wish, context)}.`
            : `{Pal} had a secret wish: ${fill(wish.wish, context)}.`,
          context,
        )
      );
    case '@subplotHint':
      return wish && render(wish.hint, context);
    case '@subplotGranted':
      return wish && render(wish.granted, context);
    case '@ending':
      return render(choose(flavour.ending, context), context);
  }
}

/**
 * The generic creature's lines that fit the creature the family described: a bunny does not flap wings,
 * and only the generic creature has tiny wings and the tail that glows. Falls back to all lines if none fits.
 */
function fitting(lines: readonly string[], story: Story): readonly string[] {
  const kind = story.characterType === 'Creature' ? story.traits.creature : undefined;
  if (!kind) return lines;
  const { wings } = CREATURES[kind];
  const fit = lines.filter(
    (line) => !/\btail glowed\b|\btiny wings\b/.test(line) && (wings !== 'none' || !/\bwings\b/.test(line)),
  );
  return fit.length ? fit : lines;
}

/** Whether a line says something the family has heard, in shape (a name or a word swapped). */
const soundsHeard = (text: string, story: Story) =>
  story.heard.shapes.size > 0 &&
  splitSentences(text).some((sentence) => story.heard.shapes.hasTwin(shapeOf(sentence, story.names)));

/**
 * The last-resort drafts, written as if nothing had been heard, so that a story fits its band whatever the
 * family has heard; the drafts after them (FRESH_VARIANTS) listen again.
 */
const leanDraft = (story: Story) =>
  (story.variant >= VARIANTS && story.variant < VARIANTS + LAST_RESORT_VARIANTS) || story.variant >= LAST_CHANCE;
/** The first of the drafts tried only when no other fits the band. */
const LAST_CHANCE = VARIANTS + LAST_RESORT_VARIANTS + FRESH_VARIANTS;

/** Whether a line says, word for word, a sentence the family has heard. */
const saidBefore = (text: string, story: Story) =>
  sentencesReadBack([text], story.fullName).some((sentence) => story.heard.sentences.has(sentence));

function writeLine(line: Line, story: Story): StoryLine | undefined {
  const all = typeof line === 'string' ? [line] : 'options' in line ? line.options : line;
  // Band A's very last drafts say each line its first way, the shortest-tuned one (story-beats.ts).
  const options = story.variant >= LAST_CHANCE && !story.context.rich ? all.slice(0, 1) : all;
  const flags: { keepWithNext?: true; optional?: true; sets?: Thread; pays?: Thread; mission?: true } =
    typeof line === 'object' && 'options' in line ? line : {};
  // Drawn again while it sounds like a line the family has heard. Failing that, a line that carries nothing
  // of the plot is left out, and one that does is said in a draw the family has not heard word for word.
  let first: { template: string; text: string | undefined } | undefined;
  let unsaid: { template: string; text: string | undefined } | undefined;
  let drawn: { template: string; text: string | undefined } | undefined;
  // The band's rules come first: the last-resort drafts write as if nothing had been heard (the draft that
  // fits with the fewest repeats is kept, see writePlannedStory).
  const heardAny = story.heard.shapes.size > 0;
  const careful = heardAny && !leanDraft(story);
  const draws = heardAny ? Math.max(FRESH_DRAWS, 3 * options.length) : 2;
  // Band A's sentences sit at the edge of its length and dialogue rules: of the fresh draws, it keeps the one
  // with the shortest sentences, a line of speech counting as two words shorter.
  const wordsPerSentence = (text: string) =>
    (countWords(text) - (2 * countSpokenWords(text)) / Math.max(1, countWords(text))) /
    Math.max(1, splitSentences(text).length);
  let fresh = 0;
  for (let draw = 0; draw < draws; draw++) {
    const template = choose(options, story.context);
    if (template.startsWith('@') && !isDirective(template)) throw new Error(`Unknown story directive ${template}`);
    const next = {
      template,
      text: isDirective(template) ? directive(template, story) : render(template, story.context),
    };
    first ??= next;
    if (!careful || !next.text) {
      // Even then, never a sentence the family has heard word for word, while another draw can be had.
      if (next.text && heardAny && saidBefore(next.text, story) && draw < draws - 1) continue;
      // Band A draws twice and keeps the shorter line, as its length rule needs.
      if (!drawn?.text || (next.text && wordsPerSentence(next.text) < wordsPerSentence(drawn.text))) drawn = next;
      if (story.context.rich || ++fresh >= 2 || !next.text) break;
      continue;
    }
    if (!soundsHeard(next.text, story)) {
      if (!drawn?.text || wordsPerSentence(next.text) < wordsPerSentence(drawn.text)) drawn = next;
      if (story.context.rich || ++fresh >= 3) break;
    } else if (!unsaid && !saidBefore(next.text, story)) unsaid = next;
  }
  // Band B's first drafts leave such a line out; band A's first drafts leave out only a line it may do
  // without (its short lines are what its length rule needs), and its later drafts keep them all.
  const plain = !flags.sets && !flags.pays && !flags.mission && !options.some((o) => o.startsWith('@'));
  const spare = story.context.rich || flags.optional === true;
  if (!drawn && plain && spare && story.variant < VARIANTS / 2) return undefined;
  const { template, text } = drawn ?? unsaid ?? first ?? { template: '', text: undefined };
  if (!text) return undefined;
  // A line of no thread that only comes out as something the family heard word for word is left out.
  if (plain && heardAny && saidBefore(text, story)) return undefined;
  // A line that carries a thread is never trimmed away: its set-up or pay-off would be left dangling.
  const removable = flags.optional === true && !flags.sets && !flags.pays;
  return {
    ...measured(text, { keepWithNext: flags.keepWithNext === true, removable }),
    sets: flags.sets,
    pays: flags.pays,
    mission: flags.mission === true || flags.sets === 'trouble' || flags.pays === 'trouble',
    fixed: template === '@opening' || template === '@refrain',
  };
}

function writeBeat(beat: Beat, story: Story, worldExtras: readonly string[]): Paragraph {
  const lines = beat.lines.flatMap((line) => writeLine(line, story) ?? []);
  const middle = beat.name === 'journey' || beat.name === 'discovery';
  const styleLines = beat.name === 'setup' || beat.name === 'journey' || beat.name === 'resolution';
  const pool = [...beat.extras, ...(middle ? worldExtras : []), ...(styleLines ? story.flavour.extras : [])];
  return { beat: beat.name, lines, pool: shuffle(story.random, pool), rendered: new Map(), added: 0 };
}

/**
 * Adds optional lines, one at a time, choosing each time the line that brings the average sentence length
 * and the share of dialogue closest to the targets, until the story is long enough and both are in range.
 */
function lengthen(paragraphs: Paragraph[], targets: Targets, story: Story) {
  const { band } = story;
  const { sentence_len, words_total, dialog_ratio_target } = band.bands;
  const tolerance = band.validators.dialog_ratio_tolerance;
  const cap = pageCapOf(band, story.style);
  const all = paragraphs.flatMap((p) => p.lines);
  let words = all.reduce((n, l) => n + l.words, 0);
  let sentences = all.reduce((n, l) => n + l.sentences, 0);
  let spoken = all.reduce((n, l) => n + l.spoken, 0);
  const sentenceSpread = Math.max(1, (sentence_len.max - sentence_len.min) / 2);

  const cost = (w: number, s: number, d: number) =>
    Math.abs(d / w - targets.dialogRatio) / tolerance +
    Math.abs(w / Math.max(1, s) - targets.sentenceLength) / sentenceSpread;
  const wordy = () => words / Math.max(1, sentences) > sentence_len.max - 0.5;
  const settled = () =>
    Math.abs(spoken / words - dialog_ratio_target) <= tolerance * 0.6 &&
    words / Math.max(1, sentences) >= sentence_len.min + 0.5 &&
    words / Math.max(1, sentences) <= sentence_len.max - 0.5;

  for (let step = 0; step < 200; step++) {
    const longEnough = words >= targets.words;
    if (longEnough && settled()) break;
    // `fit` is how close the story gets to its targets; `score` also prefers the emptier pages.
    let best: { paragraph: Paragraph; index: number; line: StoryLine; fit: number; score: number } | undefined;
    for (const paragraph of paragraphs) {
      if (paragraph.added >= MAX_EXTRAS_PER_PARAGRAPH) continue;
      const size = paragraph.lines.reduce((n, l) => n + l.words, 0);
      // Only the next few lines of each pool compete, so the story keeps its variety.
      for (let index = 0; index < Math.min(3, paragraph.pool.length); index++) {
        const line = candidate(paragraph, index, story);
        // A full page may still take a short line while the sentences run long: the page is split in two.
        if (!line) continue;
        const full = size + line.words > cap && !(wordy() && line.words / line.sentences < sentence_len.max - 2);
        if (full || words + line.words > words_total.max - 5) continue;
        const fit = cost(words + line.words, sentences + line.sentences, spoken + line.spoken);
        const score = fit + (size / cap) * 0.5;
        if (!best || score < best.score) best = { paragraph, index, line, fit, score };
      }
    }
    if (!best) break;
    // Past the length target, a line is only worth adding if it improves the fit.
    if (longEnough && best.fit >= cost(words, sentences, spoken)) break;
    const [template] = best.paragraph.pool.splice(best.index, 1);
    if (template !== undefined) story.used.add(template);
    // Before the beat's closing line, which often ends the page on a turn.
    best.paragraph.lines.splice(Math.max(1, best.paragraph.lines.length - 1), 0, best.line);
    best.paragraph.added++;
    words += best.line.words;
    sentences += best.line.sentences;
    spoken += best.line.spoken;
  }
}

function candidate(paragraph: Paragraph, index: number, story: Story): StoryLine | undefined {
  const template = paragraph.pool[index];
  if (template === undefined) return undefined;
  if (story.used.has(template)) {
    paragraph.pool.splice(index, 1);
    return candidate(paragraph, index, story);
  }
  if (!paragraph.rendered.has(template)) {
    const text = render(template, story.context);
    // An optional line that sounds like one the family has heard is left out (in the last-resort drafts, only
    // one they heard word for word).
    const fresh = text && (leanDraft(story) ? !saidBefore(text, story) : !soundsHeard(text, story)) ? text : undefined;
    paragraph.rendered.set(template, fresh ? measured(fresh, { removable: true }) : null);
  }
  return paragraph.rendered.get(template) ?? undefined;
}

/**
 * The other way round: while the story is too long, or its sentences too long on average, drop the optional
 * line whose loss helps most (a long name or a family's long description can push a band A story over).
 */
function trim(paragraphs: Paragraph[], targets: Targets, story: Story) {
  const { words_total, sentence_len } = story.band.bands;
  for (let step = 0; step < 100; step++) {
    const lines = paragraphs.flatMap((p) => p.lines);
    const words = lines.reduce((n, l) => n + l.words, 0);
    const sentences = lines.reduce((n, l) => n + l.sentences, 0);
    const tooLong = words > words_total.max - 5;
    const wordy = words / Math.max(1, sentences) > sentence_len.max - 0.3;
    if (!tooLong && !wordy) return;
    let best: { paragraph: Paragraph; index: number; score: number } | undefined;
    for (const paragraph of paragraphs) {
      paragraph.lines.forEach((line, index) => {
        // A story too long may lose the clue on the way too: the mission still sets off and is done in steps.
        const spare = tooLong && paragraph.beat === 'journey' && line.mission && !line.sets && !line.pays && index > 0;
        if ((!line.removable && !spare) || words - line.words < words_total.min + 5) return;
        // Too long: the longest line goes. Wordy: the line furthest above the sentence target goes.
        const score = tooLong ? line.words : line.words / Math.max(1, line.sentences) - targets.sentenceLength;
        if (!best || score > best.score) best = { paragraph, index, score };
      });
    }
    if (!best || (!tooLong && best.score <= 0)) return;
    best.paragraph.lines.splice(best.index, 1);
  }
}

/**
 * Band A's early readers read short sentences: while the story's sentences are long on average, the longest
 * narrated sentence joined by ", and" becomes two ("Mia held up the lantern. And its glow showed the way.").
 */
function shorten(paragraphs: Paragraph[], story: Story, minTail: number) {
  const { sentence_len } = story.band.bands;
  const aim = sentence_len.max - 1.6;
  const all = () => paragraphs.flatMap((p) => p.lines);
  for (let step = 0; step < 30; step++) {
    const lines = all();
    const words = lines.reduce((n, l) => n + l.words, 0);
    const sentences = lines.reduce((n, l) => n + l.sentences, 0);
    if (words / Math.max(1, sentences) <= aim) return;
    let best: { paragraph: Paragraph; index: number; text: string; words: number } | undefined;
    for (const paragraph of paragraphs) {
      paragraph.lines.forEach((line, index) => {
        if (line.fixed) return;
        for (const sentence of splitSentences(line.text)) {
          const at = sentence.indexOf(', and ');
          const quoted = /["“”]/.test(sentence);
          const words = countWords(sentence);
          // Each half stays a sentence worth its name (no bare "And Pip smiled.").
          const tail = countWords(sentence.slice(at));
          if (at < 0 || quoted || tail < minTail || words - tail < 5 || (best && best.words >= words)) continue;
          // The tail must have a doer of its own: "And its glow showed the way", never "And shared a cookie".
          const tailWords = sentence.slice(at + ', and '.length);
          if (!/^(\p{Lu}|(the|a|an|its|his|her|their|every|everyone|all|then|so|there|they|it)\b)/u.test(tailWords))
            continue;
          const halves = `${sentence.slice(0, at)}. And ${tailWords}`;
          // Each half is a sentence the child hears on its own: neither may be one the family has heard.
          if (soundsHeard(halves, story)) continue;
          best = { paragraph, index, text: line.text.replace(sentence, halves), words };
        }
      });
    }
    if (!best) return;
    const line = best.paragraph.lines[best.index];
    if (!line) return;
    best.paragraph.lines[best.index] = { ...line, ...measured(best.text, line), text: best.text };
  }
}

/**
 * The grammar's last step (grammar.ts): sentences that name too few of the story's facts are tied to them,
 * line by line, as long as the story stays inside the band's length and sentence-length ranges.
 */
function tie(paragraphs: Paragraph[], story: Story) {
  const { words_total, sentence_len } = story.band.bands;
  const lines = paragraphs.flatMap((p) => p.lines);
  let words = lines.reduce((n, l) => n + l.words, 0);
  const sentences = lines.reduce((n, l) => n + l.sentences, 0);
  spendDayTies(story.tying, lines.map((l) => l.text).join(' '), story.facts);
  // The shortest sentences first: "Mia counted." is the one any story could say. A sentence that names
  // none of the facts comes before one that names one already.
  for (const [longest, none] of TIE_PASSES) {
    for (const paragraph of paragraphs) {
      paragraph.lines = paragraph.lines.map((line) => {
        if (line.fixed) return line;
        const tied = tieToStory(
          line.text,
          story.facts,
          story.tying,
          story.context,
          (added) => {
            const fits = words + added <= words_total.max - 5 && (words + added) / sentences <= sentence_len.max - 0.4;
            if (fits) words += added;
            return fits;
          },
          (sentence) => countWords(sentence) <= longest && (!none || factsIn(sentence, story.facts) === 0),
        );
        return tied === line.text ? line : { ...line, ...measured(tied, line), text: tied };
      });
    }
  }
}

/**
 * The read-through (naming.ts): past a few names per hundred words, the friend and the place are called by
 * what they are in the lines that least need their names, as long as the story stays inside the band's ranges.
 */
function nameLess(paragraphs: Paragraph[], story: Story, naming: Naming, random: Random) {
  const { words_total, sentence_len } = story.band.bands;
  const lines = paragraphs.flatMap((p) => p.lines);
  let words = lines.reduce((n, l) => n + l.words, 0);
  const sentences = lines.reduce((n, l) => n + l.sentences, 0);
  const texts = nameLightly(lines, naming, random, (added) => {
    const fits =
      words + added <= words_total.max - 5 &&
      words + added >= words_total.min + 5 &&
      (added <= 0 || (words + added) / sentences <= sentence_len.max - 0.1);
    if (fits) words += added;
    return fits;
  });
  let i = 0;
  for (const paragraph of paragraphs) {
    paragraph.lines = paragraph.lines.map((line) => {
      const text = texts[i++] ?? line.text;
      return text === line.text ? line : { ...line, ...measured(text, line), text };
    });
  }
}

/** The tie passes: sentences of at most so many words, and whether only those naming no fact yet. */
const TIE_PASSES: readonly (readonly [number, boolean])[] = [
  [5, true],
  [9, true],
  [Infinity, true],
  // A short sentence naming one fact may name a second; a long one keeps to one tie.
  [9, false],
];

/** A beat too long for one page becomes two paragraphs, split near its middle but never after a worry. */
function splitToFit(lines: readonly StoryLine[], cap: number): string[] {
  const total = lines.reduce((n, l) => n + l.words, 0);
  if (total <= cap || lines.length < 2) return [lines.map((l) => l.text).join(' ')];
  let bestAt = 1;
  let bestGap = Infinity;
  let running = 0;
  lines.forEach((line, i) => {
    running += line.words;
    const at = i + 1;
    if (at >= lines.length || line.keepWithNext) return;
    const gap = Math.abs(total / 2 - running);
    if (gap < bestGap) [bestAt, bestGap] = [at, gap];
  });
  return [...splitToFit(lines.slice(0, bestAt), cap), ...splitToFit(lines.slice(bestAt), cap)];
}

/** Five titles a mission, so a child who picks one mission again and again still meets a new title. */
const TITLES: Record<Mission, readonly string[]> = {
  Rescue: [
    '{Hero} and {titled}',
    '{Hero} to the Rescue!',
    'The Rescue of {titled}',
    'Saving {titled}',
    'A Helping Hand for {titled}',
  ],
  Escape: [
    "{Hero}'s Great Escape",
    'Out of {titled}!',
    '{Hero} and {titled}',
    'The Way Out of {titled}',
    '{Hero} Finds the Way Home',
  ],
  Treasure: [
    '{Hero} and {titled}',
    'The Secret of {titled}',
    'The Hunt for {titled}',
    'In Search of {titled}',
    'The Quest for {titled}',
  ],
  Protect: [
    '{Hero}, Guardian of {titled}',
    '{Hero} Saves {titled}',
    '{Hero} and {titled}',
    'Keeping {titled} Safe',
    'Who Will Save {titled}?',
  ],
  Ranch: [
    '{Hero} and {titled}',
    '{Hero} Brings Them Home',
    'The Big Round-Up',
    '{Hero} Rounds Up {titled}',
    'Bringing Home {titled}',
  ],
};
/**
 * The family's own goal ("find a teddy for my brother", "make cookies for mum") is not a round-up or an
 * escape: "Mia Rounds Up the Teddy", "The Way Out of the Cookies for Mum" (issue 37). Its titles fit any goal.
 */
const FAMILY_GOAL_TITLES: readonly string[] = ['{Hero} and {titled}', 'The Story of {titled}', 'All for {titled}'];
const KIND_TITLES: Partial<Record<StoryType, readonly string[]>> = {
  Mystery: ['The Mystery of {titled}'],
  Epic: ['The Legend of {Hero}'],
  Space: ['{Hero} Among the Stars'],
};

function titleFor(
  mission: Mission,
  kind: StoryType,
  hero: string,
  target: MissionTarget,
  context: TemplateContext,
  familyGoal: boolean,
) {
  // The family's goal is in its title, in their words ("Mia and the Birthday Present for Grandma").
  const options = familyGoal
    ? [...FAMILY_GOAL_TITLES, ...(KIND_TITLES[kind] ?? []).filter((title) => title.includes('{titled}'))]
    : [...TITLES[mission], ...(KIND_TITLES[kind] ?? [])];
  const titled = target.titled;
  return capitalise(fill(choose(options, context), { ...context, vars: { ...context.vars, hero, titled } }));
}

/**
 * Short picture descriptions: who (the hero's look in our words, the others present), where (with a
 * setting word the illustrator knows) and what happens. The illustrator reads the marked parts.
 */
function scenesFor(story: {
  fullName: string;
  look: string;
  palDesc: string;
  key: string;
  place: string;
  target: MissionTarget;
  vars: Readonly<Record<string, string | (() => string)>>;
  context: TemplateContext;
}): Record<ImageType, string> {
  const { fullName, look, palDesc, key, place, target, vars, context } = story;
  const text = (name: string) => {
    const value = vars[name];
    return typeof value === 'string' ? value : '';
  };
  const hero = `${text('hero')} (hero: ${look})`;
  const friends = `${hero} and ${text('pal')} (friend: ${palDesc})`;
  const ranch = target.home && fill(target.home, context).split(',')[0];
  const home = ranch ? `at ${ranch} (ranch)` : `at home near ${place} (${key})`;
  const journey = context.rich ? `crossing ${text('hazard')}` : 'exploring';
  return {
    cover: `${fullName} (hero: ${look}) smiling beside ${text('pal')} (friend: ${palDesc}) in ${place} (${key}), ready for an adventure`,
    // Each picture its own moment, with who is there: the mission's own creature or thing when the trouble
    // starts and at the party, the one helped at the climax and at the party too.
    'early-scene': `${friends} ${home}, surprised, just as ${text('trouble')} (thing: ${text('thing')})`,
    'mid-scene': `${friends} ${journey} in ${place} (${key}), past ${text('sight0')}`,
    climax: `${hero} kindly helping ${text('challengeWho')} (guest: ${text('challengeWho')}) in ${place} (${key}): ${text('hero')} ${text('challengeFix')}`,
    ending: `${friends} celebrating ${home} with friends and ${text('challengeThe')} (guest: ${text('challengeWho')}), because ${text('success')} (thing: ${text('thing')})`,
  };
}
