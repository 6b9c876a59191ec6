import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SiteFooter } from '../../components/SiteFooter';
import { LANDING_NOTICE_KEY } from './landing-notice';
import './landing.css';

const LandingNotice = lazy(() => import('./LandingNotice'));

/** SPEC §1: the landing screen, with its three actions. */
export function LandingPage() {
  // A message the app left on its way here (the account was deleted): shown once, then forgotten.
  const [notice] = useState(() => sessionStorage.getItem(LANDING_NOTICE_KEY));
  useEffect(() => {
    if (notice) sessionStorage.removeItem(LANDING_NOTICE_KEY);
  }, [notice]);

  return (
    <div className="landing">
      {notice && (
        <Suspense fallback={null}>
          <LandingNotice message={notice} />
        </Suspense>
      )}
      <main className="landing__main">
        <div className="landing__book" aria-hidden="true">
          <svg viewBox="0 0 200 140" width="200" height="140" focusable="false">
            <path d="M100 30 C70 10 30 12 12 22 V128 C30 118 70 116 100 136 Z" fill="#fff6e0" />
            <path d="M100 30 C130 10 170 12 188 22 V128 C170 118 130 116 100 136 Z" fill="#ffe9b8" />
            <path d="M100 30 V136" stroke="#c9a25a" strokeWidth="3" />
            <g fill="#ffd166">
              <path d="M100 2 l4 9 10 1.5-7.5 7 2 10-8.5-5-8.5 5 2-10-7.5-7 10-1.5z" />
              <circle cx="52" cy="14" r="3" />
              <circle cx="150" cy="10" r="4" />
            </g>
          </svg>
        </div>
        <h1 className="landing__title">Story Magic</h1>
        <p className="landing__tagline">
          Make a story starring your child: their hero, their adventure, painted in the style they love.
        </p>
        <nav className="landing__actions" aria-label="Get started">
          <Link className="button button--primary button--large" to="/auth?mode=signup">
            Start Your Adventure
          </Link>
          <Link className="button button--secondary" to="/auth?mode=login">
            Sign In
          </Link>
          {/* SPEC: this action goes to /auth; the state opens the password-reset view there. */}
          <Link className="link-button" to="/auth" state={{ view: 'forgot-password' }}>
            Forgot your password?
          </Link>
        </nav>
      </main>
      <SiteFooter />
    </div>
  );
}
