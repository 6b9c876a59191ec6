import { Link, Outlet } from 'react-router-dom';
import { SignInLink } from '../auth/SignInLink';
import { ShellFooter } from './ShellFooter';
import './signed-in-layout.css';

/**
 * Around a shared story read by a visitor without an account (issue 36): the app's header with a way to sign
 * in (and come back to the story) instead of the family's menu, and the shell's footer.
 */
export function VisitorLayout() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <Link to="/" className="shell-header__logo" aria-label="Story Magic">
          <span aria-hidden="true">✨</span> Story Magic
        </Link>
        <p className="shell-header__greeting" />
        <SignInLink className="button button--small button--secondary" />
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <ShellFooter links={[{ to: '/', label: 'Story Magic' }]} />
    </div>
  );
}
