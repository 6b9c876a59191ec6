import { useId, useRef, useState } from 'react';
import { toast } from '../../components/toast';
import type { Role } from '#common/roles';
import { firstError } from '#common/validation/accounts';
import { bulkUserActionSchema, type BulkUserAction } from '#common/validation/admin';
import { fetchAdminUsers, useBulkUpdateUsers, type AdminUserRow } from '../../api/admin';
import { useAuth } from '../../auth/AuthContext';
import { RoleBadge, StatusBadge } from './badges';
import { CursorPager, RoleOptions, TryAgainButton } from './controls';
import { BreakableEmail, formatDate } from './format';
import { useCursorPage, type FetchPage } from './useCursorPage';
import { useDebouncedValue } from './useDebouncedValue';
import { useIdSet } from './useIdSet';
import { UserDetailDialog } from './UserDetailDialog';
import { queryKeys } from '../../api/query-keys';
import './admin-users.css';

const PAGE_SIZE = 25;

type Status = '' | 'active' | 'suspended';
type Filters = { q: string; role: '' | Role; status: Status };

const fetchUsersPage: FetchPage<Filters, AdminUserRow> = ({ q, role, status }, cursor) =>
  fetchAdminUsers({
    q: q || undefined,
    role: role || undefined,
    status: status || undefined,
    cursor,
    limit: PAGE_SIZE,
  }).then(({ users, nextCursor }) => ({ rows: users, nextCursor }));

const BULK_DONE: Record<BulkUserAction['action'], [one: string, many: (n: number) => string, failed: string]> = {
  suspend: ['User suspended', (n) => `${n} users suspended`, 'Failed to update user status'],
  activate: ['User activated', (n) => `${n} users activated`, 'Failed to update user status'],
  'set-role': ['User role updated', (n) => `${n} user roles updated`, 'Failed to update user role'],
};

/**
 * SPEC §2 admin users: search (name, e-mail), role and status filters, a page of users newest first with
 * bulk suspend / activate / set role, and a detail dialog per user (notes, activity, actions).
 */
