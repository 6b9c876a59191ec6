import { Link } from 'react-router-dom';

/** SPEC §2 /test: the temporary test page with the "Kids Breakout" game (web/public/kids-breakout). */
export default function TestPage() {
  return (
    <main className="page game-page">
      <p>
        <Link to="/">← Story Magic</Link>
      </p>
      <h1>Kids Breakout</h1>
      <iframe className="game-frame" src="/kids-breakout/index.html" title="Kids Breakout game" />
    </main>
  );
}
