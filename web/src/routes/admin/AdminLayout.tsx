import { Suspense, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useProfile } from '../../api/profile';
import { useSignOutAndLeave } from '../../auth/useSignOutAndLeave';
import { PageSpinner } from '../../components/PageSpinner';
import './admin.css';

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '📊' },
  { to: '/admin/users', label: 'Users', icon: '👥' },
  { to: '/admin/stories', label: 'Stories', icon: '📚' },
  { to: '/admin/llm-settings', label: 'LLM Settings', icon: '🤖' },
  { to: '/admin/settings', label: 'Settings', icon: '⚙️' },
] as const;

/**
 * SPEC §2 admin area: the sidebar (dashboard, users, stories, LLM settings, settings, Logout) beside the
 * admin screens. Under 768 px the sidebar folds into a top bar whose Menu button shows the same links.
 */
export default function AdminLayout() {
  const signOutAndLeave = useSignOutAndLeave();
  const { data: profile } = useProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  async function logout() {
    setLeaving(true);
    if (!(await signOutAndLeave())) setLeaving(false);
  }

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside className="admin-sidebar">
        <div className="admin-sidebar__inner">
          <div className="admin-sidebar__top">
            <Link to="/admin/dashboard" className="admin-sidebar__brand">
              <span aria-hidden="true">✨</span> Story Magic <span className="admin-sidebar__tag">Admin</span>
            </Link>
            <button
              ref={toggle}
              type="button"
              className="admin-sidebar__toggle"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span> Menu
            </button>
          </div>
          <nav
            id="admin-nav"
            className={menuOpen ? 'admin-nav admin-nav--open' : 'admin-nav'}
            aria-label="Admin"
            onKeyDown={(event) => {
              // On phones the open menu closes with Escape, handing the focus back to its button.
              if (event.key === 'Escape' && menuOpen) {
                setMenuOpen(false);
                toggle.current?.focus();
              }
            }}
          >
            {profile && (
              <p className="admin-nav__who">
                Signed in as <strong>{profile.displayName || 'Guardian'}</strong>
              </p>
            )}
            <ul className="admin-nav__list">
              {NAV.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className="admin-nav__link" onClick={() => setMenuOpen(false)}>
                    <span className="admin-nav__icon" aria-hidden="true">
                      {entry.icon}
                    </span>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="admin-nav__list admin-nav__list--end">
              <li>
                <Link to="/home" className="admin-nav__link" onClick={() => setMenuOpen(false)}>
                  <span className="admin-nav__icon" aria-hidden="true">
                    🏠
                  </span>
                  Back to Story Magic
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className="admin-nav__link admin-nav__logout"
                  disabled={leaving}
                  onClick={() => void logout()}
                >
                  <span className="admin-nav__icon" aria-hidden="true">
                    🚪
                  </span>
                  Logout
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
