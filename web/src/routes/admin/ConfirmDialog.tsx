import { useId, type ReactNode } from 'react';
import { DialogActions } from './DialogActions';
import { useActionDialog } from './useActionDialog';

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
  const { dialog, busy, run, close, holdWhileBusy } = useActionDialog();
  const id = useId();

  return (
    <dialog
      ref={dialog}
      className="modal admin-confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={holdWhileBusy}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      <DialogActions
        busy={busy}
        onCancel={close}
        focusCancel
        actionLabel={confirmLabel}
        busyLabel={busyLabel}
        actionClassName="button admin-button--danger"
        onAction={() => void run(onConfirm)}
      />
    </dialog>
  );
}
