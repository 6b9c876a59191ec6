import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

type Props = {
  title: ReactNode;
  /** What confirming does: announced as the dialog's description. */
  children: ReactNode;
  /** What the grown-up fills in before confirming (a typed word), below the description. */
  fields?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Confirming waits for something more than a click (the typed word). */
  confirmDisabled?: boolean;
  /** Does the thing; resolves once done (the dialog then closes), rejects to stay open (the caller said why). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  className?: string;
};

/**
 * The one confirmation before something that cannot be undone (a story, a child, the account): a modal
 * dialog with Cancel and a danger button, which stays open, and cannot be dismissed, while it works.
 */
export function ConfirmDialog({
  title,
  children,
  fields,
  confirmLabel,
  busyLabel,
  confirmDisabled = false,
  onConfirm,
  onClose,
  className,
}: Props) {
  const dialog = useModalDialog();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy || confirmDisabled) return;
    setBusy(true);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch {
      setBusy(false); // the caller has said what went wrong; the grown-up may try again or cancel
    }
  }

  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
    >
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`}>{children}</div>
        {fields}
        <div className="modal__actions">
          <button
            type="button"
            className="button button--outline"
            disabled={busy}
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={busy || confirmDisabled} aria-busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
