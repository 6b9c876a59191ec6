import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { ProfileView } from '../../../common/api/views.js';
import { profileUpdateSchema } from '../../../common/validation/accounts.js';
import { toProfile, type ProfileItem } from '../../shared/repositories/profiles.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';
import type { Caller } from '../auth/token-verifier.js';

/**
 * The caller's profile. Accounts made outside the sign-up form (an operator's, the seeded admin) have no
 * profile yet: one is made from the account's e-mail on first read, so every account has exactly one.
 */
async function loadOwnProfile(deps: ApiDeps, caller: Caller): Promise<ProfileItem> {
  let item = await deps.profiles.get(caller.userId);
  if (!item) {
    const user = await deps.aws.cognito.send(
      new AdminGetUserCommand({ UserPoolId: deps.config.userPoolId, Username: caller.username }),
    );
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
];
