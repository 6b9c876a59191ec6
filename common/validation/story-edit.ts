import * as z from 'zod';
import { editedHeroNameSchema, NAME_MESSAGES } from './hero-name.js';

/** PATCH /api/stories/{id}: what the creator may change (SPEC §2: title, hero name, content). */
export const storyEditSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'Please give your story a title')
      .max(120, 'Title must be 120 characters or less')
      .optional(),
    heroName: editedHeroNameSchema.min(1, NAME_MESSAGES.required).optional(),
    content: z.string().trim().min(1, 'Your story needs some words').max(20_000, 'The story is too long').optional(),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), 'Nothing to update');
export type StoryEdit = z.infer<typeof storyEditSchema>;
