import { Link, useLocation } from 'react-router-dom';
import type { FromState } from './guards';

/** "Sign In" for a visitor, who comes back to this page once signed in. */
export function SignInLink({ className }: { className: string }) {
  const location = useLocation();
  return (
    <Link to="/auth?mode=login" state={{ from: location.pathname } satisfies FromState} className={className}>
      Sign In
    </Link>
  );
}
