import { Amplify } from '@aws-amplify/core';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, Hub } from 'aws-amplify/utils';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../components/toast';
import type { AppConfig } from '#common/app-config';
import { AMPLIFY_KEY_PREFIX } from '#common/early-reads';
import { GUARDIAN_METADATA_KEY } from '#common/family';
import { roleFromGroups, type Role } from '#common/roles';
import type { SignUpInput } from '#common/validation/accounts';
import { onAccountRefused } from '../api/client';
import { dropGrant, keepGrant } from '../family/grown-up-grant';
import { chosenChild, forgetChosenChild } from '../family/reader-choice';
import { changeOwnPassword, fetchProfile } from '../api/profile';
import { AccountCaches } from './account-caches';
import { AccountQueries } from './AccountQueries';

/** Sign-in, sign-up, reset and sign-out load on first use (password-flows.ts). */
const passwordFlows = () => import('./password-flows');
const amplifySignOut = async () => (await passwordFlows()).signOut();

/**
 * SPEC §4 client auth state: the session only. `loading` until the session (and with it the role) is
 * known, which needs no network. The family's profile is server data, in the query cache with the rest
 * (`useProfile`, api/profile.ts), and the provider keeps one cache per account, role and child
 * (account-caches.ts): signing out leaves nothing of the account's data on screen or in memory.
 */
export type AuthState = {
  loading: boolean;
  userId: string | undefined;
  role: Role | undefined;
  isAdmin: boolean;
  /**
   * The family signed out (or deleted the account) on this device: the guards then send the screen left to the
   * sign-in page without remembering it, so signing in again opens home, not the screen signed out from.
   */
  signedOutOnPurpose?: boolean;
};

export type AuthActions = {
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  /** After the account was deleted: ends the session on this device, whatever Cognito says about the gone user. */
  forgetDeletedAccount(): Promise<void>;
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
};

const AuthContext = createContext<(AuthState & AuthActions) | undefined>(undefined);

/** Set on sign-in and sign-up; home reads and clears it to show the welcome video once (SPEC §4). */
export const WELCOME_VIDEO_FLAG = 'story-magic:welcome-video';

let configured = false;
/**
 * Amplify with the user pool's token provider alone, the tokens in localStorage, as `aws-amplify`'s own
 * `Amplify.configure` sets it up; but from the core library, which does not bring the identity pool's
 * credentials provider along (the app has no identity pool): 2.4 kB less gzipped JS on every signed-in screen.
 */
function configureAmplify(config: AppConfig): void {
  if (configured) return;
  const Auth = {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      loginWith: { email: true },
    },
  };
  cognitoUserPoolsTokenProvider.setAuthConfig(Auth);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  Amplify.configure({ Auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
  configured = true;
}

/** Amplify keeps the Cognito tokens in localStorage under this prefix (its default token store). */
function forgetStoredTokens(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(AMPLIFY_KEY_PREFIX)) localStorage.removeItem(key);
  }
}

// One sign-in flow everywhere (cognito-local has no SRP); the password travels over TLS in AWS.
const PASSWORD_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const;

const signedOut: AuthState = {
  loading: false,
  userId: undefined,
  role: undefined,
  isAdmin: false,
};

