/** SPEC §2 admin settings: a placeholder for now. */
export default function AdminSettingsPage() {
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Settings</h1>
      </header>
      <section className="card admin-placeholder">
        <span className="admin-placeholder__art" aria-hidden="true">
          ⚙️
        </span>
        <p>Settings configuration coming soon...</p>
      </section>
    </div>
  );
}
