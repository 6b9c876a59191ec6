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
