import { useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../components/toast';
import { useAuth } from '../auth/AuthContext';
import { CreateStoryLink } from '../components/CreateStoryLink';
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

/** SPEC §2 signed-in header, menu and footer, around every signed-in screen. */
export function SignedInLayout() {
  const { profile, profileLoading, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useRef<HTMLDialogElement>(null);
  // Nothing rather than the fallback while the profile is on its way: no "Guardian" flashing before the name.
  const name = profile?.displayName || (profileLoading ? '' : FALLBACK_NAME);
  const entries = MENU.filter((entry) => !entry.adminOnly || isAdmin);

  async function logout() {
    menu.current?.close();
    try {
      await signOut();
      toast.success('Signed out successfully');
      navigate('/auth');
    } catch {
      toast.error('Failed to logout');
    }
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

      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>

      <footer className="shell-footer">
        <nav aria-label="Footer">
          <ul className="shell-footer__list">
            <li>
              <NavLink to="/home">Home</NavLink>
            </li>
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to}>{entry.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="shell-footer__beta">Beta Preview v0.7</p>
      </footer>

      {location.pathname !== '/feedback' && (
        // In the flipbook it sits below the book instead of floating: the reader's buttons (the cover's
        // "Download PDF", the page turns, the narration player's "Stop") are never under it, at any size.
        <Link to="/feedback" className={`feedback-fab${/\/flipbook$/.test(location.pathname) ? ' feedback-fab--docked' : ''}`}>
          <span aria-hidden="true">💬</span> Feedback
        </Link>
      )}
    </div>
  );
}
