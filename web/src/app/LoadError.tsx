import { useRouteError } from 'react-router-dom';

/** Shown when the app's code or its runtime configuration could not be loaded (offline, a deploy under way). */
export function LoadError() {
  return (
    <main className="centered-message" role="alert">
      <h1>Story Magic could not start</h1>
      <p>Please check your connection and reload the page.</p>
    </main>
  );
}

/** The router's last line: a screen whose code failed to load, or one that failed while showing. */
export function RouteError() {
  const error = useRouteError();
  // A chunk that failed to download surfaces as a TypeError from import(); anything else is our fault.
  if (error instanceof TypeError && /import/i.test(error.message)) return <LoadError />;
  console.error(error);
  return (
    <main className="centered-message" role="alert">
      <h1>Something went wrong</h1>
      <p>Please reload the page.</p>
    </main>
  );
}
