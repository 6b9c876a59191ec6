import type { FamilyReading } from '#common/family-words.js';
import { PLACES } from '#common/family-words.js';
import type { MissionTarget, World } from './story-world.js';

/**
 * The family's kind of story and mission, as the reader understood them (common/family-words.ts), made into
 * the story's world and goal, in our own sentences: "a floating library full of talking books" is the place
 * the story happens, "keep the baby ducks safe from the storm" is its mission.
 */

const the = (phrase: string) => phrase.replace(/^an? /u, 'the ');
const titled = (phrase: string) => phrase.replace(/\b(?!the\b|of\b|for\b|a\b|an\b)(\p{Ll})/gu, (c) => c.toUpperCase());

/** The family's place ("a floating library") as the story's world, its things and creatures to be seen there. */
export function familyWorld(reading: FamilyReading, base: World): World {
  const { place } = reading;
  const seen = [...reading.things, ...reading.creatures];
  if (!place) return seen.length ? { ...base, sights: [...seen, ...base.sights] } : base;
  const phrase = place.phrase.replace(/^an? /u, '');
  return {
    place: `the ${phrase} of {placeName}`,
    called: `the ${place.word}`,
    key: PLACES[place.word],
    home: seen.length
      ? `a little house not far from {place}, where you could see ${seen[0]}`
      : 'a little house not far from {place}',
    sights: [...seen, ...base.sights],
    sound: base.sound,
  };
}

/** The family's goal as the story's mission, when it names what the mission is about. */
export function familyTarget(reading: FamilyReading): MissionTarget | undefined {
  const goal = reading.goal;
  if (!goal?.what) return undefined;
  const what = goal.what;
  const it = the(what);
  const was = goal.plural ? 'were' : 'was';
  const forWhom = goal.forWhom ? ` for ${goal.forWhom}` : '';
  const toWhom = goal.forWhom ? ` to ${goal.forWhom}` : '';
  const common = { kinds: 'any' as const, ...(goal.plural ? { plural: true as const } : {}) };
  switch (goal.verb) {
    case 'protect':
      return {
        ...common,
        thing: it,
        titled: titled(it),
        when: `the day ${it} needed a friend`,
        trouble: goal.from
          ? `a ${goal.from} was coming, and ${it} ${was} right in its way`
          : `news came that {challengeWho} was heading straight for ${it}`,
        worry: `Somebody had to keep ${it} safe[ before it was too late].`,
        goal: `keep ${it} safe${goal.from ? ` from the ${goal.from}` : ''}`,
        setOff: `hurried across {place} to ${it}`,
        clue: `{Pal} spotted ${it} in the distance[, just where they were meant to be].`,
        steps: `{Hero} found a sheltered spot, and {pal} led ${it} into it, ever so gently.`,
        achieve: `kept ${it} safe${goal.from ? ` until the ${goal.from} had passed` : ''}`,
        success: `${it} ${was} safe and sound`,
      };
    case 'rescue':
      return {
        ...common,
        thing: it,
        titled: titled(it),
        when: `the day ${it} needed help`,
        trouble: `they heard that ${it} ${was} in trouble`,
        worry: `${it.replace(/^t/u, 'T')} needed help[, and quickly].`,
        goal: `help ${it}`,
        setOff: `set off across {place} to find ${it}`,
        clue: `{Pal} heard a small sound and knew that ${it} ${was} close.`,
        steps: `{Hero} spoke softly so as not to startle ${it}, and {pal} kept watch.`,
        achieve: `helped ${it}, gently and carefully`,
        success: `${it} ${was} happy and safe again`,
      };
    case 'find':
      return {
        ...common,
        thing: `${what}${forWhom}`,
        titled: titled(`${it}${forWhom}`),
        when: `the day of the search for ${what}${forWhom}`,
        trouble: `they remembered something important: they had to find ${what}${forWhom}`,
        worry: `${goal.forWhom ?? 'Everyone'} would be so pleased, if only they could find it.`,
        goal: `find ${what}${forWhom}`,
        setOff: `searched all over {place}`,
        clue: `{Pal} had an idea about where ${what} might be[, and pointed the way].`,
        steps: `{Hero} looked high and {pal} looked low, under every leaf and behind every door.`,
        achieve: `found ${it}${forWhom}, just right`,
        success: `${goal.forWhom ?? 'everyone'} had ${it}${goal.forWhom ? ' and smiled from ear to ear' : ''}`,
      };
    case 'bring':
      return {
        ...common,
        thing: `${what}${forWhom}`,
        titled: titled(`${it}${forWhom}`),
        when: `the day ${it} had to go${toWhom}`,
        trouble: `${goal.forWhom ?? 'someone far away'} was waiting for ${what}`,
        worry: `The way across {place} was long, and ${it} had to get there safely.`,
        goal: `bring ${it}${toWhom}`,
        setOff: `carried ${it} carefully across {place}`,
        clue: `{Pal} checked ${it} at every corner[ to make sure nothing was lost].`,
        steps: `{Hero} held ${it} tight, and {pal} went ahead to find the smoothest way.`,
        achieve: `brought ${it}${toWhom}, safe and sound`,
        success: `${goal.forWhom ?? 'everyone'} had ${it} at last`,
      };
    case 'make':
      return {
        ...common,
        thing: `${what}${forWhom}`,
        titled: titled(`${it}${forWhom}`),
        when: `the day they made ${what}${forWhom}`,
        trouble: `they wanted to make ${what}${forWhom}, and they needed something special from {place}`,
        worry: `Only the very best would do[ for ${goal.forWhom ?? 'everyone'}].`,
        goal: `make ${what}${forWhom}`,
        setOff: `set off across {place} to gather what they needed`,
        clue: `{Pal} found just the right thing for ${it}[ and tucked it safely away].`,
        steps: `{Hero} mixed and shaped and stirred, and {pal} helped with every step.`,
        achieve: `made ${it}${forWhom}, better than they had hoped`,
        success: `${it} ${was} ready${forWhom}`,
      };
  }
}
