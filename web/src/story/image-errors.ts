import { ApiRequestError } from '../api/client';

/** SPEC §8: what a family reads when a picture cannot be made. */
export function imageErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'Failed to generate image. Please try again.';
  const message = error.message;
  if (/credits/i.test(message)) return 'Insufficient AI credits. Please add credits in Settings > Usage.';
  if (/rate limit|too many requests/i.test(message)) return 'Too many requests. Please wait a moment and try again.';
  return message || 'Failed to generate image';
}
