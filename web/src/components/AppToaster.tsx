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
 * The app's one toaster: SPEC §9, one toast at a time, 5 s each; below the signed-in header by default,
 * at the top where a page has none (`belowHeader={false}`). It and the toast library load with the first
 * toast (toast.ts). While a modal dialog is open the toaster is inside it: the rest of the page is inert and
 * under the dialog's backdrop then, where "Link copied to clipboard!" was dimmed and hidden from screen readers. (The
 * library replays its toasts still showing when the toaster moves.)
 */
export function AppToaster({ belowHeader = true }: { belowHeader?: boolean }) {
  const wanted = useToasterWanted();
  const dialog = useTopModalDialog();
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={{ top: belowHeader ? 76 : 16 }}
        mobileOffset={{ top: belowHeader ? 68 : 12 }}
        visibleToasts={1}
        duration={LIMITS.toastDurationMs}
        richColors
        closeButton
      />
      <ToasterListening />
    </Suspense>,
    dialog ?? document.body,
  );
}
