import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { CreateStoryLink } from '../../components/CreateStoryLink';

/** SPEC §2 home: the call to create, and the way to the library. (Featured stories and the welcome video
 * arrive with the library.) */
export default function HomePage() {
  const { profile } = useAuth();
  return (
    <div className="page">
      <div className="page__actions">
        <CreateStoryLink className="button button--primary">Create A Story</CreateStoryLink>
        <Link to="/library" className="button button--outline">
          My Library
        </Link>
      </div>
      <section className="hero-cta" aria-labelledby="cta-heading">
        <h1 id="cta-heading">Create Your Own Magical Story</h1>
        <p>
          {profile?.displayName ? `${profile.displayName}, pick` : 'Pick'} a hero, a mission and an art style, and we’ll
          write and paint a story just for you.
        </p>
        <CreateStoryLink className="button button--primary button--large">Start Creating!</CreateStoryLink>
      </section>
    </div>
  );
}
