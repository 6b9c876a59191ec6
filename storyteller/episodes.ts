import type { Mission, StoryType } from '#common/story-choices.js';
import { pick, type Random } from './random.js';
import { KINDS, MISSION_TARGETS, type Challenge, type Mentor, type MissionTarget } from './story-world.js';
import { escapeRegExp } from './template.js';

/**
 * A story's episodes: the one it helps on the way (its obstacle), its mission's target, and, where the story
 * has them, its helper (the mentor) and the hazard on the path. A child who hears a troll with a thorn in two
 * stories of one library hears the same story twice, so the writer reads which episodes the family's earlier
 * stories told (from their text) and draws others while it can.
 */
export type Episodes = ReadonlySet<string>;

export const obstacleEpisode = (challenge: Challenge) => `obstacle:${challenge.key}`;
export const missionEpisode = (target: MissionTarget) => `mission:${target.thing.replace(/^the /u, '')}`;
export const helperEpisode = (mentor: Mentor) => `helper:${mentor.name.replace(/^the /u, '')}`;
/** The words that tell each hazard in a story, none of which a band's richer wording changes. */
const HAZARD_WORDS: Readonly<Record<string, string>> = {
  'a wobbly rope bridge': 'rope bridge',
  'a rushing river with slippery stepping stones': 'stepping stones',
  'a tangle of prickly bushes': 'prickly bushes',
  'a long row of doors that all looked the same': 'row of doors',
  'a dusty, twisty staircase': 'twisty staircase',
  'a street so foggy that everything looked grey': 'so foggy',
  'a bridge made of moonbeams': 'moonbeams',
  'a maze of giant talking flowers': 'talking flowers',
  'a river of floating bubbles': 'floating bubbles',
  'a steep cliff path': 'cliff',
  'a tunnel lit only by glowing crystals': 'glowing crystals',
  'a frozen lake that creaked underfoot': 'frozen lake',
  'a field of bumping space rocks': 'bumping space',
  'a slippery ice crater': 'ice crater',
  'a tunnel with no gravity at all': 'no gravity',
  'a crater full of bouncy moon jelly': 'moon jelly',
  'a cloud of sticky stardust': 'sticky stardust',
  'a river of slow silver moon-dust': 'silver moon-dust',
};
const hazardWords = (hazard: string) => HAZARD_WORDS[hazard] ?? hazard;
export const hazardEpisode = (hazard: string) => `hazard:${hazardWords(hazard)}`;

const ALL_KINDS = Object.values(KINDS);
const told = (words: string) => new RegExp(`(?<![\\p{L}-])${escapeRegExp(words)}(?![\\p{L}-])`, 'iu');
/** Every episode there is, with the words that tell it in a story's text. */
const CATALOGUE: readonly (readonly [episode: string, said: RegExp])[] = [
  ...ALL_KINDS.flatMap((kind) => kind.challenges).map((c) => [obstacleEpisode(c), told(c.key)] as const),
  ...Object.values(MISSION_TARGETS)
    .flat()
    .map((t) => [missionEpisode(t), told(t.thing.replace(/^the /u, ''))] as const),
  ...ALL_KINDS.flatMap((kind) => kind.mentors).map(
    (m) => [helperEpisode(m), told(m.name.replace(/^the /u, ''))] as const,
  ),
  ...ALL_KINDS.flatMap((kind) => kind.hazards).map((h) => [hazardEpisode(h), told(hazardWords(h))] as const),
];

/** The episodes the family's earlier stories told. */
export function episodesIn(texts: readonly string[]): Episodes {
  const heard = new Set<string>();
  for (const text of texts) for (const [episode, said] of CATALOGUE) if (said.test(text)) heard.add(episode);
  return heard;
}

/**
 * One of `own` the family has not heard; else one of `others` (the other kinds' episodes that fit here) they
 * have not heard; else one of `own` all the same.
 */
function fresh<T>(random: Random, own: readonly T[], others: readonly T[], episode: (t: T) => string, heard: Episodes) {
  const unheard = (list: readonly T[]) => list.filter((t) => !heard.has(episode(t)));
  const first = unheard(own);
  if (first.length || heard.size === 0) return pick(random, first.length ? first : own);
  const second = unheard(others);
  return pick(random, second.length ? second : own);
}

/** The kinds whose episodes may stand in for another kind's: among the stars only the stars' own. */
const neighbours = (kind: StoryType) =>
  (Object.keys(KINDS) as StoryType[]).filter((k) => k !== kind && (k === 'Space') === (kind === 'Space'));

export const freshChallenge = (random: Random, kind: StoryType, heard: Episodes) =>
  fresh(
    random,
    KINDS[kind].challenges,
    neighbours(kind).flatMap((k) => KINDS[k].challenges),
    obstacleEpisode,
    heard,
  );

export const freshMentor = (random: Random, kind: StoryType, heard: Episodes) =>
  fresh(
    random,
    KINDS[kind].mentors,
    neighbours(kind).flatMap((k) => KINDS[k].mentors),
    helperEpisode,
    heard,
  );

export const freshHazard = (random: Random, kind: StoryType, heard: Episodes) =>
  fresh(
    random,
    KINDS[kind].hazards,
    neighbours(kind).flatMap((k) => KINDS[k].hazards),
    hazardEpisode,
    heard,
  );

/** The mission's target: one made for the kind, else one that fits any kind, else any the family has not heard. */
export function freshTarget(random: Random, mission: Mission, kind: StoryType, heard: Episodes): MissionTarget {
  const all = MISSION_TARGETS[mission];
  const fitting = all.filter((t) => t.kinds !== 'any' && t.kinds.includes(kind));
  const anywhere = all.filter((t) => t.kinds === 'any');
  const own = fitting.length ? fitting : anywhere;
  return fresh(random, own, fitting.length ? anywhere : [], missionEpisode, heard);
}
