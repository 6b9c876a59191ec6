import type { Role } from '#common/roles';
import { ROLE_LABELS } from './format';

/** An account's status, as a badge (colour and word, never colour alone). */
export function StatusBadge({ suspended }: { suspended: boolean }) {
  return suspended ? (
    <span className="admin-badge admin-badge--danger">Suspended</span>
  ) : (
    <span className="admin-badge admin-badge--success">Active</span>
  );
}

/** An account's role, as a badge in the role's colour. */
export function RoleBadge({ role }: { role: Role }) {
  return <span className={`admin-badge admin-badge--role-${role}`}>{ROLE_LABELS[role]}</span>;
}
