import { useMemo, useSyncExternalStore } from 'react';
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
import { useWizardOwner } from './wizard-owner';

/**
 * The create-story wizard's choices (SPEC §3 wizard state): one typed model per child, kept in browser
 * storage under the story-config key so a reload (or a second tab) loses nothing, and a brother's wizard
 * never opens on his sister's draft. This module owns that storage: screens read and change the reading
 * child's choices through `useWizard()`; nothing else touches the key.
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
  /**
   * One id per story being asked for, for these choices: a second click or a second tab re-sends it and
   * gets the same story. Any change of a choice drops it, and so does the server's answer.
   */
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

/** One child's wizard: the draft, and the choices of the story last asked for ("Try again" if it fails). */
const childWizard = z.object({
  choices: storedChoices.catch(EMPTY_CHOICES),
  sent: z.object({ storyId: z.string(), choices: storedChoices }).optional().catch(undefined),
});
type ChildWizard = z.infer<typeof childWizard>;

/** Every child's wizard on this device, by account and child ("userId/childId"). */
const storedWizards = z.object({ children: z.record(z.string(), childWizard.catch({ choices: EMPTY_CHOICES })) });
type Wizards = z.infer<typeof storedWizards> & {
  /** A draft kept before each child had their own: the first child to open the wizard takes it over. */
  unowned?: WizardChoices;
};

const NO_WIZARDS: Wizards = { children: {} };

/**
 * A draft kept before the hero's name was `heroName` everywhere names it `characterName` (SPEC §3's wizard
 * state): read under the new name, so a family's unfinished story keeps its hero.
 */
function withCurrentNames(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || 'heroName' in stored) return stored;
  const { characterName, ...rest } = stored as Record<string, unknown>;
  return characterName === undefined ? rest : { ...rest, heroName: characterName };
}

function parse(raw: string | null): Wizards {
  if (!raw) return NO_WIZARDS;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored === 'object' && stored !== null && 'children' in stored) return storedWizards.parse(stored);
    return { children: {}, unowned: storedChoices.parse(withCurrentNames(stored)) };
  } catch {
    return NO_WIZARDS; // damaged JSON starts the wizard afresh rather than breaking it
  }
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; wizards: Wizards } | undefined;

/** Every child's wizard as stored (the same object until it changes, as useSyncExternalStore needs). */
function read(): Wizards {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!cache || cache.raw !== raw) cache = { raw, wizards: parse(raw) };
  return cache.wizards;
}

const wizardOf = (wizards: Wizards, owner: string): ChildWizard =>
  wizards.children[owner] ?? { choices: wizards.unowned ?? EMPTY_CHOICES };

const notify = () => listeners.forEach((listener) => listener());

/** Writes one child's wizard (a draft kept from before is theirs from now on). */
function write(owner: string, next: ChildWizard): void {
  const { children } = read();
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ children: { ...children, [owner]: next } }));
  notify();
}

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
  /** A choice (or the request id) changed in this child's wizard. */
  update(owner: string, change: Partial<WizardChoices>): void {
    const current = wizardOf(read(), owner);
    // The request id belongs to the choices it was made for: another choice is another story.
    const changesChoice = Object.keys(change).some((field) => field !== 'requestId');
    write(owner, {
      ...current,
      choices: { ...current.choices, ...(changesChoice ? { requestId: '' } : {}), ...change },
    });
  },
  /**
   * The server answered with the story: the child's next run starts from an empty wizard, whatever becomes
   * of this story (made, waiting for a grown-up, failed), and with a request id of its own.
   */
  sent(owner: string, storyId: string): void {
    const { choices } = wizardOf(read(), owner);
    write(owner, { choices: EMPTY_CHOICES, sent: { storyId, choices: { ...choices, requestId: '' } } });
  },
  /** "Try again" on this story, if it is the one this child last asked for: its choices are back. */
  tryAgain(owner: string, storyId: string): boolean {
    const { sent } = wizardOf(read(), owner);
    if (sent?.storyId !== storyId) return false;
    write(owner, { choices: sent.choices });
    return true;
  },
  /** Forgets one child's wizard (the child is removed: the draft holds their hero's name). */
  forget(owner: string): void {
    const { children } = read();
    if (!(owner in children)) return;
    const { [owner]: _forgotten, ...others } = children;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ children: others }));
    notify();
  },
  /** Forgets every child's wizard on this device (the account is deleted: the drafts hold hero names). */
  reset(): void {
    localStorage.removeItem(STORAGE_KEY);
    notify();
  },
};

export type Wizard = {
  /** False while it is not yet known whose wizard this is (the profile on its way). */
  ready: boolean;
  choices: WizardChoices;
  update(change: Partial<WizardChoices>): void;
  sent(storyId: string): void;
};

/** The reading child's wizard (see `wizard`), re-rendering when it changes (in this tab or another). */
export function useWizard(): Wizard {
  const owner = useWizardOwner();
  const wizards = useSyncExternalStore(subscribe, read);
  const choices = owner ? wizardOf(wizards, owner).choices : EMPTY_CHOICES;
  return useMemo(
    () => ({
      ready: owner !== undefined,
      choices,
      update: (change) => owner && wizard.update(owner, change),
      sent: (storyId) => owner && wizard.sent(owner, storyId),
    }),
    [owner, choices],
  );
}

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
