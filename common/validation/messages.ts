import { LIMITS } from '../limits.js';

/**
 * Refusals the server and the SPA's forms word alike, in a module of their own (no zod, no schemas, as
 * account-messages.ts): the API's domain errors (lambdas/use-cases/errors.ts) need the words at every cold
 * start, not the schemas of the routes that use them.
 */
export const ADMIN_MESSAGES = {
  emptyNote: 'Note cannot be empty',
  noteTooLong: 'Note must be 2000 characters or less',
  notYourself: 'You cannot do that to your own account',
  userNotFound: 'User not found',
  storyNotFound: 'Story not found',
  templateNotFound: 'Template not found',
  saveFirst: 'Please save the story first before generating images',
} as const;

export const IMAGE_MESSAGES = {
  tooLong: `Customization must be ${LIMITS.imageCustomizationMax} characters or less`,
  maximum: 'Maximum 3 images per story',
  notFound: 'Image not found',
} as const;
