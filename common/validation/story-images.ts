import * as z from 'zod';
import { LIMITS } from '../limits.js';
import { generationModeSchema } from './choices.js';

export const IMAGE_MESSAGES = {
  tooLong: `Customization must be ${LIMITS.imageCustomizationMax} characters or less`,
  maximum: 'Maximum 3 images per story',
  notFound: 'Image not found',
} as const;

/** POST /api/stories/{id}/images and …/images/{imageId}/regenerate. */
export const imageRequestSchema = z.strictObject({
  customizations: z.string().trim().max(LIMITS.imageCustomizationMax, IMAGE_MESSAGES.tooLong).optional(),
  mode: generationModeSchema.default('express'),
});
export type ImageRequest = z.input<typeof imageRequestSchema>;
