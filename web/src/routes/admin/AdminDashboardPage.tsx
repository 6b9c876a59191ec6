import { Link } from 'react-router-dom';
import { useAdminStats, type AdminStatsView } from '../../api/admin';
import './admin-dashboard.css';

const COUNTS: { key: keyof AdminStatsView; label: string; icon: string; hint: string }[] = [
  { key: 'profiles', label: 'Total Users', icon: '👥', hint: 'Family profiles' },
  { key: 'stories', label: 'Total Stories', icon: '📚', hint: 'Every story written' },
  { key: 'featuredStories', label: 'Featured Stories', icon: '⭐', hint: 'Shown on every home page' },
  { key: 'publicStories', label: 'Public Stories', icon: '🌍', hint: 'Public, or shared by an open link' },
];

/** SPEC §2 admin dashboard: the four counts (profiles, stories, featured stories, public stories). */
export default function AdminDashboardPage() {
  const stats = useAdminStats();
  // Try again shows the loading state while it asks.
  const state = stats.data
    ? ({ status: 'ready', stats: stats.data } as const)
    : ({ status: stats.isError && !stats.isFetching ? 'failed' : 'loading' } as const);

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="admin-page__subtitle">Story Magic at a glance</p>
        </div>
      </header>

      {state.status === 'failed' ? (
        <div className="admin-message" role="alert">
          <p>The counts could not be loaded.</p>
          <button type="button" className="button button--small button--outline" onClick={() => void stats.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="admin-stats" aria-label="Counts" aria-busy={state.status === 'loading'}>
          {COUNTS.map((count) => (
            <li key={count.key} className="admin-stat">
              <span className="admin-stat__icon" aria-hidden="true">
                {count.icon}
              </span>
              <span className="admin-stat__label" id={`stat-${count.key}`}>
                {count.label}
              </span>
              <span className="admin-stat__value" aria-describedby={`stat-${count.key}`} data-stat={count.key}>
                {state.status === 'ready' ? state.stats[count.key].toLocaleString() : '…'}
              </span>
              <span className="admin-stat__hint">{count.hint}</span>
            </li>
          ))}
        </ul>
      )}

      <section className="card admin-shortcuts" aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Quick actions</h2>
        <ul className="admin-shortcuts__list">
          <li>
            <Link to="/admin/users" className="admin-shortcut">
              <span aria-hidden="true">👥</span> Manage users
            </Link>
          </li>
          <li>
            <Link to="/admin/stories/new" className="admin-shortcut">
              <span aria-hidden="true">✍️</span> Create a featured story
            </Link>
          </li>
          <li>
            <Link to="/admin/stories" className="admin-shortcut">
              <span aria-hidden="true">📚</span> Manage stories
            </Link>
          </li>
          <li>
            <Link to="/admin/llm-settings" className="admin-shortcut">
              <span aria-hidden="true">🤖</span> Edit prompt templates
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
