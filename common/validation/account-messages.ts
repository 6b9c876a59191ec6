/**
 * SPEC §5: the account messages, in a module of their own (no zod, no schemas) so that every signed-in
 * screen of the SPA can show them without downloading the validation code (accounts.ts) it does not run.
 */
export const MESSAGES = {
  invalidEmail: 'Invalid email format',
  emailTooLong: 'Email too long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordNeedsUppercase: 'Password must contain an uppercase letter',
  passwordNeedsNumber: 'Password must contain a number',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name too long',
  authorNameTooLong: 'Author name too long',
  // The existing wizard text for a name (common/story-validation.ts): display and author names show on
  // stories other families read.
  nameNotKidFriendly: 'Please choose a kid-friendly name',
  passwordFieldsRequired: 'Please fill in both password fields',
  passwordsDoNotMatch: 'Passwords do not match',
  // Not SPEC texts (the SPEC leaves them open); shared so the server and the SPA say the same thing.
  accountSuspended: 'Your account has been suspended. Please contact us if you think this is a mistake.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  wrongCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists. Try signing in instead.',
  tooManyAttempts: 'Too many requests. Please wait a moment and try again.',
} as const;

/** Not a SPEC text: shown under the SPEC's "Failed to update password" when the current password is wrong. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

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
