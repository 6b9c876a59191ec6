import * as z from 'zod';
import { generationModeSchema } from '../story-choices.js';

/** SPEC §5: image customization text, at most 500 characters (the dialog shows a live counter). */
export const IMAGE_CUSTOMIZATION_MAX = 500;

/** SPEC §5: at most 3 pictures on the story page (the server enforces it in the write). */
export const MAX_STORY_PAGE_IMAGES = 3;

export const IMAGE_MESSAGES = {
  tooLong: `Customization must be ${IMAGE_CUSTOMIZATION_MAX} characters or less`,
  maximum: 'Maximum 3 images per story',
  notFound: 'Image not found',
} as const;

/** POST /api/stories/{id}/images and …/images/{imageId}/regenerate. */
export const imageRequestSchema = z.strictObject({
  customizations: z.string().trim().max(IMAGE_CUSTOMIZATION_MAX, IMAGE_MESSAGES.tooLong).optional(),
  mode: generationModeSchema.default('express'),
});
export type ImageRequest = z.input<typeof imageRequestSchema>;
