import { NavLink } from 'react-router-dom';
import { DATA_POLICY_TITLE } from '#common/data-policy';
import { DATA_POLICY_PATH } from '../routes/data-policy/path';

/** The footer of the app's shell: its links, then how we keep a family's data, and the beta label. */
export function ShellFooter({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <footer className="shell-footer">
      <nav aria-label="Footer">
        <ul className="shell-footer__list">
          {[...links, { to: DATA_POLICY_PATH, label: DATA_POLICY_TITLE }].map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="shell-footer__beta">Beta Preview v0.7</p>
    </footer>
  );
}
