import * as z from 'zod';
import {
  artStyleSchema,
  characterTypeSchema,
  generationModeSchema,
  missionSchema,
  storyTypeSchema,
} from './choices.js';

/** SPEC §8 "Incomplete Story Magic": refused by the wizard and, with the same words, by the server. */
export const INCOMPLETE_STORY = {
  title: 'Incomplete Story Magic',
  message: 'Please complete all steps including art style selection before generating your story.',
} as const;

/**
 * The body of POST /api/stories (SPEC §7 generate-story). Band-specific limits (name length, custom
 * description length and deny list) are checked against the caller's band by the server.
 */
export const generateStoryRequestSchema = z.strictObject({
  /** Chosen by the wizard once per story: a repeated submission (two clicks, two tabs) makes one story. */
  requestId: z.uuid().optional(),
  heroName: z.string().max(100),
  characterType: characterTypeSchema.optional(),
  /** The story kind (its values the bands' `story_kind` list), named as the table's `story_type`. */
  storyType: storyTypeSchema,
  mission: missionSchema,
  writingStyle: z.string().max(60).optional(),
  artStyle: artStyleSchema,
  generationMode: generationModeSchema.default('express'),
  customCharacterDescription: z.string().max(200).optional(),
  customStoryTypeDescription: z.string().max(200).optional(),
  customMissionDescription: z.string().max(200).optional(),
});
export type GenerateStoryRequest = z.input<typeof generateStoryRequestSchema>;

/**
 * One name per field from the wizard to the table (heroName / hero_name, storyType / story_type). A page
 * loaded before that rename still sends `storyKind`: read as `storyType` until no such page can be open
 * (a tab kept from before the deploy), then this goes.
 */
export function withCurrentNames(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('storyKind' in body) || 'storyType' in body) return body;
  const { storyKind, ...rest } = body as Record<string, unknown>;
  return { ...rest, storyType: storyKind };
}

/** True when the four required choices are present (SPEC §5 "Generation requires …"). */
export function isCompleteStoryRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const hasCharacter = Boolean(b.characterType) || Boolean(String(b.customCharacterDescription ?? '').trim());
  return (
    Boolean(String(b.heroName ?? '').trim()) &&
    hasCharacter &&
    Boolean(b.storyType) &&
    Boolean(b.mission) &&
    Boolean(b.artStyle)
  );
}
