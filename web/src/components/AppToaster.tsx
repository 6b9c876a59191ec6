import { lazy, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { LIMITS } from '#common/limits';
import { setToasterMounted, useToasterWanted } from './toast';
import { useTopModalDialog } from './useModalDialog';

const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** Rendered after the toaster, so its effect runs once the toaster is listening. */
function ToasterListening() {
  useEffect(() => {
    setToasterMounted(true);
    return () => setToasterMounted(false);
  }, []);
  return null;
}

/**
 * The app's one toaster: SPEC §9, one toast at a time, 5 s each; in the window's bottom corner (across its
 * bottom on a phone), where no screen has its heading: at the top it lay over each screen's title for its 5 s.
 * It and the toast library load with the first toast (toast.ts). While a modal dialog is open the toaster is inside it: the rest of the page is inert and
 * under the dialog's backdrop then, where "Link copied to clipboard!" was dimmed and hidden from screen readers. (The
 * library replays its toasts still showing when the toaster moves.)
 */
export function AppToaster() {
  const wanted = useToasterWanted();
  const dialog = useTopModalDialog();
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster position="bottom-right" visibleToasts={1} duration={LIMITS.toastDurationMs} richColors closeButton />
      <ToasterListening />
    </Suspense>,
    dialog ?? document.body,
  );
}
