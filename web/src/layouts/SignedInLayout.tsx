import { useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FAMILY_TEXTS } from '#common/family';
import { useAuth } from '../auth/AuthContext';
import { useSignOutAndLeave } from '../auth/useSignOutAndLeave';
import { useProfile } from '../api/profile';
import { CreateStoryLink } from '../components/CreateStoryLink';
import { lockGrownUp } from '../api/family';
import { dropGrant, useGrownUpUnlocked } from '../family/grown-up-grant';
import { useChosenChild } from '../family/reader-choice';
import type { ReaderChoiceState } from '../routes/readers/WhoIsReadingPage';
import { ShellFooter } from './ShellFooter';
import './signed-in-layout.css';

export const FALLBACK_NAME = 'Guardian';

type MenuEntry = { to: string; label: string; adminOnly?: boolean };
const MENU: MenuEntry[] = [
  { to: '/create/01', label: 'Create a Story' },
  { to: '/library', label: 'My Library' },
  { to: '/profile', label: 'Profile' },
  { to: '/feedback', label: 'Send Feedback' },
  { to: '/admin/dashboard', label: 'Admin Dashboard', adminOnly: true },
];

const WHO_IS_READING = '/who-is-reading';

/** SPEC §2 signed-in header, menu and footer, around every signed-in screen. */
export function SignedInLayout() {
  const { isAdmin, userId } = useAuth();
  const signOutAndLeave = useSignOutAndLeave();
  const { data: profile, isLoading: profileLoading } = useProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useRef<HTMLDialogElement>(null);
  const chosen = useChosenChild(userId);
  const grownUp = useGrownUpUnlocked(userId);
  // Issue 36: a family with two or more children reads for one of them at a time; one child sees nothing new.
  const severalChildren = (profile?.children.length ?? 0) > 1;
  const reader = severalChildren ? profile?.children.find((child) => child.id === profile.childId) : undefined;
  // Nothing rather than the fallback while the profile is on its way: no "Guardian" flashing before the name.
  const name = reader?.name || profile?.displayName || (profileLoading ? '' : FALLBACK_NAME);
  const entries: MenuEntry[] = [
    ...(severalChildren ? [{ to: WHO_IS_READING, label: FAMILY_TEXTS.whoIsReading }] : []),
    ...MENU.filter((entry) => !entry.adminOnly || isAdmin),
  ];

  // After signing in, a family with two or more children first says who is reading tonight.
  if (severalChildren && !chosen && location.pathname !== WHO_IS_READING) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={WHO_IS_READING} replace state={{ from } satisfies ReaderChoiceState} />;
  }

  async function handBack() {
    await lockGrownUp().catch(() => undefined);
    dropGrant();
  }

  async function logout() {
    menu.current?.close();
    await signOutAndLeave();
  }

  // Back goes to the previous screen when there is one inside the app, else home (SPEC: default /home).
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/home'));

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <button type="button" className="icon-button" onClick={goBack} aria-label="Go back">
          <span aria-hidden="true">←</span>
        </button>
        <Link to="/home" className="shell-header__logo" aria-label="Story Magic home">
          <span aria-hidden="true">✨</span> Story Magic
        </Link>
        <p className="shell-header__greeting">{name && `Welcome back, ${name}!`}</p>
        <CreateStoryLink className="button button--primary button--small shell-header__create">
          <span aria-hidden="true">+</span>
          <span className="shell-header__create-label">Create a Story</span>
        </CreateStoryLink>
        <button
          type="button"
          className="icon-button"
          aria-haspopup="dialog"
          aria-label="Open menu"
          onClick={() => menu.current?.showModal()}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </header>

      <dialog
        ref={menu}
        className="side-menu"
        aria-label="Menu"
        onClick={(e) => e.target === menu.current && menu.current.close()}
      >
        <div className="side-menu__panel">
          <div className="side-menu__top">
            <p className="side-menu__name">{name}</p>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={() => menu.current?.close()}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <nav aria-label="Main">
            <ul className="side-menu__list">
              {entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className="side-menu__link" onClick={() => menu.current?.close()}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button type="button" className="side-menu__link side-menu__logout" onClick={() => void logout()}>
                  Logout
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </dialog>

      {grownUp && (
        <div className="grown-up-bar" role="status">
          <span>
            <span aria-hidden="true">🔓 </span>Grown-up mode is on
          </span>
          <button type="button" className="button button--small button--outline" onClick={() => void handBack()}>
            Done
          </button>
        </div>
      )}

      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>

      <ShellFooter links={[{ to: '/home', label: 'Home' }, ...entries]} />

      {location.pathname !== '/feedback' && (
        // In the flipbook it sits below the book instead of floating: the reader's buttons (the cover's
        // "Download PDF", the page turns, the narration player's "Stop") are never under it, at any size.
        <Link
          to="/feedback"
          className={`feedback-fab${/\/flipbook$/.test(location.pathname) ? ' feedback-fab--docked' : ''}`}
        >
          <span aria-hidden="true">💬</span> Feedback
        </Link>
      )}
    </div>
  );
}
