import { Link } from 'react-router-dom';

/** Behind the admin guard. The dashboard's counts and the admin screens arrive with the admin area. */
export default function AdminDashboardPage() {
  return (
    <main className="page">
      <h1>Admin Dashboard</h1>
      <p>
        <Link to="/home">Back to Story Magic</Link>
      </p>
    </main>
  );
}
