import type { ActivityView, AdminNoteView, AdminUserDetail, AdminUserRow } from '#common/api/admin-views.js';
import type { ActivityItem, NoteItem } from '../../data/entities/admin-records.js';
import { toProfile, type ProfileItem, type ProfileRow } from '../../data/entities/profile.js';

/** The admin's users screen (SPEC §4 users) as the SPA reads it: one mapping per view. */

/** The user detail dialog's data (adminAccountActions().detail). */
export type AdminAccountDetail = Readonly<{
  profile: ProfileItem;
  notes: NoteItem[];
  activity: ActivityItem[];
  storyCount: number;
  openLinkCount: number;
  childLibraries: readonly number[];
  /** An admin deleted since shows as "Former admin". */
  adminName: (adminId: string) => string;
}>;

export const toAdminNoteView = (note: NoteItem, adminName: string): AdminNoteView => ({
  id: note.id,
  note: note.note,
  adminId: note.admin_id,
  adminName,
  createdAt: note.created_at,
});

export const toAdminUserRow = (item: ProfileRow): AdminUserRow => {
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
    // An account from before child profiles is a family of one child.
    children: item.child_count ?? 1,
  };
};

export const toAdminUserDetail = ({
  profile,
  notes,
  activity,
  storyCount,
  openLinkCount,
  childLibraries,
  adminName,
}: AdminAccountDetail): AdminUserDetail => ({
  ...toAdminUserRow(profile),
  ageBand: toProfile(profile).ageBand,
  libraryCount: profile.library_count ?? 0,
  childLibraries: [...childLibraries],
  storyCount,
  openLinkCount,
  notes: notes.map((note) => toAdminNoteView(note, adminName(note.admin_id))),
  activity: activity.map((entry): ActivityView => ({
    id: entry.id,
    adminId: entry.admin_id,
    adminName: adminName(entry.admin_id),
    action: entry.action,
    targetType: entry.target_type,
    targetId: entry.target_id,
    details: entry.details,
    createdAt: entry.created_at,
  })),
});
