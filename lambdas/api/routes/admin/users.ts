import type { Context } from 'hono';
import type {
  ActivityView,
  AdminNoteView,
  AdminUserDetail,
  AdminUserPage,
  AdminUserRow,
  BulkResultView,
} from '../../../../common/api/admin-views.js';
import type { Role } from '../../../../common/roles.js';
import {
  ADMIN_MESSAGES,
  adminNoteSchema,
  bulkUserActionSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '../../../../common/validation/admin.js';
import { deleteAccount } from '../../../shared/accounts/delete-account.js';
import { activityRepository } from '../../../shared/repositories/activity.js';
import type { NoteItem } from '../../../shared/entities/admin-records.js';
import { toProfile, type ProfileItem, type ProfileRow } from '../../../shared/entities/profile.js';
import { noteRepository } from '../../../shared/repositories/notes.js';
import { accountsOf, deletionDepsOf, type ApiDeps } from '../../deps.js';
import { untilRevocationSettles } from '../../auth/revocation.js';
import { ApiError } from '../../errors.js';
import { parseBody, parseQuery } from '../../validation.js';
import { callerOf, defineRoute, type Env } from '../route.js';
import { logActivity, withCursor } from './admin-deps.js';

const USER_NOT_FOUND = new ApiError(404, 'USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound);

const toNoteView = (note: NoteItem, adminName: string): AdminNoteView => ({
  id: note.id,
  note: note.note,
  adminId: note.admin_id,
  adminName,
  createdAt: note.created_at,
});

const toRow = (item: ProfileRow): AdminUserRow => {
  const profile = toProfile(item);
  return {
    id: profile.id,
    email: profile.email,
    displayName: profile.displayName,
    authorName: profile.authorName,
    role: profile.role,
    suspended: profile.suspended,
    createdAt: profile.createdAt,
    lastLogin: profile.lastLogin,
  };
};

/** SPEC §6 + issue: an admin cannot suspend, demote or delete themselves (they could lock everyone out). */
function refuseSelf(c: Context<Env>, userId: string) {
  if (callerOf(c).userId === userId) throw new ApiError(400, 'NOT_YOURSELF', ADMIN_MESSAGES.notYourself);
}

async function existingProfile(deps: ApiDeps, userId: string): Promise<ProfileItem> {
  const profile = await deps.profiles.get(userId);
  if (!profile) throw USER_NOT_FOUND;
  return profile;
}

/** Suspend / activate: the profile (which the API checks on every call) and the Cognito user together. */
async function applyStatus(c: Context<Env>, deps: ApiDeps, userId: string, suspended: boolean) {
  refuseSelf(c, userId);
  await existingProfile(deps, userId);
  await accountsOf(deps).setEnabled(userId, !suspended);
  const updated = await deps.profiles.setSuspended(userId, suspended);
  if (!updated) throw USER_NOT_FOUND;
  await logActivity(c, deps, {
    action: suspended ? 'suspend_user' : 'activate_user',
    target_type: 'user',
    target_id: userId,
  });
  return updated;
}

/** Role change: the Cognito group first (the source of truth for tokens), then the profile's copy. */
async function applyRole(c: Context<Env>, deps: ApiDeps, userId: string, role: Role) {
  const before = await existingProfile(deps, userId);
  if (callerOf(c).userId === userId && role !== 'admin') refuseSelf(c, userId);
  if (before.role === role) return before;
  await accountsOf(deps).setRole(userId, role);
  const updated = await deps.profiles.setRole(userId, role);
  if (!updated) throw USER_NOT_FOUND;
  await logActivity(c, deps, {
    action: 'change_role',
    target_type: 'user',
    target_id: userId,
    details: { from: before.role, to: role },
  });
  return updated;
}

export const adminUserRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    async handle(c, deps) {
      const query = parseQuery(c, userListQuerySchema);
      const page = await withCursor(() =>
        deps.profiles.listPage({
          search: query.q || undefined,
          role: query.role,
          status: query.status,
          cursor: query.cursor,
          limit: query.limit,
        }),
      );
      const body: AdminUserPage = { users: page.items.map(toRow), nextCursor: page.nextCursor };
      return c.json(body);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const profile = await existingProfile(deps, userId);
      const [notes, activity, storyCount] = await Promise.all([
        noteRepository(deps.aws.documents, deps.config.tableName).list(userId),
        activityRepository(deps.aws.documents, deps.config.tableName).recent(userId),
        deps.stories.idsCreatedBy(userId).then((ids) => ids.length),
      ]);
      const names = await deps.profiles.namesOf([...notes.map((n) => n.admin_id), ...activity.map((a) => a.admin_id)]);
      const nameOf = (id: string) => names.get(id)?.displayName ?? 'Former admin';
      const detail: AdminUserDetail = {
        ...toRow(profile),
        ageBand: toProfile(profile).ageBand,
        libraryCount: profile.library_count ?? 0,
        storyCount,
        notes: notes.map((note) => toNoteView(note, nameOf(note.admin_id))),
        activity: activity.map((entry): ActivityView => ({
          id: entry.id,
          adminId: entry.admin_id,
          adminName: nameOf(entry.admin_id),
          action: entry.action,
          targetType: entry.target_type,
          targetId: entry.target_id,
          details: entry.details,
          createdAt: entry.created_at,
        })),
      };
      return c.json(detail);
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const update = await parseBody(c, userUpdateSchema);
      let profile = await existingProfile(deps, userId);
      if (update.suspended !== undefined && Boolean(profile.suspended_at) !== update.suspended) {
        profile = await applyStatus(c, deps, userId, update.suspended);
      }
      if (update.role !== undefined) profile = await applyRole(c, deps, userId, update.role);
      await untilRevocationSettles(profile.sessions_revoked_at);
      return c.json(toRow(profile));
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/users/bulk',
    access: 'admin',
    async handle(c, deps) {
      const action = await parseBody(c, bulkUserActionSchema);
      const results: BulkResultView['results'] = [];
      let revokedAt: number | undefined;
      // One at a time: each user's change is logged, and one refusal (yourself, a deleted user) skips just that one.
      for (const userId of new Set(action.userIds)) {
        try {
          let profile: ProfileItem;
          if (action.action === 'set-role') profile = await applyRole(c, deps, userId, action.role);
          else {
            profile = await existingProfile(deps, userId);
            const suspend = action.action === 'suspend';
            if (Boolean(profile.suspended_at) !== suspend) profile = await applyStatus(c, deps, userId, suspend);
          }
          revokedAt = Math.max(revokedAt ?? 0, profile.sessions_revoked_at ?? 0) || undefined;
          results.push({ userId, ok: true });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({ userId, ok: false, error: error.message });
        }
      }
      // Once for all: every revocation made here is settled before the admin sees the result.
      await untilRevocationSettles(revokedAt);
      const body: BulkResultView = { results };
      return c.json(body);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/users/:id/reset-password',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const profile = await existingProfile(deps, userId);
      await accountsOf(deps).sendPasswordReset(profile.email);
      await logActivity(c, deps, { action: 'reset_password', target_type: 'user', target_id: userId });
      return c.json({ sent: true });
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      refuseSelf(c, userId);
      const deleted = await deleteAccount({ ...deletionDepsOf(deps), accounts: accountsOf(deps) }, userId);
      if (!deleted) throw USER_NOT_FOUND;
      await logActivity(c, deps, { action: 'delete_user', target_type: 'user', target_id: userId });
      return c.json({ deleted: userId });
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/users/:id/notes',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const { note } = await parseBody(c, adminNoteSchema);
      await existingProfile(deps, userId);
      const admin = callerOf(c);
      const saved = await noteRepository(deps.aws.documents, deps.config.tableName).add({
        user_id: userId,
        admin_id: admin.userId,
        note,
      });
      await logActivity(c, deps, { action: 'add_note', target_type: 'user', target_id: userId });
      const name = (await deps.profiles.namesOf([admin.userId])).get(admin.userId)?.displayName ?? 'Admin';
      const view = toNoteView(saved, name);
      return c.json(view, 201);
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/admin/users/:id/notes/:noteId',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const noteId = c.req.param('noteId') ?? '';
      const removed = await noteRepository(deps.aws.documents, deps.config.tableName).remove(userId, noteId);
      if (!removed) throw new ApiError(404, 'NOTE_NOT_FOUND', 'Note not found');
      await logActivity(c, deps, { action: 'delete_note', target_type: 'user', target_id: userId });
      return c.json({ deleted: noteId });
    },
  }),
];