export default function AdminUsersPage() {
  const { userId: selfId } = useAuth();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [role, setRole] = useState<'' | Role>('');
  const [status, setStatus] = useState<Status>('');
  const bulkUpdateUsers = useBulkUpdateUsers();
  const list = useCursorPage(queryKeys.admin.users, { q, role, status }, fetchUsersPage, 'Failed to load users');
  const { rows: users, loading } = list;
  const [selected, toggle, setSelected] = useIdSet();
  const [bulkRole, setBulkRole] = useState<Role>('user');
  const [bulkBusy, setBulkBusy] = useState(false);
  const [openUser, setOpenUser] = useState<AdminUserRow>();
  const heading = useRef<HTMLHeadingElement>(null);

  const selectable = users.filter((user) => user.id !== selfId);
  const chosen = selectable.filter((user) => selected.has(user.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  function replaceRow(row: AdminUserRow) {
    list.updateRows((rows) => rows.map((user) => (user.id === row.id ? row : user)));
  }

  async function runBulk(action: BulkUserAction) {
    const problem = firstError(bulkUserActionSchema.safeParse(action));
    if (problem) return void toast.error(problem);
    const [one, many, failedText] = BULK_DONE[action.action];
    setBulkBusy(true);
    try {
      const { results } = await bulkUpdateUsers.mutateAsync(action);
      const failures = results.filter((result) => !result.ok);
      const done = results.length - failures.length;
      if (failures.length === 0) toast.success(done === 1 ? one : many(done));
      else {
        toast.error(failedText, {
          description: `${failures.length} of ${results.length} could not be changed${
            failures[0]?.error ? `: ${failures[0].error}` : '.'
          }`,
        });
      }
      setSelected(new Set()); // the list is read again (useBulkUpdateUsers invalidates it)
    } catch (error) {
      toast.error(failedText, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBulkBusy(false);
    }
  }

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Users
          </h1>
          <p className="admin-page__subtitle">Search families, change their access and keep notes</p>
        </div>
      </header>

      <section className="card admin-card" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="visually-hidden">
          All users
        </h2>
        <div className="admin-filters" role="search">
          <div className="field admin-filters__search">
            <label className="field__label" htmlFor={`${id}-q`}>
              Search users
            </label>
            <input
              id={`${id}-q`}
              type="search"
              className="field__input"
              placeholder="Name or email"
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-role`}>
              Role
            </label>
            <select
              id={`${id}-role`}
              className="field__input"
              value={role}
              onChange={(e) => setRole(e.target.value as '' | Role)}
            >
              <option value="">All roles</option>
              <RoleOptions />
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-status`}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className="field__input"
              value={status}
              onChange={(e) => setStatus(e.target.value as Status)}
            >
              <option value="">All statuses</option>
              <option value="active">Active</option>
              <option value="suspended">Suspended</option>
            </select>
          </div>
        </div>

        <div className="admin-bulk" role="group" aria-label="Bulk actions">
          <label className="admin-bulk__all">
            <input
              type="checkbox"
              checked={allChosen}
              disabled={selectable.length === 0}
              ref={(box) => {
                if (box) box.indeterminate = chosen.length > 0 && !allChosen;
              }}
              onChange={(e) => setSelected(e.target.checked ? new Set(selectable.map((user) => user.id)) : new Set())}
            />
            Select all on this page
          </label>
          <p className="admin-bulk__count" aria-live="polite">
            {chosen.length === 0 ? 'No users selected' : `${chosen.length} selected`}
          </p>
          <div className="admin-bulk__actions">
            <button
              type="button"
              className="button button--small button--outline"
              disabled={chosen.length === 0 || bulkBusy}
              onClick={() => void runBulk({ action: 'suspend', userIds: chosen.map((u) => u.id) })}
            >
              Suspend selected
            </button>
            <button
              type="button"
              className="button button--small button--outline"
              disabled={chosen.length === 0 || bulkBusy}
              onClick={() => void runBulk({ action: 'activate', userIds: chosen.map((u) => u.id) })}
            >
              Activate selected
            </button>
            <span className="admin-bulk__role">
              <label className="visually-hidden" htmlFor={`${id}-bulk-role`}>
                Role for selected users
              </label>
              <select
                id={`${id}-bulk-role`}
                className="field__input admin-select--small"
                value={bulkRole}
                disabled={chosen.length === 0 || bulkBusy}
                onChange={(e) => setBulkRole(e.target.value as Role)}
              >
                <RoleOptions />
              </select>
              <button
                type="button"
                className="button button--small button--outline"
                disabled={chosen.length === 0 || bulkBusy}
                onClick={() => void runBulk({ action: 'set-role', role: bulkRole, userIds: chosen.map((u) => u.id) })}
              >
                Set role
              </button>
            </span>
          </div>
        </div>

        <div className="admin-table-wrap" aria-busy={loading}>
          {loading && (
            <p className="admin-table__loading" role="status">
              Loading users...
            </p>
          )}
          <table className="admin-table admin-table--users">
            <caption className="visually-hidden">Users, newest first. Select a name to open their details.</caption>
            <thead>
              <tr>
                <th scope="col" className="admin-table__check">
                  <span className="visually-hidden">Select</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Children</th>
                <th scope="col">Created</th>
                <th scope="col">Last login</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const self = user.id === selfId;
                const name = user.displayName || 'Guardian';
                return (
                  <tr
                    key={user.id}
                    className={
                      selected.has(user.id) ? 'admin-table__row admin-table__row--selected' : 'admin-table__row'
                    }
                    onClick={(e) => {
                      if (!(e.target as HTMLElement).closest('input, button, a, label')) setOpenUser(user);
                    }}
                  >
                    <td className="admin-table__check">
                      <input
                        type="checkbox"
                        aria-label={self ? `${name} (you) cannot be selected` : `Select ${name}`}
                        checked={!self && selected.has(user.id)}
                        disabled={self}
                        onChange={(e) => toggle(user.id, e.target.checked)}
                      />
                    </td>
                    <th scope="row" data-label="Name">
                      <button
                        type="button"
                        className="admin-table__open"
                        aria-label={`${name}: open details`}
                        onClick={() => setOpenUser(user)}
                      >
                        {name}
                      </button>
                      {self && <span className="admin-badge admin-badge--info">You</span>}
                    </th>
                    <td data-label="Email" className="admin-table__email">
                      <BreakableEmail email={user.email} />
                    </td>
                    <td data-label="Role">
                      <RoleBadge role={user.role} />
                    </td>
                    <td data-label="Status">
                      <StatusBadge suspended={user.suspended} />
                    </td>
                    <td data-label="Children">{user.children}</td>
                    <td data-label="Created" className="admin-table__date">
                      {formatDate(user.createdAt)}
                    </td>
                    <td data-label="Last login" className="admin-table__date">
                      {formatDate(user.lastLogin)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.empty && <p className="admin-table__empty">No users match these filters.</p>}
          {list.failed && (
            <div className="admin-table__empty">
              <p>Failed to load users</p>
              <TryAgainButton onClick={list.reload} />
            </div>
          )}
        </div>

        {/* Another page shows other users: what was selected on this one is let go. */}
        <CursorPager label="Users pages" pages={list} onTurn={() => setSelected(new Set())} />
      </section>

      {openUser && (
        <UserDetailDialog
          user={openUser}
          self={openUser.id === selfId}
          onChanged={replaceRow}
          onDeleted={(userId) => {
            list.updateRows((rows) => rows.filter((user) => user.id !== userId));
            setOpenUser(undefined);
            heading.current?.focus(); // the row that held the focus is gone
          }}
          onClose={() => setOpenUser(undefined)}
        />
      )}
    </div>
  );
}
