import type { ProfileView } from '#common/api/views.js';
import { accountDataFileName, deleteAccountSchema } from '#common/validation/account-data.js';
import { exportAccountData } from '../../shared/accounts/export-account.js';
import { toProfile, type ProfileItem } from '../../shared/entities/profile.js';
import { once } from '../../shared/lazy.js';
import { untilRevocationSettles } from '../auth/revocation.js';
import { bearerToken, type Caller } from '../auth/token-verifier.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/** The profile as its owner sees it; the role is the token's (Cognito groups are the source of truth). */
const ownView = (item: ProfileItem, caller: Caller): ProfileView => {
  const profile = toProfile(item);
  return { ...profile, role: caller.role, isAdmin: caller.role === 'admin' };
};

/**
 * The account schemas check names with the safety lexicon: loaded by the first change of a profile or a
 * password, not by every cold start (most requests only read).
 */
const accountSchemas = once(() => import('#common/validation/accounts.js'));

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      return c.json(ownView(await deps.ownAccount.profile(caller), caller));
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const update = await parseBody(c, (await accountSchemas()).profileUpdateSchema);
      const updated = await deps.ownAccount.update(caller, update);
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
      const passwords = await parseBody(c, (await accountSchemas()).passwordChangeRequestSchema);
      const token = bearerToken(c.req.header('authorization')) ?? '';
      await untilRevocationSettles(await deps.ownAccount.changePassword(caller, token, passwords));
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
      const profile = await deps.ownAccount.profile(caller);
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
      await deps.ownAccount.delete(caller);
      return c.json({ deleted: true });
    },
  }),
];
