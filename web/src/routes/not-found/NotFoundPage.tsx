import { Link } from 'react-router-dom';
import './not-found.css';

/** SPEC §2: any path the app does not know. */
export function NotFoundPage() {
  return (
    <main className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">
        <span className="visually-hidden">404: </span>Oops! Page not found
      </h1>
      <Link className="button button--primary" to="/">
        Return to Home
      </Link>
    </main>
  );
}
