import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetFamily, server } from './fake-api';

/**
 * Setup of the fast SPA tests (vitest project "spa", happy-dom). The network is MSW's (fake-api.ts); an
 * unhandled request fails the test, so a screen cannot quietly call something the fake does not know.
 * Amplify's auth is replaced at its boundary by a signed-in session (the token's subject and groups are
 * all the SPA reads from it).
 */
vi.mock('aws-amplify/auth', () => {
  const session = {
    tokens: {
      accessToken: { payload: { sub: 'user-1', 'cognito:groups': [] }, toString: () => 'test-access-token' },
    },
  };
  const unused = () => Promise.reject(new Error('not used by the fast SPA tests'));
  return {
    fetchAuthSession: () => Promise.resolve(session),
    getCurrentUser: () => Promise.resolve({ userId: 'user-1', username: 'wren', signInDetails: {} }),
    signIn: unused,
    signOut: () => Promise.resolve(),
    signUp: unused,
    resetPassword: unused,
    confirmResetPassword: unused,
  };
});

// The first screen of a file loads its route modules on demand (as the browser does): allow for that.
configure({ asyncUtilTimeout: 12000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetFamily();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
