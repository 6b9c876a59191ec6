import type { AgeBand } from '#common/age-bands.js';
import {
  CHARACTER_TYPES,
  IMAGE_TYPES,
  type ImageType,
  MISSION_MAPPING,
  MISSIONS,
  NARRATIVE_STRUCTURES,
  STORY_KINDS,
} from '#common/story-choices.js';
import { AGE_BAND_CONFIGS } from '../../../lambdas/shared/age-band-configs.js';
import { DEFAULT_TEMPLATES } from '../../../lambdas/shared/default-templates.js';
import { FAMILY_TAG } from '../../../lambdas/workflow/providers/bedrock/family-text.js';
import { HEARD_TITLES, STORY_TAG } from '../../../lambdas/workflow/providers/bedrock/prompts.js';
import { createLocalProvider } from '../../../lambdas/workflow/providers/local/index.js';
import type { StoryRequest } from '../../../lambdas/workflow/providers/types.js';

const writer = createLocalProvider();

/** The first of `choices` the prompt names (the band's seed fills them in), else the first choice. */
const named = <T extends string>(prompt: string, choices: readonly [T, ...T[]]): T =>
  choices.find((choice) => prompt.includes(choice)) ?? choices[0];

const FAMILY_FENCE = new RegExp(`<${FAMILY_TAG}>([\\s\\S]*?)</${FAMILY_TAG}>`);

/** A line `label: value` inside the family fence, as the provider writes it. */
function familyLine(prompt: string, label: string): string | undefined {
  const fence = FAMILY_FENCE.exec(prompt)?.[1] ?? '';
  const line = fence.split('\n').find((each) => each.startsWith(`${label}: `));
  return line?.slice(label.length + 2).trim() || undefined;
}

/**
 * The titles the prompt asks a new story's title to differ from (`"…"; "…"` on their fence line), as stories
 * the child has heard: the twin's writer then gives the story a title of its own, as a model asked to does.
 */
const heardTitles = (prompt: string, heroName: string): StoryRequest['earlierStories'] =>
  (familyLine(prompt, HEARD_TITLES)?.match(/"[^"]*"/g) ?? []).map((quoted) => ({
    heroName,
    title: quoted.slice(1, -1),
    content: '',
  }));

/** The band whose own system prompt the request carries (the provider sends it filled in). */
function bandOf(prompt: string): AgeBand {
  const opening = (band: AgeBand) => AGE_BAND_CONFIGS[band].prompts.system.slice(0, 60);
  return prompt.includes(opening('A')) ? 'A' : 'B';
}

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/** The picture types the prompt's answer format names (`"cover"`, …), in their usual order. */
const askedScenes = (prompt: string) => IMAGE_TYPES.filter((type) => prompt.includes(`"${type}"`));

/** What a text model answers: the scene planner's scenes for a fenced finished story, else a story. */
export function textAnswer(prompt: string): Promise<string> {
  const scenesOnly = prompt.includes(`<${STORY_TAG}>`) && !prompt.includes('"paragraphs"');
  return scenesOnly ? Promise.resolve(sceneAnswer(prompt)) : storyAnswer(prompt);
}

/** Where in the story each picture's moment is, as a share of its paragraphs. */
const MOMENT_AT: Readonly<Record<ImageType, number>> = {
  cover: 0,
  'early-scene': 0.2,
  'mid-scene': 0.5,
  climax: 0.75,
  ending: 1,
};

/**
 * The scene planner's answer as a model would write it: for each moment asked for, a sentence of the story
 * from that point of it (the longest one no one speaks, so it describes what happens rather than a line).
 */
function sceneAnswer(prompt: string): string {
  const story = new RegExp(`<${STORY_TAG}>([\\s\\S]*?)</${STORY_TAG}>`).exec(prompt)?.[1] ?? '';
  const paragraphs = story
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .slice(1); // the first is the title
  const scenes = askedScenes(prompt).map((type) => {
    const paragraph = paragraphs[Math.round(MOMENT_AT[type] * (paragraphs.length - 1))] ?? '';
    const sentences = paragraph.match(/[^.!?]+[.!?]+["”]?/g) ?? [paragraph];
    const told = sentences.map((sentence) => sentence.trim()).filter((sentence) => !/["“”]/.test(sentence));
    const longest = [...(told.length > 0 ? told : sentences)].sort((a, b) => b.length - a.length)[0] ?? '';
    return [type, longest.trim().slice(0, 300)];
  });
  return JSON.stringify(Object.fromEntries(scenes));
}

/**
 * A story as a model following the prompt would answer it: the JSON object the prompt asks for, written
 * by the local writer from the choices the prompt names. The twin reads the prompt the way a model does
 * (the band's voice, the hero's name in the fence, the choices in the seed), so a provider that stops
 * sending them gets a story that fails the band's checks.
 */
export function storyAnswer(prompt: string): Promise<string> {
  // The choices are read from our instructions, not from the family's words (a title may name a mission).
  const choices = prompt.replace(FAMILY_FENCE, '');
  const ageBand = bandOf(prompt);
  const band = AGE_BAND_CONFIGS[ageBand];
  const heroName = familyLine(prompt, 'hero name') ?? 'Sam';
  const mission = named(choices, MISSIONS);
  const writingStyle =
    Object.keys(band.styles).find((style) => choices.includes(style)) ?? band.selectors.style_picker.fallback_style;
  const request: StoryRequest = {
    storyId: `twin-${hash(prompt)}`,
    heroName,
    characterType: named(choices, CHARACTER_TYPES),
    storyKind: named(choices, STORY_KINDS),
    mission,
    narrativeStructure:
      NARRATIVE_STRUCTURES.find((structure) => choices.includes(structure)) ??
      MISSION_MAPPING[mission].narrativeStructure,
    themeId: MISSION_MAPPING[mission].themeId,
    writingStyle,
    artStyle: 'illustration',
    ageBand,
    band,
    customDescriptions: {},
    template: { id: 'twin', version: 1, ...DEFAULT_TEMPLATES.story_system },
    seed: hash(prompt),
    attempt: 1,
    problems: [],
    earlierStories: heardTitles(prompt, heroName),
  };
  return writer.writeStory(request).then((draft) => {
    // Only the scenes the format asks for (a streamed answer asks for the cover's alone).
    const scenes = Object.fromEntries(askedScenes(prompt).map((type) => [type, draft.scenes[type]]));
    const fields = { title: draft.title, excerpt: draft.excerpt, paragraphs: draft.paragraphs, scenes };
    // The fields in the order the prompt's format names them, as a model following it writes them.
    const at = (field: string) => prompt.indexOf(`"${field}"`) >>> 0;
    const order = Object.keys(fields).sort((a, b) => at(a) - at(b)) as (keyof typeof fields)[];
    return JSON.stringify(Object.fromEntries(order.map((field) => [field, fields[field]])));
  });
}
