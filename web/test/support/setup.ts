import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetFamily, server } from './fake-api';
import { resetSession } from './fake-session';

/**
 * Setup of the fast SPA tests (vitest project "spa", happy-dom). The network is MSW's (fake-api.ts); an
 * unhandled request fails the test, so a screen cannot quietly call something the fake does not know.
 * Amplify's auth is replaced at its boundary by a signed-in session (fake-session.ts).
 */
vi.mock('aws-amplify/auth', async () => (await import('./fake-session')).amplifyAuth);

// The first screen of a file loads its route modules on demand (as the browser does): allow for that.
configure({ asyncUtilTimeout: 12000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetFamily();
  resetSession();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
