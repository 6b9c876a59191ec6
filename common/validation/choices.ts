import * as z from 'zod';
import { AGE_BANDS } from '../age-bands.js';
import { ART_STYLE_IDS, CHARACTER_TYPES, GENERATION_MODES, MISSIONS, STORY_TYPES, SURPRISE } from '../story-choices.js';

/**
 * The choice lists (story-choices.ts, age-bands.ts) as schemas, for the forms and the server. Apart from
 * the lists themselves, so a screen that only shows a choice does not download the validation library.
 */
export const ageBandSchema = z.enum(AGE_BANDS);
export const characterTypeSchema = z.enum([...CHARACTER_TYPES, SURPRISE]);
export const storyTypeSchema = z.enum([...STORY_TYPES, SURPRISE]);
export const missionSchema = z.enum([...MISSIONS, SURPRISE]);
export const artStyleSchema = z.enum(ART_STYLE_IDS);
export const generationModeSchema = z.enum(GENERATION_MODES);
