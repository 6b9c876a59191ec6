import * as z from 'zod';
import { LIMITS } from '../limits.js';
import { generationModeSchema } from './choices.js';
import { IMAGE_MESSAGES } from './messages.js';

/** POST /api/stories/{id}/images and …/images/{imageId}/regenerate. */
export const imageRequestSchema = z.strictObject({
  customizations: z.string().trim().max(LIMITS.imageCustomizationMax, IMAGE_MESSAGES.tooLong).optional(),
  mode: generationModeSchema.default('express'),
});
export type ImageRequest = z.input<typeof imageRequestSchema>;
