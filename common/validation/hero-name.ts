import * as z from 'zod';

/**
 * The hero's name, its rules in one place (no safety lexicon here: the wizard's state and the story
 * editor's schema load it at once; common/story-validation.ts adds the letters and the safety check).
 */

export const NAME_MESSAGES = {
  required: "Please enter your character's name",
  tooShort: 'Name must be at least 2 characters',
  tooLong: (max: number) => `Name must be less than ${max} characters`,
  invalidCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  unkind: 'Please choose a kid-friendly name',
} as const;

/** SPEC §5: the wizard step's own cap, used when no band configuration is at hand (a band's may be lower). */
export const HERO_NAME_MAX = 24;
export const HERO_NAME_MIN = 2;
/** The story editor's cap (the creator's and the admin's). */
export const EDITED_HERO_NAME_MAX = 50;

/** Characters as people count them, so an accented letter is one character. */
export const characterCount = (text: string) => [...text].length;

/** The wizard's length rule (SPEC §5 step 1): 2 characters at least, the band's cap (24 by default) at most. */
export function heroNameLengthProblem(name: string, max = HERO_NAME_MAX): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return NAME_MESSAGES.required;
  if (characterCount(trimmed) < HERO_NAME_MIN) return NAME_MESSAGES.tooShort;
  if (characterCount(trimmed) > max) return NAME_MESSAGES.tooLong(max);
  return undefined;
}

/** A hero name typed in the story editor: the admin may leave it empty, the creator may not (`.min(1, …)`). */
export const editedHeroNameSchema = z
  .string()
  .trim()
  .max(EDITED_HERO_NAME_MAX, NAME_MESSAGES.tooLong(EDITED_HERO_NAME_MAX));
