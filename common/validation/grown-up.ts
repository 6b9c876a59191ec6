import * as z from 'zod';
import { FAMILY_MESSAGES, PIN_LENGTH } from '../family.js';
import { MESSAGES } from './account-messages.js';

/*
 * "Grown-ups only" (issue 36): kept apart from the child schemas (validation/family.ts), which check names
 * with the safety lexicon, so the API's cold start does not load the lexicon for the gate's routes.
 */

/** A PIN: four digits, nothing else. */
export const pinSchema = z.string().regex(new RegExp(`^[0-9]{${PIN_LENGTH}}$`), FAMILY_MESSAGES.pinFormat);

/** POST /api/grown-up/unlock: the parent's PIN, or the account password (always accepted: a PIN can be forgotten). */
export const unlockSchema = z.union([
  z.strictObject({ pin: pinSchema }),
  z.strictObject({ password: z.string().min(1, MESSAGES.passwordRequired).max(256) }),
]);
export type UnlockRequest = z.infer<typeof unlockSchema>;

/** PUT /api/grown-up/pin: sets or changes the PIN (behind the gate already). */
export const setPinSchema = z.strictObject({ pin: pinSchema });
