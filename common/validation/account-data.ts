import * as z from 'zod';

/**
 * A parent's control of the account's data: the download and the deletion. The word is typed in the
 * profile page's dialog and sent with the request, so neither a slip of the finger nor a stray request
 * can delete an account.
 */
export const DELETE_ACCOUNT_WORD = 'DELETE';

export const ACCOUNT_DATA_MESSAGES = {
  confirmationRequired: `Type ${DELETE_ACCOUNT_WORD} to confirm`,
  adminAccount: 'An admin account cannot delete itself. Ask another admin to delete it.',
  accountGone: 'This account no longer exists.',
} as const;

/** DELETE /api/me: the body must carry the word exactly (case-sensitive), and nothing else. */
export const deleteAccountSchema = z.strictObject({
  confirm: z.literal(DELETE_ACCOUNT_WORD, ACCOUNT_DATA_MESSAGES.confirmationRequired),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

/** The download's file name, dated by the day (UTC) it was made: `story-magic-data-2025-06-01.json`. */
export const accountDataFileName = (exportedAt: Date): string =>
  `story-magic-data-${exportedAt.toISOString().slice(0, 10)}.json`;
