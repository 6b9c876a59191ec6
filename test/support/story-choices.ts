import type { AgeBand } from '#common/age-bands.js';
import type { CharacterType, Mission, StoryType } from '#common/story-choices.js';
import { readFamilyWords } from '#common/family-words.js';
import { validateStory } from '#common/story-validation.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { CHARACTERS, KINDS, MISSION_TARGETS } from '../../storyteller/story-world.js';
import type { StoryDraft, StoryRequest } from '../../lambdas/workflow/providers/types.js';

/** What a family chose in the wizard (the family's own words among them). */
export type Choices = Readonly<{
  band: AgeBand;
  heroName: string;
  characterType: CharacterType;
  storyType: StoryType;
  mission: Mission;
  custom?: StoryRequest['customDescriptions'];
  /** Words the family's own descriptions must bring into the story ("dragon", "pancakes", "Grandma"). */
  wished?: readonly string[];
}>;

const words = (text: string) => text.toLowerCase();
const stripThe = (text: string) => text.replace(/^the /i, '');
/** The words that say a story is set in its kind's world ("the crater", "Planet"). */
export const placeWords = (kind: StoryType) =>
  KINDS[kind].worlds.flatMap((world) => [stripThe(world.called), world.place.replace('{placeName}', '').trim()]);

/** What a mission of this kind of story may be about ("baby star-whale", "little lost satellite"). */
export const missionThings = (mission: Mission, kind?: StoryType) =>
  MISSION_TARGETS[mission]
    .filter((target) => !kind || target.kinds === 'any' || target.kinds.includes(kind))
    .map((target) => stripThe(target.thing));

/**
 * The choices a parent reading the story would say it does not follow (none when it follows all): the
 * hero's name and kind (a creature the family described is checked by its words), the place of its kind
 * of story (or the family's own place), the one the mission is about (or the family's own goal), the family's
 * own words, and the band's rules. The kinds, places
 * and missions are the local writer's (the Bedrock twin writes with it).
 */
export function unfollowed(choices: Choices, draft: StoryDraft): string[] {
  const text = words([draft.title, draft.excerpt, ...draft.paragraphs].join('\n'));
  const has = (word: string) => text.includes(words(stripThe(word)));
  const missed: string[] = [];
  if (!draft.paragraphs.join(' ').includes(choices.heroName)) missed.push('hero name');
  const described = choices.characterType === 'Creature' && choices.custom?.character;
  if (!described && !has(CHARACTERS[choices.characterType].noun)) missed.push('hero');
  // The family's own kind of story and mission, when read, are the story's world and goal (issue 37): "pirates
  // on the sea" is set on the sea, "bring a present for Grandma" is about Grandma's present.
  const familyPlace = readFamilyWords(choices.custom?.storyType).place?.word;
  const familyGoal = readFamilyWords(choices.custom?.mission).goal?.what?.split(' ').at(-1);
  const places = [...placeWords(choices.storyType), ...(familyPlace ? [familyPlace] : [])];
  if (!places.some((place) => place !== '' && has(place))) missed.push('kind of story');
  const targets = [...missionThings(choices.mission), ...(familyGoal ? [familyGoal] : [])];
  if (!targets.some((thing) => has(thing))) missed.push('mission');
  for (const word of choices.wished ?? []) if (!has(word)) missed.push(`family's words: ${word}`);
  if (!validateStory(draft, AGE_BAND_CONFIGS[choices.band]).valid) missed.push('band');
  return missed;
}
