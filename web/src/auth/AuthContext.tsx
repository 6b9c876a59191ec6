import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
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
import { dropGrant } from '../family/grown-up-grant';
import { forgetChosenChild, useChosenChild } from '../family/reader-choice';

/** Sign-in, sign-up and reset load on first use (password-flows.ts). */
const passwordFlows = () => import('./password-flows');
import { changeOwnPassword, fetchProfile, type Profile } from '../api/profile';

/**
 * SPEC §4 client auth state. `loading` until the session (and with it the role) is known, which needs no
 * network; the profile follows from the API: `profileLoading` until its first answer, then `profile`, or
 * undefined when it could not be read. Screens show without waiting for it.
 */
export type AuthState = {
  loading: boolean;
  userId: string | undefined;
  profile: Profile | undefined;
  profileLoading: boolean;
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
  refreshProfile(): Promise<void>;
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
};

const AuthContext = createContext<(AuthState & AuthActions) | undefined>(undefined);

/** Set on sign-in and sign-up; home reads and clears it to show the welcome video once (SPEC §4). */
export const WELCOME_VIDEO_FLAG = 'story-magic:welcome-video';

let configured = false;
function configureAmplify(config: AppConfig): void {
  if (configured) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
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
  profile: undefined,
  profileLoading: false,
  role: undefined,
  isAdmin: false,
};

export function AuthProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  configureAmplify(config);
  const [state, setState] = useState<AuthState>({ ...signedOut, loading: true });
  const generation = useRef(0);
  /** While this device signs in again after a password change, its brief sign-out is not a sign-out. */
  const reauthenticating = useRef(false);

  /**
   * Reads the session, then the profile. The session and role (from the token's groups) are published at
   * once, so the screen can show and ask for its own data while the profile is on its way. A profile
   * already shown for the same user stays while it is read again (no flash on refresh).
   */
  const load = useCallback(async () => {
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
    const userId = token.payload.sub;
    const groups = (token.payload['cognito:groups'] as string[] | undefined) ?? [];
    // SPEC §8: a failed role lookup falls back to user; the token's groups are the source here.
    const role = roleFromGroups(groups);
    // A transition: the first render of the signed-in screen under it can yield to the browser as it goes
    // (a phone's main thread is not held for the whole tree at once).
    startTransition(() =>
      setState((previous) => {
        const kept = previous.userId === userId ? previous.profile : undefined;
        return { loading: false, userId, profile: kept, profileLoading: !kept, role, isAdmin: role === 'admin' };
      }),
    );
    const profile = await fetchProfile().catch((error: unknown) => {
      console.error('Failed to load profile', error);
      return undefined;
    });
    if (run !== generation.current) return;
    startTransition(() => setState((previous) => ({ ...previous, profile, profileLoading: false })));
  }, []);

  useEffect(() => {
    void load();
    const stop = Hub.listen('auth', ({ payload }) => {
      if (reauthenticating.current) return;
      if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) void load();
    });
    return stop;
  }, [load]);

  // Another child is being read to: their age band and library count come with the profile (issue 36).
  const child = useChosenChild(state.userId);
  const readFor = useRef(child);
  useEffect(() => {
    if (readFor.current === child) return;
    readFor.current = child;
    void load();
  }, [child, load]);

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
        await load();
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
        await load();
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
      refreshProfile: load,
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
    [load],
  );

  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState & AuthActions {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() outside <AuthProvider>');
  return value;
}
