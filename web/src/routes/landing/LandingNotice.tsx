import { useEffect } from 'react';
import { toast } from '../../components/toast';
import { AppToaster } from '../../components/AppToaster';

/**
 * A message for a visitor sent to the landing page by the app (the account was just deleted), shown as
 * the app's usual toast. Loaded only then, so the landing page's own JavaScript stays small.
 */
export default function LandingNotice({ message }: { message: string }) {
  useEffect(() => {
    // A fixed id: shown once even when the effect runs twice.
    toast.success(message, { id: 'landing-notice' });
  }, [message]);
  return <AppToaster />;
}
