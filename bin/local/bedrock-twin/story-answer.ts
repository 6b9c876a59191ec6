import type { AgeBand } from '#common/age-bands.js';
import {
  CHARACTER_TYPES,
  IMAGE_TYPES,
  type ImageType,
  MISSION_MAPPING,
  MISSIONS,
  NARRATIVE_STRUCTURES,
  STORY_TYPES,
} from '#common/story-choices.js';
import { AGE_BAND_CONFIGS } from '../../../lambdas/use-cases/age-band-configs.js';
import { DEFAULT_TEMPLATES } from '../../../lambdas/data/default-templates.js';
import { FAMILY_TAG } from '../../../lambdas/workflow/providers/bedrock/family-text.js';
import { HEARD_TITLES, STORY_TAG } from '../../../lambdas/workflow/providers/bedrock/prompts.js';
import { localStoryteller } from '#storyteller';
import type { StoryRequest } from '../../../lambdas/workflow/providers/types.js';

const writer = localStoryteller;

/** What a model is sent: the system blocks and the first user turn's blocks, as texts. */
export type Conversation = Readonly<{ system: readonly string[]; user: readonly string[] }>;

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/**
 * The family's fence as the provider writes it (family-text.ts): its tag on a line of its own, then
 * `label: value` lines, which hold no angle bracket (the provider takes them out). The rule that explains
 * the fence names the tag inside a sentence, so only this shape is the fence.
 */
const FAMILY_FENCE = new RegExp(`<${FAMILY_TAG}>\\n((?:[^<\\n]*\\n)*?)</${FAMILY_TAG}>`, 'g');

/** The family's words (the fence's `label: value` lines) and our own text (everything else). */
function readPrompt(text: string): { family: Map<string, string>; ours: string } {
  const family = new Map<string, string>();
  for (const match of text.matchAll(FAMILY_FENCE)) {
    for (const line of (match[1] ?? '').split('\n')) {
      const at = line.indexOf(': ');
      if (at > 0) family.set(line.slice(0, at), line.slice(at + 2).trim());
    }
  }
  return { family, ours: text.replace(FAMILY_FENCE, ' ') };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `word` first stands as a word of its own in `text` (a hyphenated name counts whole), or -1. */
const wordAt = (text: string, word: string) =>
  new RegExp(`(?<![\\w-])${escape(word)}(?![\\w-])`).exec(text)?.index ?? -1;

/**
 * The choice of `choices` the instructions name, as a model reads a request: the one named first in our
 * user turn, else in the system prompt; when none is named, one of the model's own (it does not fall back
 * on the first choice, so a prompt that drops a choice gets a story that does not follow it).
 */
function chosen<T extends string>(where: readonly string[], choices: readonly [T, ...T[]], invent: string): T {
  for (const text of where) {
    const named = choices
      .map((choice) => ({ choice, at: wordAt(text, choice) }))
      .filter((each) => each.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (named) return named.choice;
  }
  return choices[hash(invent) % choices.length] ?? choices[0];
}

/**
 * The titles the prompt asks a new story's title to differ from (`"…"; "…"` on their fence line), as stories
 * the child has heard: the twin's writer then gives the story a title of its own, as a model asked to does.
 */
const heardTitles = (titles: string | undefined, heroName: string): StoryRequest['earlierStories'] =>
  (titles?.match(/"[^"]*"/g) ?? []).map((quoted) => ({ heroName, title: quoted.slice(1, -1), content: '' }));

/** The band whose own system prompt the request carries (the provider sends it filled in). */
function bandOf(system: string): AgeBand {
  const opening = (band: AgeBand) => AGE_BAND_CONFIGS[band].prompts.system.slice(0, 60);
  return system.includes(opening('A')) ? 'A' : 'B';
}

/** The picture types the prompt's answer format names (`"cover"`, …), in their usual order. */
const askedScenes = (prompt: string) => IMAGE_TYPES.filter((type) => prompt.includes(`"${type}"`));

/** What a text model answers: the scene planner's scenes for a fenced finished story, else a story. */
export function textAnswer(conversation: Conversation): Promise<string> {
  const user = conversation.user.join('\n');
  const scenesOnly = user.includes(`<${STORY_TAG}>`) && !user.includes('"paragraphs"');
  return scenesOnly ? Promise.resolve(sceneAnswer(user)) : storyAnswer(conversation);
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
 * by the local writer from what the prompt asks. The twin reads it as a model does: the band from the
 * band's own voice in the system prompt; the hero's kind, the kind of story, the mission, the structure and
 * the writing style from our instructions (the user turn first, then the system prompt); the hero's name,
 * the family's own words for the hero, the story and the mission (its friends and errands among them) and
 * the titles the child has heard from the family's fence. A choice the prompt does not carry is one of the
 * twin's own, so a provider that drops one gets a story that does not follow it.
 */
function storyAnswer(conversation: Conversation): Promise<string> {
  const system = readPrompt(conversation.system.join('\n')).ours;
  const { family, ours: instructions } = readPrompt(conversation.user.join('\n'));
  const where = [instructions, system];
  const prompt = [system, instructions, ...family.values()].join('\n');
  const ageBand = bandOf(system);
  const band = AGE_BAND_CONFIGS[ageBand];
  const heroName = family.get('hero name') ?? 'Sam';
  const mission = chosen(where, MISSIONS, `${prompt}mission`);
  const styles = Object.keys(band.styles) as [string, ...string[]];
  const quoted = styles.find((style) => instructions.includes(`"${style}"`) || system.includes(`"${style}"`));
  const custom = {
    character: family.get('hero'),
    storyType: family.get('kind of story'),
    mission: family.get('mission'),
  };
  const request: StoryRequest = {
    storyId: `twin-${hash(prompt)}`,
    heroName,
    characterType: chosen(where, CHARACTER_TYPES, `${prompt}hero`),
    storyType: chosen(where, STORY_TYPES, `${prompt}kind`),
    mission,
    narrativeStructure: chosen(where, NARRATIVE_STRUCTURES, `${prompt}structure`),
    themeId: MISSION_MAPPING[mission].themeId,
    writingStyle: quoted ?? chosen(where, styles, `${prompt}style`),
    artStyle: 'illustration',
    ageBand,
    band,
    customDescriptions: Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== undefined)),
    template: { id: 'twin', version: 1, ...DEFAULT_TEMPLATES.story_system },
    seed: hash(prompt),
    attempt: 1,
    problems: [],
    earlierStories: heardTitles(family.get(HEARD_TITLES), heroName),
  };
  const format = conversation.user.join('\n');
  return writer.writeStory(request).then((draft) => {
    // Only the scenes the format asks for (a streamed answer asks for the cover's alone).
    const scenes = Object.fromEntries(askedScenes(format).map((type) => [type, draft.scenes[type]]));
    const fields = { title: draft.title, excerpt: draft.excerpt, paragraphs: draft.paragraphs, scenes };
    // The fields in the order the prompt's format names them, as a model following it writes them.
    const at = (field: string) => format.indexOf(`"${field}"`) >>> 0;
    const order = Object.keys(fields).sort((a, b) => at(a) - at(b)) as (keyof typeof fields)[];
    return JSON.stringify(Object.fromEntries(order.map((field) => [field, fields[field]])));
  });
}
