import * as z from 'zod';

/** PATCH /api/stories/{id}: what the creator may change (SPEC §2: title, hero name, content). */
export const storyEditSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'Please give your story a title')
      .max(120, 'Title must be 120 characters or less')
      .optional(),
    heroName: z
      .string()
      .trim()
      .min(1, "Please enter your character's name")
      .max(50, 'Name must be less than 50 characters')
      .optional(),
    content: z.string().trim().min(1, 'Your story needs some words').max(20_000, 'The story is too long').optional(),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), 'Nothing to update');
export type StoryEdit = z.infer<typeof storyEditSchema>;
