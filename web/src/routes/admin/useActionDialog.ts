import { useState, type SyntheticEvent } from 'react';
import { useModalDialog } from '../../components/useModalDialog';

/**
 * A modal dialog that exists to run one action (confirm, generate): busy while the action runs, closed once it
 * resolves, open again for another try when it rejects. The caller reports the failure; this only keeps the
 * dialog in step.
 */
export function useActionDialog() {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
      dialog.current?.close();
    } catch {
      setBusy(false); // the caller has said what went wrong
    }
  }

  return {
    dialog,
    busy,
    run,
    close: () => dialog.current?.close(),
    /** The dialog's onCancel: Escape does not close it while the action runs. */
    holdWhileBusy: (event: SyntheticEvent) => {
      if (busy) event.preventDefault();
    },
  };
}
