/**
 * Amplify's auth, replaced at its boundary (support/setup.ts mocks 'aws-amplify/auth' with this): the
 * signed-in account's session, as the SPA reads it (the token's subject and groups, and the token itself,
 * which the fake API maps to the account). Each test starts signed in as the first account, user-1, whose
 * token is "test-access-token"; `addSignIn` lets another account sign in through the real sign-in form.
 */
type Account = { sub: string; token: string; password: string };

const FIRST: Account = { sub: 'user-1', token: 'test-access-token', password: 'Adventure123' };
const accounts = new Map<string, Account>();
let current: Account | undefined = FIRST;

/** How often the SPA asked for a refreshed session (Amplify's `forceRefresh`): a call to Cognito each time. */
export const refreshes = { count: 0 };

/** Back to the first account, signed in (before each test). */
export function resetSession() {
  accounts.clear();
  current = FIRST;
  refreshes.count = 0;
}

/** An account that can sign in with this e-mail and password; its calls carry `token`. */
export function addSignIn(email: string, password: string, sub: string, token: string) {
  accounts.set(email, { sub, token, password });
}

const sessionOf = (account: Account | undefined) => ({
  tokens: account && {
    accessToken: { payload: { sub: account.sub, 'cognito:groups': [] }, toString: () => account.token },
  },
});

const unused = () => Promise.reject(new Error('not used by the fast SPA tests'));

export const amplifyAuth = {
  fetchAuthSession: (options?: { forceRefresh?: boolean }) => {
    if (options?.forceRefresh) refreshes.count += 1;
    return Promise.resolve(sessionOf(current));
  },
  getCurrentUser: () => Promise.resolve({ userId: current?.sub, username: current?.sub, signInDetails: {} }),
  signIn: ({ username, password }: { username: string; password: string }) => {
    const account = accounts.get(username);
    if (!account || account.password !== password) {
      return Promise.reject(
        Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
      );
    }
    current = account;
    return Promise.resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  },
  signOut: () => {
    current = undefined;
    return Promise.resolve();
  },
  signUp: unused,
  resetPassword: unused,
  confirmResetPassword: unused,
};
