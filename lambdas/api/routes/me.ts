import { AdminGetUserCommand, type AdminGetUserCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import type { ProfileView } from '../../../common/api/views.js';
import { profileUpdateSchema } from '../../../common/validation/accounts.js';
import {
  ACCOUNT_DATA_MESSAGES,
  accountDataFileName,
  deleteAccountSchema,
} from '../../../common/validation/account-data.js';
import { deleteAccount } from '../../shared/accounts/delete-account.js';
import { exportAccountData } from '../../shared/accounts/export-account.js';
import { toProfile, type ProfileItem } from '../../shared/repositories/profiles.js';
import { accountsOf, deletionDepsOf, type ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';
import type { Caller } from '../auth/token-verifier.js';

/** A token that outlived its account (deleted by its owner or an admin): the SPA signs out on this code. */
const ACCOUNT_GONE = new ApiError(401, 'UNAUTHENTICATED', ACCOUNT_DATA_MESSAGES.accountGone);

/**
 * The caller's profile. Accounts made outside the sign-up form (an operator's, the seeded admin) have no
 * profile yet: one is made from the account's e-mail on first read, so every account has exactly one.
 * A deleted account has neither profile nor Cognito user, and its still-unexpired token gets a 401.
 */
async function loadOwnProfile(deps: ApiDeps, caller: Caller): Promise<ProfileItem> {
  let item = await deps.profiles.get(caller.userId);
  if (!item) {
    let user: AdminGetUserCommandOutput;
    try {
      user = await deps.aws.cognito.send(
        new AdminGetUserCommand({ UserPoolId: deps.config.userPoolId, Username: caller.username }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'UserNotFoundException') throw ACCOUNT_GONE;
      throw error;
    }
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '';
    await deps.profiles.create({
      userId: caller.userId,
      email,
      displayName: email.split('@')[0]?.slice(0, 50) || 'Guardian',
      authorName: '',
      ageBand: 'A',
      role: caller.role,
    });
    item = await deps.profiles.get(caller.userId);
    if (!item) throw new Error('Profile vanished right after it was created');
  }
  if (!item.age_band) await deps.profiles.writeBackMissingAgeBand(caller.userId);
  return item;
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
      const document = await exportAccountData(
        { db: deps.aws.documents, tableName: deps.config.tableName },
        profile,
        caller.role,
        now,
      );
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
      const deleted = await deleteAccount({ ...deletionDepsOf(deps), accounts: accountsOf(deps) }, caller.userId);
      if (!deleted) throw ACCOUNT_GONE; // a second, simultaneous request finished first
      return c.json({ deleted: true });
    },
  }),
];
