import { useId, useState, type ReactNode } from 'react';
import { useModalDialog } from '../../components/useModalDialog';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Does the thing; resolves once done (the dialog then closes), rejects to keep it open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** An admin's "are you sure?" before something that cannot be undone. Cancel has the focus first. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, onConfirm, onClose }: Props) {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch {
      setBusy(false); // the caller has said what went wrong
    }
  }

  return (
    <dialog
      ref={dialog}
      className="modal admin-confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={busy}
          autoFocus
          onClick={() => dialog.current?.close()}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button admin-button--danger"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void confirm()}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
