import type { ProfileView } from '../../../common/api/views.js';
import {
  MESSAGES,
  passwordChangeRequestSchema,
  profileUpdateSchema,
  WRONG_CURRENT_PASSWORD,
} from '../../../common/validation/accounts.js';
import {
  ACCOUNT_DATA_MESSAGES,
  accountDataFileName,
  deleteAccountSchema,
} from '../../../common/validation/account-data.js';
import { exportAccountData } from '../../shared/accounts/export-account.js';
import { toProfile, type ProfileItem } from '../../shared/entities/profile.js';
import { AccountGoneError } from '../../shared/errors.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';
import { untilRevocationSettles } from '../auth/revocation.js';
import { bearerToken, type Caller } from '../auth/token-verifier.js';

/**
 * The caller's profile. The account-status check made one for an account created outside the sign-up
 * form; none now means the account was deleted since (its token is still unexpired): 401.
 */
async function loadOwnProfile(deps: ApiDeps, caller: Caller): Promise<ProfileItem> {
  const item = await deps.profiles.get(caller.userId);
  if (!item) throw new AccountGoneError();
  if (!item.age_band) await deps.profiles.writeBackMissingAgeBand(caller.userId);
  return item;
}

/** Cognito's answers to a password change that are the caller's to fix. */
function passwordChangeRefusal(error: unknown): ApiError | undefined {
  switch ((error as { name?: string }).name) {
    case 'NotAuthorizedException': // Cognito: wrong current password
    case 'InvalidPasswordException': // cognito-local: wrong current password (the new one passed our rules)
      return new ApiError(400, 'WRONG_PASSWORD', WRONG_CURRENT_PASSWORD);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new ApiError(429, 'TOO_MANY_ATTEMPTS', MESSAGES.tooManyAttempts);
    default:
      return undefined;
  }
}

/** The profile as its owner sees it; the role is the token's (Cognito groups are the source of truth). */
const ownView = (item: ProfileItem, caller: Caller): ProfileView => {
  const profile = toProfile(item);
  return { ...profile, role: caller.role, isAdmin: caller.role === 'admin' };
};

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      return c.json(ownView(await loadOwnProfile(deps, caller), caller));
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const update = await parseBody(c, profileUpdateSchema);
      await loadOwnProfile(deps, caller);
      const updated = await deps.profiles.update(caller.userId, update);
      if (!updated) throw new ApiError(404, 'PROFILE_NOT_FOUND', 'Failed to load profile');
      return c.json(ownView(updated, caller));
    },
  }),

  /**
   * Change password: Cognito checks the current one and sets the new one; then every session of the
   * account ends — the API refuses every token issued so far (same second included) and Cognito signs
   * the account out everywhere, so no refresh token gets a new one. The answer comes once the
   * revocation's second is over, so the device that asked signs in again with the new password and its
   * new tokens work (see auth/revocation.ts).
   */
  defineRoute({
    method: 'POST',
    path: '/me/password',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const { currentPassword, newPassword } = await parseBody(c, passwordChangeRequestSchema);
      const token = bearerToken(c.req.header('authorization')) ?? '';
      const { accounts } = deps;
      try {
        await accounts.changePassword(token, currentPassword, newPassword);
      } catch (error) {
        throw passwordChangeRefusal(error) ?? error;
      }
      // The table first: it is what the API checks, and the cheaper step to get right.
      const revokedAt = await deps.profiles.revokeSessions(caller.userId);
      if (revokedAt === undefined) throw new AccountGoneError();
      await accounts.signOutEverywhere(caller.userId);
      await untilRevocationSettles(revokedAt);
      return c.json({ changed: true });
    },
  }),

  /**
   * "Download my data": the caller's own profile, stories (full text, picture addresses), library and
   * pictures, as a JSON file. Read by the token's user id alone, so it can hold no other family's data.
   */
  defineRoute({
    method: 'GET',
    path: '/me/export',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const profile = await loadOwnProfile(deps, caller);
      const now = new Date();
      const document = await exportAccountData(deps, profile, caller.role, now);
      return c.body(JSON.stringify(document, null, 2), 200, {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${accountDataFileName(now)}"`,
        'cache-control': 'no-store',
      });
    },
  }),
  /**
   * "Delete my account": the admin's cascade (stories with their pictures and objects, library, notes, the
   * Cognito user, the profile), asked for with the typed word so a stray request deletes nothing. An admin
   * cannot delete themselves here, as on the admin screen (the last admin could lock everyone out).
   */
  defineRoute({
    method: 'DELETE',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      await parseBody(c, deleteAccountSchema);
      if (caller.role === 'admin') throw new ApiError(403, 'ADMIN_ACCOUNT', ACCOUNT_DATA_MESSAGES.adminAccount);
      // An account without a profile yet gets one first, so the cascade finds it and removes the user too.
      await loadOwnProfile(deps, caller);
      const deleted = await deps.deleteAccount(caller.userId);
      if (!deleted) throw new AccountGoneError(); // a second, simultaneous request finished first
      return c.json({ deleted: true });
    },
  }),
];
