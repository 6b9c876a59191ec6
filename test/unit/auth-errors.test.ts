import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../web/src/auth/auth-errors.js';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('auth error messages shown to families (SPEC §8)', () => {
  it('shows the reason of a trigger refusal without Cognito’s prefix', () => {
    expect(
      authErrorMessage(named('UserLambdaValidationException', 'PreSignUp failed with error Display name too long.')),
    ).toBe('Display name too long');
  });

  it('shows a suspended account its reason whichever name the trigger goes by', () => {
    const reason = 'Your account has been suspended. Please contact support if you think this is a mistake.';
    expect(
      authErrorMessage(
        named('UserLambdaValidationException', `story-magic-cognito-triggers failed with error ${reason}.`),
      ),
    ).toBe(reason);
  });

  it('words a wrong e-mail and a wrong password the same way', () => {
    expect(authErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'), 'sign-in')).toBe(
      'Incorrect email or password.',
    );
    expect(authErrorMessage(named('UserNotFoundException', 'User does not exist.'), 'sign-in')).toBe(
      'Incorrect email or password.',
    );
    expect(authErrorMessage(named('InvalidPasswordException', 'Invalid password'), 'sign-in')).toBe(
      'Incorrect email or password.',
    );
  });

  it('explains a suspended or disabled account', () => {
    expect(authErrorMessage(named('NotAuthorizedException', 'User is disabled.'))).toMatch(/suspended/);
  });

  it('falls back to "Something went wrong" when there is no message', () => {
    expect(authErrorMessage(undefined)).toBe('Something went wrong');
    expect(authErrorMessage(new Error(''))).toBe('Something went wrong');
  });
});
