/**
 * SPEC §2 wizard options and §9 mapping rules: the choices a family makes, shared by the wizard, the API's
 * validation and the workflow. "Surprise" is resolved at generation, never stored on a story.
 */
export const SURPRISE = 'Surprise';

export const CHARACTER_TYPES = ['Explorer', 'Super Hero', 'Creature', 'Robot', 'Warrior'] as const;
export const STORY_TYPES = ['Adventure', 'Mystery', 'Magical', 'Epic', 'Space'] as const;
export const MISSIONS = ['Rescue', 'Treasure', 'Protect', 'Ranch', 'Escape'] as const;

export type CharacterType = (typeof CHARACTER_TYPES)[number];
export type StoryType = (typeof STORY_TYPES)[number];
export type Mission = (typeof MISSIONS)[number];

/** The wizard's art styles (step 05), in the SPEC's order, with their labels. */
export const ART_STYLES = [
  { id: 'pixar-3d', label: 'Cinematic Animation' },
  { id: 'anime', label: 'Anime Vision' },
  { id: 'illustration', label: 'Illustrations' },
  { id: 'comic-book', label: 'Comic Book' },
  { id: 'watercolor', label: 'Watercolor Dreams' },
  { id: 'sketch', label: 'Pencil Sketch' },
] as const;
export type ArtStyle = (typeof ART_STYLES)[number]['id'];
export const ART_STYLE_IDS = ART_STYLES.map((s) => s.id) as [ArtStyle, ...ArtStyle[]];
export const DEFAULT_ART_STYLE: ArtStyle = 'pixar-3d';

/** SPEC §1: express (about 10 s an image) or studio (1-2 minutes an image). */
export const GENERATION_MODES = ['express', 'studio'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

export const NARRATIVE_STRUCTURES = ['overcoming-monster', 'quest', 'heros-journey', 'voyage-return'] as const;
export type NarrativeStructure = (typeof NARRATIVE_STRUCTURES)[number];

/** SPEC §9: mission → narrative structure and theme (Rescue and Escape share one theme). */
export const MISSION_MAPPING: Record<Mission, { narrativeStructure: NarrativeStructure; themeId: string }> = {
  Rescue: { narrativeStructure: 'overcoming-monster', themeId: 'brave-rescue' },
  Escape: { narrativeStructure: 'overcoming-monster', themeId: 'brave-rescue' },
  Treasure: { narrativeStructure: 'quest', themeId: 'treasure-hunt' },
  Protect: { narrativeStructure: 'heros-journey', themeId: 'guardians' },
  Ranch: { narrativeStructure: 'voyage-return', themeId: 'guardian-ranch' },
};
export const DEFAULT_NARRATIVE_STRUCTURE: NarrativeStructure = 'heros-journey';

/** Story themes (joined to stories for their chips and cards): name and emoji. */
export const THEMES: Record<string, { name: string; emoji: string }> = {
  'brave-rescue': { name: 'Brave Rescue', emoji: '🛟' },
  'treasure-hunt': { name: 'Treasure Hunt', emoji: '💎' },
  guardians: { name: 'Guardians', emoji: '🛡️' },
  'guardian-ranch': { name: 'Guardian Ranch', emoji: '🐴' },
};

export const IMAGE_TYPES = ['cover', 'early-scene', 'mid-scene', 'climax', 'ending'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Picks one of the real options for "Surprise Me!" (SPEC §9), with an injectable random source for tests. */
export function resolveSurprise<T extends string>(
  value: T | typeof SURPRISE,
  options: readonly T[],
  random = Math.random,
): T {
  if (value !== SURPRISE) return value;
  return options[Math.floor(random() * options.length)] ?? (options[0] as T);
}