export function AuthProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  configureAmplify(config);
  const [state, setState] = useState<AuthState>({ ...signedOut, loading: true });
  const [caches] = useState(() => new AccountCaches({ userId: undefined, role: undefined, child: undefined }));
  const generation = useRef(0);
  /** While this device signs in again after a password change, its brief sign-out is not a sign-out. */
  const reauthenticating = useRef(false);

  /** Reads the session: the user and their role (from the token's groups), with no network call. */
  const load = useCallback(async (): Promise<{ userId: string; role: Role } | undefined> => {
    const run = ++generation.current;
    const session = await fetchAuthSession().catch(() => undefined);
    const token = session?.tokens?.accessToken;
    if (!token) {
      // Still signed out: a sign-out on purpose stays one (the Hub's "signedOut" reloads after it).
      if (run === generation.current)
        setState((previous) => ({ ...signedOut, signedOutOnPurpose: previous.signedOutOnPurpose }));
      return;
    }
    if (run !== generation.current) return;
    const userId = String(token.payload.sub);
    const groups = (token.payload['cognito:groups'] as string[] | undefined) ?? [];
    // SPEC §8: a failed role lookup falls back to user; the token's groups are the source here.
    const role = roleFromGroups(groups);
    // A transition: the first render of the signed-in screen under it can yield to the browser as it goes
    // (a phone's main thread is not held for the whole tree at once).
    startTransition(() =>
      setState((previous) =>
        previous.userId === userId && previous.role === role && !previous.loading
          ? previous // a token refresh: nothing changed, nothing re-renders
          : { loading: false, userId, role, isAdmin: role === 'admin' },
      ),
    );
    return { userId, role };
  }, []);

  /**
   * After signing in: the session, then the profile in the account's new cache, so the first screen opens
   * with the greeting and, for a family of two or more, straight on "Who's reading tonight?".
   */
  const enter = useCallback(async () => {
    const session = await load();
    if (session) await caches.loadProfile({ ...session, child: chosenChild(session.userId) });
  }, [caches, load]);

  useEffect(() => {
    void load();
    const stop = Hub.listen('auth', ({ payload }) => {
      if (reauthenticating.current) return;
      if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) void load();
    });
    return stop;
  }, [load]);

  useEffect(
    () =>
      onAccountRefused((error) => {
        if (
          error.code === 'ACCOUNT_SUSPENDED' ||
          error.code === 'SESSION_REVOKED' ||
          error.code === 'UNAUTHENTICATED'
        ) {
          toast.error(error.message);
          void amplifySignOut().finally(() => setState(signedOut));
        }
      }),
    [],
  );

  const actions = useMemo<AuthActions>(
    () => ({
      async signIn(email, password) {
        // A stale session from another account would make Amplify refuse a new sign-in.
        await amplifySignOut().catch(() => undefined);
        // After signing in, a family with two or more children is asked who is reading (issue 36).
        forgetChosenChild();
        dropGrant();
        const result = await (await passwordFlows()).signIn({ username: email, password, options: PASSWORD_FLOW });
        if (!result.isSignedIn) throw new Error('Sign-in needs another step this app does not support yet.');
        sessionStorage.setItem(WELCOME_VIDEO_FLAG, '1');
        await enter();
      },
      async signUp(input) {
        await amplifySignOut().catch(() => undefined);
        forgetChosenChild();
        dropGrant();
        const { isSignUpComplete } = await (
          await passwordFlows()
        ).signUp({
          username: input.email,
          password: input.password,
          options: {
            userAttributes: { email: input.email },
            // Read by the pre-sign-up and post-confirmation triggers, which apply the same rules again (and
            // refuse a sign-up without the parent's confirmation).
            clientMetadata: {
              displayName: input.displayName,
              authorName: input.authorName,
              ageBand: input.ageBand,
              [GUARDIAN_METADATA_KEY]: String(input.guardianConfirmed),
            },
          },
        });
        if (!isSignUpComplete) throw new Error('Your account needs confirming before you can sign in.');
        await (
          await passwordFlows()
        ).signIn({ username: input.email, password: input.password, options: PASSWORD_FLOW });
        sessionStorage.setItem(WELCOME_VIDEO_FLAG, '1');
        await enter();
      },
      async signOut() {
        await amplifySignOut();
        forgetChosenChild();
        dropGrant();
        setState({ ...signedOut, signedOutOnPurpose: true });
      },
      async forgetDeletedAccount() {
        // Amplify tolerates the refused token revocation of a deleted user; should anything else fail, the
        // stored tokens are dropped by hand so the gone account's session cannot linger on this device.
        await amplifySignOut().catch((error: unknown) => {
          console.warn('Sign-out after account deletion failed; clearing the stored session', error);
          forgetStoredTokens();
        });
        forgetChosenChild();
        dropGrant();
        setState({ ...signedOut, signedOutOnPurpose: true });
      },
      /**
       * The server changes the password and ends every session of the account (Cognito's global sign-out
       * included, so this device's refresh token dies too); this device then signs in again with the new
       * password, which the server's answer guarantees will give tokens it accepts.
       */
      async changePassword(oldPassword, newPassword) {
        const loginId = (await getCurrentUser()).signInDetails?.loginId ?? (await fetchProfile()).email;
        await changeOwnPassword(oldPassword, newPassword);
        reauthenticating.current = true;
        try {
          // The old refresh token is already revoked, so Cognito refuses its revocation: drop it by hand.
          await amplifySignOut().catch(() => forgetStoredTokens());
          await (await passwordFlows()).signIn({ username: loginId, password: newPassword, options: PASSWORD_FLOW });
          // A grown-up grant holds only for the sign-in that asked, which the change ended: the password
          // just typed opens the new sign-in's, so the grown-up stays where they were.
          const { userId } = await getCurrentUser();
          const { unlockGrownUp } = await import('../api/family');
          const grant = await unlockGrownUp({ password: newPassword }).catch(() => undefined);
          if (grant) keepGrant(userId, grant.token, grant.expiresAt);
          else dropGrant();
        } finally {
          reauthenticating.current = false;
          await load();
        }
      },
      async requestPasswordReset(email) {
        await (await passwordFlows()).resetPassword({ username: email });
      },
      async confirmPasswordReset(email, code, newPassword) {
        await (await passwordFlows()).confirmResetPassword({ username: email, confirmationCode: code, newPassword });
      },
    }),
    [load, enter],
  );

  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return (
    <AuthContext.Provider value={value}>
      <AccountQueries caches={caches} userId={state.userId} role={state.role}>
        {children}
      </AccountQueries>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState & AuthActions {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() outside <AuthProvider>');
  return value;
}
