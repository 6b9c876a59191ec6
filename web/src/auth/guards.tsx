import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from './AuthContext';

/** Where a visitor was headed; the auth screen sends them back there after signing in. */
export type FromState = { from?: string };

/**
 * A story's page is also its share link (SPEC: "/story/{storyId}, also the public share link"): a visitor
 * reads it there when its family opened the link (issue 36); the server decides, the page says so if not.
 */
export const isOpenToVisitors = (pathname: string) => /^\/story\/[^/]+\/?$/.test(pathname);

/** SPEC §2: visitors without a session go to /auth (and come back after signing in), but for a shared story. */
export function RequireAuth() {
  const { loading, userId, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your session…" />;
  if (!userId && !isOpenToVisitors(location.pathname)) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth" replace state={signedOutOnPurpose ? undefined : ({ from } satisfies FromState)} />;
  }
  return <Outlet />;
}

/** SPEC §2: spinner while the session and role load; visitors to /auth; signed-in non-admins to /home. */
export function RequireAdmin() {
  const { loading, userId, isAdmin, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your access…" />;
  if (!userId) {
    const from = signedOutOnPurpose ? undefined : ({ from: location.pathname } satisfies FromState);
    return <Navigate to="/auth" replace state={from} />;
  }
  if (!isAdmin) return <Navigate to="/home" replace />;
  return <Outlet />;
}
