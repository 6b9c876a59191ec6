type Props = {
  busy: boolean;
  onCancel: () => void;
  /** Cancel has the focus first, before something that cannot be undone. */
  focusCancel?: boolean;
  actionLabel: string;
  /** The action button's text while the action runs. */
  busyLabel: string;
  actionClassName: string;
  /** Runs the action; without it the action button submits the dialog's form. */
  onAction?: () => void;
};

/** The Cancel and action buttons at the foot of an admin dialog; both are disabled while the action runs. */
export function DialogActions({
  busy,
  onCancel,
  focusCancel,
  actionLabel,
  busyLabel,
  actionClassName,
  onAction,
}: Props) {
  return (
    <div className="modal__actions">
      <button
        type="button"
        className="button button--outline"
        disabled={busy}
        autoFocus={focusCancel}
        onClick={onCancel}
      >
        Cancel
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={actionClassName}
        disabled={busy}
        aria-busy={busy}
        onClick={onAction}
      >
        {busy ? busyLabel : actionLabel}
      </button>
    </div>
  );
}
