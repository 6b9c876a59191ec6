import * as z from 'zod';
import { ACCOUNT_DATA_MESSAGES, DELETE_ACCOUNT_WORD } from './account-messages.js';

/** DELETE /api/me: the body must carry the word exactly (case-sensitive), and nothing else. */
export const deleteAccountSchema = z.strictObject({
  confirm: z.literal(DELETE_ACCOUNT_WORD, ACCOUNT_DATA_MESSAGES.confirmationRequired),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

/** The download's file name, dated by the day (UTC) it was made: `story-magic-data-2025-06-01.json`. */
export const accountDataFileName = (exportedAt: Date): string =>
  `story-magic-data-${exportedAt.toISOString().slice(0, 10)}.json`;

/** One child's part of the download (a parent's per-child download): `story-magic-child-data-2025-06-01.json`. */
export const childDataFileName = (exportedAt: Date): string =>
  `story-magic-child-data-${exportedAt.toISOString().slice(0, 10)}.json`;
