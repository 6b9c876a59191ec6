import type { Role } from '../../../common/roles.js';
import type { ActivityItem } from '../entities/admin-records.js';
import type { ProfileItem } from '../entities/profile.js';
import { NotYourselfError, UserNotFoundError } from '../errors.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { ProfileRepository } from '../repositories/profiles.js';
import type { Actor } from '../stories/access.js';
import type { CognitoAccounts } from './cognito-accounts.js';

export type AdminActionDeps = Readonly<{
  profiles: ProfileRepository;
  accounts: CognitoAccounts;
  activity: ActivityRepository;
}>;

/** One entry of the admin activity log (SPEC §6: each admin action is logged), written as the acting admin. */
export type ActivityEntry = Pick<ActivityItem, 'action' | 'target_type' | 'target_id'> & {
  details?: Record<string, unknown>;
};

/**
 * What an admin does to an account (SPEC §4 users): suspend or activate, change the role. Each changes the
 * user pool and the profile together and is logged. An admin cannot suspend or demote themselves (they
 * could lock everyone out).
 */
export function adminAccountActions(deps: AdminActionDeps) {
  async function existing(userId: string): Promise<ProfileItem> {
    const profile = await deps.profiles.get(userId);
    if (!profile) throw new UserNotFoundError();
    return profile;
  }

  const log = (admin: Actor, entry: ActivityEntry) =>
    deps.activity.record({ admin_id: admin.userId, ...entry, details: entry.details ?? {} });

  function refuseSelf(admin: Actor, userId: string) {
    if (admin.userId === userId) throw new NotYourselfError();
  }

  return {
    existing,
    log,
    refuseSelf,

    /** Suspend / activate: the profile (which the API checks on every call) and the Cognito user together. */
    async setStatus(admin: Actor, userId: string, suspended: boolean): Promise<ProfileItem> {
      refuseSelf(admin, userId);
      await existing(userId);
      await deps.accounts.setEnabled(userId, !suspended);
      const updated = await deps.profiles.setSuspended(userId, suspended);
      if (!updated) throw new UserNotFoundError();
      await log(admin, {
        action: suspended ? 'suspend_user' : 'activate_user',
        target_type: 'user',
        target_id: userId,
      });
      return updated;
    },

    /** Suspends or activates only when that changes something (so nothing is logged twice). */
    async ensureStatus(admin: Actor, userId: string, suspended: boolean): Promise<ProfileItem> {
      const profile = await existing(userId);
      if (Boolean(profile.suspended_at) === suspended) return profile;
      return this.setStatus(admin, userId, suspended);
    },

    /** Role change: the Cognito group first (the source of truth for tokens), then the profile's copy. */
    async setRole(admin: Actor, userId: string, role: Role): Promise<ProfileItem> {
      const before = await existing(userId);
      if (role !== 'admin') refuseSelf(admin, userId);
      if (before.role === role) return before;
      await deps.accounts.setRole(userId, role);
      const updated = await deps.profiles.setRole(userId, role);
      if (!updated) throw new UserNotFoundError();
      await log(admin, {
        action: 'change_role',
        target_type: 'user',
        target_id: userId,
        details: { from: before.role, to: role },
      });
      return updated;
    },
  };
}

export type AdminAccountActions = ReturnType<typeof adminAccountActions>;
