import * as z from 'zod';

/** The calls a family's rate limits count (repositories/rate-limits.ts gives each its limit and window). */
export const RATE_LIMITED_ACTIONS = ['generate', 'image', 'narrate', 'voice', 'unlock', 'unlock-password'] as const;

/**
 * The family's rate-limit count a story or picture took (which window, and how much), kept on what it made:
 * given back if the work fails for a reason that is not the family's (a lost provider, an error), so a
 * failure costs them nothing.
 */
export const spentSlotSchema = z.object({
  action: z.enum(RATE_LIMITED_ACTIONS),
  window_start: z.number(),
  amount: z.number().optional(),
});
