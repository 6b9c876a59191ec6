import * as z from 'zod';
import { editedHeroNameSchema, NAME_MESSAGES } from './hero-name.js';

/** A story's text fields, as the creator's edit and the admin's editor both hold them (the SPA's inputs say the same). */
export const STORY_FIELD_MAX = { title: 120, content: 20_000, excerpt: 500 } as const;

export const storyTitleSchema = z
  .string()
  .trim()
  .max(STORY_FIELD_MAX.title, `Title must be ${STORY_FIELD_MAX.title} characters or less`);
export const storyContentSchema = z.string().trim().max(STORY_FIELD_MAX.content, 'The story is too long');

/** PATCH /api/stories/{id}: what the creator may change (SPEC §2: title, hero name, content). */
export const storyEditSchema = z
  .strictObject({
    title: storyTitleSchema.min(1, 'Please give your story a title').optional(),
    heroName: editedHeroNameSchema.min(1, NAME_MESSAGES.required).optional(),
    content: storyContentSchema.min(1, 'Your story needs some words').optional(),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), 'Nothing to update');
export type StoryEdit = z.infer<typeof storyEditSchema>;
