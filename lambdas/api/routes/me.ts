import type { Context } from 'hono';
import type { AccountDataExport } from '#common/api/views.js';
import { accountDataFileName, deleteAccountSchema } from '#common/validation/account-data.js';
import { toOwnProfileView } from '../../use-cases/accounts/family.js';
import { once } from '../../runtime/lazy.js';
import { childKeyOf } from '../../use-cases/stories/access.js';
import { untilRevocationSettles } from '../auth/revocation.js';
import { bearerToken } from '../auth/token-verifier.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/**
 * The account schemas check names with the safety lexicon: loaded by the first change of a profile or a
 * password, not by every cold start (most requests only read).
 */
const accountSchemas = once(() => import('#common/validation/accounts.js'));

/** The family's data as a JSON attachment, never cached. */
export const dataFile = (c: Context, document: AccountDataExport, fileName: string) =>
  c.body(JSON.stringify(document, null, 2), 200, {
    'content-type': 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  });

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/me',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const profile = await deps.ownAccount.profile(caller);
      return c.json(toOwnProfileView(await deps.children.overview(profile, caller), caller.role));
    },
  }),
  /** The parent's names (Grown-ups only), and the age band of the child the call acts for. */
  defineRoute({
    method: 'PATCH',
    path: '/me',
    access: 'grown-up',
    async handle(c, deps) {
      const caller = callerOf(c);
      const { ageBand, ...names } = await parseBody(c, (await accountSchemas()).profileUpdateSchema);
      if (names.displayName !== undefined || names.authorName !== undefined) {
        if (!(await deps.ownAccount.update(caller, names))) {
          throw new ApiError(404, 'PROFILE_NOT_FOUND', 'Failed to load profile');
        }
      }
      if (ageBand !== undefined) await deps.children.update(caller, childKeyOf(caller).childId, { ageBand });
      const profile = await deps.ownAccount.changedProfile(caller);
      return c.json(toOwnProfileView(await deps.children.overview(profile, caller), caller.role));
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
    access: 'grown-up',
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
    access: 'grown-up',
    async handle(c, deps) {
      const caller = callerOf(c);
      const profile = await deps.ownAccount.profile(caller);
      const now = new Date();
      return dataFile(c, await deps.exportData(profile, caller.role, now), accountDataFileName(now));
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
    access: 'grown-up',
    async handle(c, deps) {
      const caller = callerOf(c);
      await parseBody(c, deleteAccountSchema);
      await deps.ownAccount.delete(caller);
      return c.json({ deleted: true });
    },
  }),
];
