import type { AdminStatsView, AdminUserPage } from '#common/api/admin-views.js';
import type { Role } from '#common/roles.js';
import type { UserListQuery } from '#common/validation/admin.js';
import type { ActivityItem, NoteItem } from '../../data/entities/admin-records.js';
import type { ProfileItem } from '../../data/entities/profile.js';
import { NoteNotFoundError, NotYourselfError, UserNotFoundError } from '../errors.js';
import type { ActivityRepository } from '../../data/repositories/activity.js';
import type { CounterRepository } from '../../data/repositories/counters.js';
import type { FamilyRepository } from '../../data/repositories/family.js';
import type { NoteRepository } from '../../data/repositories/notes.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { Actor } from '../stories/access.js';
import type { CognitoAccounts } from '../../adapters/cognito-accounts.js';
import { toAdminUserRow, type AdminAccountDetail } from './admin-views.js';

export type AdminActionDeps = Readonly<{
  profiles: ProfileRepository;
  accounts: CognitoAccounts;
  activity: ActivityRepository;
  notes: NoteRepository;
  stories: StoryRepository;
  counters: CounterRepository;
  family: FamilyRepository;
  deleteAccount: (userId: string) => Promise<boolean>;
}>;

/** One entry of the admin activity log (SPEC §6: each admin action is logged), written as the acting admin. */
export type ActivityEntry = Pick<ActivityItem, 'action' | 'target_type' | 'target_id'> & {
  details?: Record<string, unknown>;
};

/**
 * What an admin does to an account (SPEC §4 users): read its detail, suspend or activate, change the role,
 * send a password reset, delete it, keep notes. Status and role change the user pool and the profile
 * together. Every change is logged. An admin cannot suspend, demote or delete themselves (they could lock
 * everyone out).
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

    /** The users list: one page of the search and filters, 25 by default. */
    async list(query: UserListQuery): Promise<AdminUserPage> {
      const page = await deps.profiles.listPage({
        search: query.q || undefined,
        role: query.role,
        status: query.status,
        cursor: query.cursor,
        limit: query.limit,
      });
      return { users: page.items.map(toAdminUserRow), nextCursor: page.nextCursor };
    },

    /** The dashboard's counts (SPEC §4). */
    async stats(): Promise<AdminStatsView> {
      const counters = await deps.counters.read();
      return {
        profiles: counters.profiles,
        stories: counters.stories,
        featuredStories: counters.featured,
        publicStories: counters.public,
      };
    },

    /**
     * The user detail dialog: the profile, the notes (newest first), the last 20 activity entries about
     * the account, how many stories it made (and how many it shares by an open link), each child's library count (the family's libraries are the
     * children's), and the display names of the admins named in those.
     */
    async detail(userId: string): Promise<AdminAccountDetail> {
      const profile = await existing(userId);
      const [notes, activity, stories, children] = await Promise.all([
        deps.notes.list(userId),
        deps.activity.recent(userId),
        deps.stories.sharingOf(userId),
        deps.family.children(profile),
      ]);
      const names = await deps.profiles.namesOf([...notes.map((n) => n.admin_id), ...activity.map((a) => a.admin_id)]);
      /** An admin deleted since shows as "Former admin". */
      const adminName = (id: string) => names.get(id)?.displayName ?? 'Former admin';
      const childLibraries = children.map((child) => child.libraryCount);
      return {
        profile,
        notes,
        activity,
        storyCount: stories.created,
        openLinkCount: stories.linkOpen,
        childLibraries,
        adminName,
      };
    },

    /** E-mails the account a reset code (Cognito ForgotPassword). */
    async sendPasswordReset(admin: Actor, userId: string): Promise<void> {
      const profile = await existing(userId);
      await deps.accounts.sendPasswordReset(profile.email);
      await log(admin, { action: 'reset_password', target_type: 'user', target_id: userId });
    },

    /** Deletes the account and everything of it (repeatable until done); logged after the cascade. */
    async delete(admin: Actor, userId: string): Promise<void> {
      refuseSelf(admin, userId);
      if (!(await deps.deleteAccount(userId))) throw new UserNotFoundError();
      await log(admin, { action: 'delete_user', target_type: 'user', target_id: userId });
    },

    /** Adds a note about the account, signed by the admin (named "Admin" if their own profile is gone). */
    async addNote(admin: Actor, userId: string, note: string): Promise<{ note: NoteItem; adminName: string }> {
      await existing(userId);
      const saved = await deps.notes.add({ user_id: userId, admin_id: admin.userId, note });
      await log(admin, { action: 'add_note', target_type: 'user', target_id: userId });
      const adminName = (await deps.profiles.namesOf([admin.userId])).get(admin.userId)?.displayName ?? 'Admin';
      return { note: saved, adminName };
    },

    async removeNote(admin: Actor, userId: string, noteId: string): Promise<void> {
      if (!(await deps.notes.remove(userId, noteId))) throw new NoteNotFoundError();
      await log(admin, { action: 'delete_note', target_type: 'user', target_id: userId });
    },

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
