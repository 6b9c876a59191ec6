import { MESSAGES } from '#common/validation/account-messages';

/**
 * SPEC §8: an auth error shows its message, or "Something went wrong". Known Cognito errors get one
 * wording whichever backend answered (Cognito and cognito-local word them differently), a wrong e-mail
 * and a wrong password read the same (no hint that an account exists), and a trigger's refusal
 * ("PreSignUp failed with error Display name too long.") shows only its reason.
 */
export function authErrorMessage(error: unknown, during: 'sign-in' | 'other' = 'other'): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = error instanceof Error ? error.message : '';
  if (/disabled/i.test(message)) return MESSAGES.accountSuspended;
  // cognito-local answers a wrong sign-in password with InvalidPasswordException; Cognito with NotAuthorized.
  if (during === 'sign-in' && name === 'InvalidPasswordException') return MESSAGES.wrongCredentials;
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return MESSAGES.wrongCredentials;
    case 'UsernameExistsException':
      return MESSAGES.emailTaken;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return MESSAGES.tooManyAttempts;
  }
  if (!message) return 'Something went wrong';
  // Cognito names the trigger (PreSignUp) or, in cognito-local, the function (story-magic-cognito-triggers).
  const trigger = /^[\w-]+ failed with error (.+?)\.?$/.exec(message);
  return trigger?.[1] ?? message;
}
