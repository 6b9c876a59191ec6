import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { ageBandOptionLabel } from '#common/age-bands';
import { LIMITS } from '#common/limits';
import type { Role } from '#common/roles';
import { firstError } from '#common/validation/accounts';
import { adminNoteSchema } from '#common/validation/admin';
import { ADMIN_MESSAGES } from '#common/validation/messages';
import {
  useAddAdminNote,
  useAdminUser,
  useDeleteAdminNote,
  useDeleteAdminUser,
  useSendPasswordReset,
  useUpdateAdminUser,
  type ActivityView,
  type AdminUserDetail,
  type AdminUserRow,
} from '../../api/admin';
import { useModalDialog } from '../../components/useModalDialog';
import { RoleBadge, StatusBadge } from './badges';
import { ConfirmDialog } from './ConfirmDialog';
import { RoleOptions, TryAgainButton } from './controls';
import { BreakableEmail, formatAction, formatDate, formatDateTime, messageOf } from './format';
import { useBusyAction } from './useBusyAction';
import { queryKeys } from '../../api/query-keys';
import './admin-user-dialog.css';

const NOTE_MAX = 2000;

type Props = {
  user: AdminUserRow;
  /** The admin's own account: the server refuses suspending, re-roling or deleting it, and so does this. */
  self: boolean;
  onChanged: (row: AdminUserRow) => void;
  onDeleted: (userId: string) => void;
  onClose: () => void;
};

/** A failed action's toast, with the server's reason under it. */
const reportFailure = (failure: string, error: unknown) => toast.error(failure, { description: messageOf(error) });

