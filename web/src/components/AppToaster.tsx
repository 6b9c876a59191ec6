import { Toaster } from 'sonner';
import { LIMITS } from '#common/limits';

/**
 * The app's one toaster: SPEC §9, one toast at a time, 5 s each; below the signed-in header by default,
 * at the top where a page has none (`belowHeader={false}`).
 */
export function AppToaster({ belowHeader = true }: { belowHeader?: boolean }) {
  return (
    <Toaster
      position="top-center"
      offset={{ top: belowHeader ? 76 : 16 }}
      mobileOffset={{ top: belowHeader ? 68 : 12 }}
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      richColors
      closeButton
    />
  );
}
