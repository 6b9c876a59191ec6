import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import {
  artStyleSchema,
  characterTypeSchema,
  generationModeSchema,
  missionSchema,
  storyTypeSchema,
} from '#common/validation/choices';
import type { ArtStyle, CharacterType, GenerationMode, Mission, StoryType, SURPRISE } from '#common/story-choices';
import { heroNameLengthProblem } from '#common/validation/hero-name';
import type { GenerateStoryRequest } from '#common/validation/story-request';

/**
 * The create-story wizard's choices (SPEC §3 wizard state): one typed model, kept in browser storage under
 * the story-config key so a reload (or a second tab) loses nothing. This module owns that storage: screens
 * read and change the choices through `useWizard()`, and other screens start the next story afresh with
 * `wizard.reset()`; nothing else touches the key.
 */
const STORAGE_KEY = 'story-config';

type Surprise = typeof SURPRISE;
/** A choice not made yet is ''. */
type Unchosen = '';

export type WizardChoices = {
  /** The hero's name: `heroName` from the wizard to the table (`hero_name`). */
  heroName: string;
  characterType: CharacterType | Surprise | Unchosen;
  storyType: StoryType | Surprise | Unchosen;
  mission: Mission | Surprise | Unchosen;
  /** Step 4.5: follows the story kind through the band's weighted auto_mapping. */
  writingStyle: string;
  artStyle: ArtStyle | Unchosen;
  generationMode: GenerationMode;
  customCharacterDescription: string;
  customStoryTypeDescription: string;
  customMissionDescription: string;
  /** One id per story being made: a second click or a second tab re-sends it and gets the same story. */
  requestId: string;
};

/**
 * What storage holds, read field by field: a field that is missing or no longer valid (an option renamed
 * since) falls back to its empty value instead of breaking the wizard.
 */
const unchosen = z.literal('');
const storedChoices = z.object({
  heroName: z.string().catch(''),
  characterType: z.union([characterTypeSchema, unchosen]).catch(''),
  storyType: z.union([storyTypeSchema, unchosen]).catch(''),
  mission: z.union([missionSchema, unchosen]).catch(''),
  writingStyle: z.string().catch(''),
  artStyle: z.union([artStyleSchema, unchosen]).catch(''),
  generationMode: generationModeSchema.catch('express'),
  customCharacterDescription: z.string().catch(''),
  customStoryTypeDescription: z.string().catch(''),
  customMissionDescription: z.string().catch(''),
  requestId: z.string().catch(''),
}) satisfies z.ZodType<WizardChoices>;

export const EMPTY_CHOICES: WizardChoices = storedChoices.parse({});

const listeners = new Set<() => void>();
let cache: { raw: string | null; choices: WizardChoices } | undefined;

/**
 * A draft kept before the hero's name was `heroName` everywhere names it `characterName` (SPEC §3's wizard
 * state): read under the new name, so a family's unfinished story keeps its hero.
 */
function withCurrentNames(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || 'heroName' in stored) return stored;
  const { characterName, ...rest } = stored as Record<string, unknown>;
  return characterName === undefined ? rest : { ...rest, heroName: characterName };
}

function parse(raw: string | null): WizardChoices {
  try {
    return raw ? storedChoices.parse(withCurrentNames(JSON.parse(raw))) : EMPTY_CHOICES;
  } catch {
    return EMPTY_CHOICES; // damaged JSON starts the wizard afresh rather than breaking it
  }
}

/** The current choices (the same object until they change, as useSyncExternalStore needs). */
function read(): WizardChoices {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!cache || cache.raw !== raw) cache = { raw, choices: parse(raw) };
  return cache.choices;
}

const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the wizard updates this one too.
  const onStorage = (event: StorageEvent) => (event.key === STORAGE_KEY || event.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const wizard = {
  read,
  update(change: Partial<WizardChoices>): void {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...read(), ...change }));
    notify();
  },
  /**
   * Forgets every choice: the next story starts from step 01. Called when a story the wizard asked for is
   * ready, and when the account is deleted (the draft holds the child's hero name).
   */
  reset(): void {
    localStorage.removeItem(STORAGE_KEY);
    notify();
  },
};

/** The wizard's choices, re-rendering when they change (in this tab or another). */
export const useWizard = (): WizardChoices => useSyncExternalStore(subscribe, read);

/** SPEC §5 step completion. */
export const stepComplete = {
  1: (c: WizardChoices) => !heroNameLengthProblem(c.heroName),
  2: (c: WizardChoices) => Boolean(c.characterType) || Boolean(c.customCharacterDescription.trim()),
  3: (c: WizardChoices) => Boolean(c.storyType),
  4: (c: WizardChoices) => Boolean(c.mission),
  4.5: (c: WizardChoices) => Boolean(c.writingStyle),
  5: (c: WizardChoices) => Boolean(c.artStyle),
} as const;

/**
 * The request that makes the story (POST /api/stories), or undefined while a step is incomplete (SPEC §4:
 * the wizard refuses with "Incomplete Story Magic"). Optional texts travel only when there is one.
 */
export function storyRequest(choices: WizardChoices, requestId: string): GenerateStoryRequest | undefined {
  const { characterType, storyType, mission, artStyle } = choices;
  const complete = Object.values(stepComplete).every((isComplete) => isComplete(choices));
  if (!complete || storyType === '' || mission === '' || artStyle === '') return undefined;
  const text = (value: string) => (value.trim() ? value : undefined);
  const customCharacterDescription = text(choices.customCharacterDescription);
  const customStoryTypeDescription = text(choices.customStoryTypeDescription);
  const customMissionDescription = text(choices.customMissionDescription);
  return {
    requestId,
    heroName: choices.heroName,
    ...(characterType ? { characterType } : {}),
    storyType,
    mission,
    writingStyle: choices.writingStyle,
    artStyle,
    generationMode: choices.generationMode,
    ...(customCharacterDescription ? { customCharacterDescription } : {}),
    ...(customStoryTypeDescription ? { customStoryTypeDescription } : {}),
    ...(customMissionDescription ? { customMissionDescription } : {}),
  };
}