/** SPEC §2 admin users: one user's profile facts, notes, last 20 activity entries and actions. */
export function UserDetailDialog({ user, self, onChanged, onDeleted, onClose }: Props) {
  const dialog = useModalDialog();
  const id = useId();
  // The account's detail (notes, activity): read again after each change to it.
  const queryClient = useQueryClient();
  const detailQuery = useAdminUser(user.id);
  const detail = detailQuery.data;
  const failed = detailQuery.isError && !detailQuery.isFetching;
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.user(user.id) });
  const setDetail = (change: (current: AdminUserDetail | undefined) => AdminUserDetail | undefined) =>
    queryClient.setQueryData<AdminUserDetail>(queryKeys.admin.user(user.id), change);
  const [busy, runBusy] = useBusyAction<'status' | 'role' | 'reset' | 'note'>(reportFailure);
  const [role, setRole] = useState<Role>(user.role);
  const [note, setNote] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const { error } = detailQuery;
  useEffect(() => {
    if (error) toast.error('Failed to load users');
  }, [error]);

  const shown: AdminUserRow = detail ?? user;
  const name = shown.displayName || 'Guardian';

  // Each change invalidates the account's detail (api/admin.ts), so the activity log is read again.
  const updateUser = useUpdateAdminUser(user.id);
  const sendReset = useSendPasswordReset(user.id);
  const addNoteTo = useAddAdminNote(user.id);
  const deleteNote = useDeleteAdminNote(user.id);
  const deleteAccount = useDeleteAdminUser(user.id);

  /** A change to the account: the dialog and the row in the table follow at once. */
  function changed(row: AdminUserRow) {
    setDetail((current) => current && { ...current, ...row });
    onChanged(row);
  }

  const toggleStatus = () =>
    runBusy('status', 'Failed to update user status', async () => {
      const row = await updateUser.mutateAsync({ suspended: !shown.suspended });
      changed(row);
      toast.success(row.suspended ? 'User suspended' : 'User activated');
    });

  const changeRole = () =>
    runBusy('role', 'Failed to update user role', async () => {
      const row = await updateUser.mutateAsync({ role });
      changed(row);
      toast.success('User role updated');
    });

  const resetPassword = () =>
    runBusy('reset', 'Failed to reset password', async () => {
      await sendReset.mutateAsync();
      toast.success('Password reset email sent to user');
    });

  async function addNote(event: FormEvent) {
    event.preventDefault();
    const problem = firstError(adminNoteSchema.safeParse({ note }));
    if (problem) return void toast.error(problem);
    await runBusy('note', 'Failed to add note', async () => {
      const added = await addNoteTo.mutateAsync(note.trim());
      setDetail((current) => current && { ...current, notes: [added, ...current.notes] });
      setNote('');
      toast.success('Note added');
    });
  }

  async function removeNote(noteId: string) {
    try {
      await deleteNote.mutateAsync(noteId);
      setDetail((current) => current && { ...current, notes: current.notes.filter((n) => n.id !== noteId) });
      toast.success('Note deleted');
    } catch (error) {
      reportFailure('Failed to delete note', error);
    }
  }

  async function deleteUser() {
    try {
      await deleteAccount.mutateAsync();
    } catch (error) {
      reportFailure('Failed to delete user', error);
      throw error;
    }
    toast.success('User deleted successfully');
    onDeleted(user.id);
  }

  return (
    <>
      <dialog ref={dialog} className="modal admin-user-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
        <header className="admin-user-dialog__header">
          <div className="admin-user-dialog__who">
            <h2 id={`${id}-title`}>{name}</h2>
            <p className="admin-user-dialog__email">
              <BreakableEmail email={shown.email} />
            </p>
            <p className="admin-user-dialog__badges">
              <RoleBadge role={shown.role} />
              <StatusBadge suspended={shown.suspended} />
              {self && <span className="admin-badge admin-badge--info">You</span>}
            </p>
          </div>
          <button
            type="button"
            className="admin-icon-button"
            aria-label="Close user details"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </header>

        {failed && !detail && (
          <div className="admin-message" role="alert">
            <p>This user’s details could not be loaded.</p>
            <TryAgainButton onClick={reload} />
          </div>
        )}

        <div className="admin-user-dialog__body" aria-busy={!detail && !failed}>
          <div className="admin-user-dialog__column">
            <section aria-labelledby={`${id}-profile`}>
              <h3 id={`${id}-profile`}>Profile</h3>
              <dl className="admin-facts">
                <div>
                  <dt>Display name</dt>
                  <dd>{shown.displayName || '-'}</dd>
                </div>
                <div>
                  <dt>Author name</dt>
                  <dd>{shown.authorName || '-'}</dd>
                </div>
                <div>
                  <dt>Age band</dt>
                  <dd>{detail ? ageBandOptionLabel(detail.ageBand) : '…'}</dd>
                </div>
                <div>
                  <dt>Stories created</dt>
                  <dd>{detail ? detail.storyCount : '…'}</dd>
                </div>
                <div>
                  <dt>Shared by link</dt>
                  <dd>{detail ? detail.openLinkCount : '…'}</dd>
                </div>
                <div>
                  <dt>{detail && detail.childLibraries.length > 1 ? 'Libraries' : 'Library'}</dt>
                  <dd>
                    {detail
                      ? detail.childLibraries
                          .map((count, i, all) =>
                            all.length > 1
                              ? `Child ${i + 1}: ${count}/${LIMITS.libraryCapacity}`
                              : `${count}/${LIMITS.libraryCapacity}`,
                          )
                          .join(', ')
                      : '…'}
                  </dd>
                </div>
                <div>
                  <dt>Joined</dt>
                  <dd>{formatDate(shown.createdAt)}</dd>
                </div>
                <div>
                  <dt>Last login</dt>
                  <dd>{formatDate(shown.lastLogin)}</dd>
                </div>
              </dl>
            </section>

            <section aria-labelledby={`${id}-actions`} className="admin-user-actions">
              <h3 id={`${id}-actions`}>Actions</h3>
              {self && (
                <p className="field__hint" id={`${id}-self`}>
                  {ADMIN_MESSAGES.notYourself}: status, role and deletion are locked for your own account.
                </p>
              )}
              <div className="admin-user-actions__row">
                <button
                  type="button"
                  className={
                    shown.suspended ? 'button button--small button--outline' : 'button button--small admin-button--warn'
                  }
                  disabled={self || busy !== undefined}
                  aria-busy={busy === 'status'}
                  aria-describedby={self ? `${id}-self` : undefined}
                  onClick={() => void toggleStatus()}
                >
                  {shown.suspended ? 'Activate User' : 'Suspend User'}
                </button>
                <button
                  type="button"
                  className="button button--small button--outline"
                  disabled={busy !== undefined}
                  aria-busy={busy === 'reset'}
                  onClick={() => void resetPassword()}
                >
                  {busy === 'reset' ? 'Sending...' : 'Send Password Reset'}
                </button>
              </div>
              <div className="admin-user-actions__role">
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-role`}>
                    Role
                  </label>
                  <select
                    id={`${id}-role`}
                    className="field__input"
                    value={role}
                    disabled={self || busy !== undefined}
                    aria-describedby={self ? `${id}-self` : undefined}
                    onChange={(e) => setRole(e.target.value as Role)}
                  >
                    <RoleOptions />
                  </select>
                </div>
                <button
                  type="button"
                  className="button button--small button--outline"
                  disabled={self || busy !== undefined || role === shown.role}
                  aria-busy={busy === 'role'}
                  onClick={() => void changeRole()}
                >
                  {busy === 'role' ? 'Updating...' : 'Update Role'}
                </button>
              </div>
              <button
                type="button"
                className="button button--small admin-button--danger"
                disabled={self || busy !== undefined}
                aria-describedby={self ? `${id}-self` : undefined}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete User
              </button>
            </section>
          </div>

          <div className="admin-user-dialog__column">
            <section aria-labelledby={`${id}-notes`}>
              <h3 id={`${id}-notes`}>Notes</h3>
              <form className="admin-note-form" onSubmit={addNote}>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-note`}>
                    Add a note
                  </label>
                  <textarea
                    id={`${id}-note`}
                    className="field__input field__input--area admin-note-form__text"
                    rows={3}
                    maxLength={NOTE_MAX}
                    value={note}
                    aria-describedby={`${id}-note-count`}
                    onChange={(e) => setNote(e.target.value)}
                  />
                  <p id={`${id}-note-count`} className="field__hint">
                    {note.length}/{NOTE_MAX}
                  </p>
                </div>
                <button
                  type="submit"
                  className="button button--small button--primary"
                  disabled={busy === 'note' || !detail}
                  aria-busy={busy === 'note'}
                >
                  {busy === 'note' ? 'Adding...' : 'Add Note'}
                </button>
              </form>
              {detail && detail.notes.length === 0 && <p className="admin-empty-line">No notes yet.</p>}
              {detail && detail.notes.length > 0 && (
                <ul className="admin-notes" aria-label="Notes, newest first">
                  {detail.notes.map((entry) => (
                    <li key={entry.id} className="admin-note">
                      <p className="admin-note__text">{entry.note}</p>
                      <p className="admin-note__meta">
                        {entry.adminName || 'An admin'} · {formatDateTime(entry.createdAt)}
                      </p>
                      <button
                        type="button"
                        className="admin-icon-button admin-icon-button--small"
                        aria-label={`Delete note from ${formatDateTime(entry.createdAt)}`}
                        title="Delete note"
                        onClick={() => void removeNote(entry.id)}
                      >
                        <span aria-hidden="true">🗑️</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby={`${id}-activity`}>
              <h3 id={`${id}-activity`}>Recent activity</h3>
              {detail && detail.activity.length === 0 && <p className="admin-empty-line">No activity yet.</p>}
              {detail && detail.activity.length > 0 && (
                <ol className="admin-activity" aria-label="Last 20 activity entries, newest first">
                  {detail.activity.slice(0, 20).map((entry) => (
                    <ActivityEntry key={entry.id} entry={entry} />
                  ))}
                </ol>
              )}
            </section>
          </div>
        </div>
      </dialog>

      {confirmingDelete && (
        <ConfirmDialog
          title="Delete this user?"
          confirmLabel="Delete User"
          busyLabel="Deleting..."
          onConfirm={deleteUser}
          onClose={() => setConfirmingDelete(false)}
        >
          <p>
            This deletes the account of <strong>{name}</strong> ({shown.email}), their stories and their pictures for
            good.
          </p>
          <p className="modal__warning">This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function ActivityEntry({ entry }: { entry: ActivityView }) {
  const details = Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return (
    <li className="admin-activity__entry">
      <p className="admin-activity__action">{formatAction(entry.action)}</p>
      {details.length > 0 && <p className="admin-activity__details">{details.join(' · ')}</p>}
      <p className="admin-activity__meta">
        {entry.adminName || 'An admin'} · {formatDateTime(entry.createdAt)}
      </p>
    </li>
  );
}
