/** An account's status, as a badge (colour and word, never colour alone). */
export function StatusBadge({ suspended }: { suspended: boolean }) {
  return suspended ? (
    <span className="admin-badge admin-badge--danger">Suspended</span>
  ) : (
    <span className="admin-badge admin-badge--success">Active</span>
  );
}
