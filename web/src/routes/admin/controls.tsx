import { ROLES } from '#common/roles';
import { ROLE_LABELS } from './format';
import type { CursorPage } from './useCursorPage';

/** The retry under a "could not be loaded" message. */
export function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--small button--outline" onClick={onClick}>
      Try again
    </button>
  );
}

/** Every role as an option of a <select>, by its label. */
export function RoleOptions() {
  return ROLES.map((value) => (
    <option key={value} value={value}>
      {ROLE_LABELS[value]}
    </option>
  ));
}

type PagerProps = {
  /** The navigation landmark's name, such as "Users pages". */
  label: string;
  pages: Pick<CursorPage<unknown>, 'page' | 'loading' | 'nextCursor' | 'previousPage' | 'nextPage'>;
  /** Called after either button moves to another page. */
  onTurn?: () => void;
};

/** Previous page / "Page n" / next page under a cursor-paged table; both buttons wait while a page loads. */
export function CursorPager({ label, pages, onTurn }: PagerProps) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="button button--small button--outline"
        disabled={pages.page === 1 || pages.loading}
        onClick={() => {
          pages.previousPage();
          onTurn?.();
        }}
      >
        <span aria-hidden="true">←</span> Previous page
      </button>
      <span className="admin-pager__page">Page {pages.page}</span>
      <button
        type="button"
        className="button button--small button--outline"
        disabled={!pages.nextCursor || pages.loading}
        onClick={() => {
          pages.nextPage();
          onTurn?.();
        }}
      >
        Next page <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
