import type { BulkResultView } from '#common/api/admin-views.js';
import {
  adminNoteSchema,
  bulkUserActionSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '#common/validation/admin.js';
import { toAdminNoteView, toAdminUserDetail, toAdminUserRow } from '../../../use-cases/accounts/admin-views.js';
import { DomainError } from '../../../use-cases/errors.js';
import { untilRevocationSettles } from '../../auth/revocation.js';
import { parseBody, parseQuery } from '../../validation.js';
import { callerOf, defineRoute } from '../route.js';

export const adminUserRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    async handle(c, deps) {
      return c.json(await deps.adminAccounts.list(parseQuery(c, userListQuerySchema)));
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      return c.json(toAdminUserDetail(await deps.adminAccounts.detail(c.req.param('id') ?? '')));
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      const update = await parseBody(c, userUpdateSchema);
      const admin = callerOf(c);
      let profile = await deps.adminAccounts.existing(userId);
      if (update.suspended !== undefined)
        profile = await deps.adminAccounts.ensureStatus(admin, userId, update.suspended);
      if (update.role !== undefined) profile = await deps.adminAccounts.setRole(admin, userId, update.role);
      await untilRevocationSettles(profile.sessions_revoked_at);
      return c.json(toAdminUserRow(profile));
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
      const admin = callerOf(c);
      for (const userId of new Set(action.userIds)) {
        try {
          const profile =
            action.action === 'set-role'
              ? await deps.adminAccounts.setRole(admin, userId, action.role)
              : await deps.adminAccounts.ensureStatus(admin, userId, action.action === 'suspend');
          revokedAt = Math.max(revokedAt ?? 0, profile.sessions_revoked_at ?? 0) || undefined;
          results.push({ userId, ok: true });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
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
      await deps.adminAccounts.sendPasswordReset(callerOf(c), c.req.param('id') ?? '');
      return c.json({ sent: true });
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/admin/users/:id',
    access: 'admin',
    async handle(c, deps) {
      const userId = c.req.param('id') ?? '';
      await deps.adminAccounts.delete(callerOf(c), userId);
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
      const saved = await deps.adminAccounts.addNote(callerOf(c), userId, note);
      const view = toAdminNoteView(saved.note, saved.adminName);
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
      await deps.adminAccounts.removeNote(callerOf(c), userId, noteId);
      return c.json({ deleted: noteId });
    },
  }),
];
