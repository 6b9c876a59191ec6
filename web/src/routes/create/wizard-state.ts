import { useCallback, useSyncExternalStore } from 'react';
import type { ArtStyle, GenerationMode } from '../../../../common/story-choices';

/** SPEC §3 wizard state, kept in browser storage under the story-config key so a reload loses nothing. */
export const WIZARD_STORAGE_KEY = 'story-config';

export type WizardState = {
  characterName: string;
  characterType: string;
  storyType: string;
  mission: string;
  writingStyle: string;
  artStyle: ArtStyle | '';
  generationMode: GenerationMode;
  customCharacterDescription: string;
  customStoryTypeDescription: string;
  customMissionDescription: string;
  /** One id per story being made: a second click or a second tab re-sends it and gets the same story. */
  requestId: string;
};

export const EMPTY_WIZARD: WizardState = {
  characterName: '',
  characterType: '',
  storyType: '',
  mission: '',
  writingStyle: '',
  artStyle: '',
  generationMode: 'express',
  customCharacterDescription: '',
  customStoryTypeDescription: '',
  customMissionDescription: '',
  requestId: '',
};

const listeners = new Set<() => void>();
let cache: { raw: string | null; state: WizardState } | undefined;

function read(): WizardState {
  const raw = localStorage.getItem(WIZARD_STORAGE_KEY);
  if (cache && cache.raw === raw) return cache.state;
  let state = EMPTY_WIZARD;
  try {
    if (raw) state = { ...EMPTY_WIZARD, ...(JSON.parse(raw) as Partial<WizardState>) };
  } catch {
    // A damaged entry starts the wizard afresh rather than breaking it.
  }
  cache = { raw, state };
  return state;
}

function write(state: WizardState): void {
  localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the wizard updates this one too.
  const onStorage = (event: StorageEvent) => event.key === WIZARD_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useWizardState(): [WizardState, (change: Partial<WizardState>) => void, () => void] {
  const state = useSyncExternalStore(subscribe, read);
  const update = useCallback((change: Partial<WizardState>) => write({ ...read(), ...change }), []);
  const reset = useCallback(() => write(EMPTY_WIZARD), []);
  return [state, update, reset];
}

/** SPEC §5 step completion. */
export const stepComplete = {
  1: (s: WizardState) => s.characterName.trim().length >= 2 && s.characterName.trim().length <= 24,
  2: (s: WizardState) => Boolean(s.characterType) || Boolean(s.customCharacterDescription.trim()),
  3: (s: WizardState) => Boolean(s.storyType),
  4: (s: WizardState) => Boolean(s.mission),
  4.5: (s: WizardState) => Boolean(s.writingStyle),
  5: (s: WizardState) => Boolean(s.artStyle),
} as const;

export const allStepsComplete = (s: WizardState) => Object.values(stepComplete).every((complete) => complete(s));
