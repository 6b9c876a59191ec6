import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { WELCOME_VIDEO_FLAG } from '../../auth/AuthContext';
import { CreateStoryLink } from '../../components/CreateStoryLink';
import { FeaturedStories } from './FeaturedStories';
import { HeroVideo } from './HeroVideo';
import { WelcomeVideoDialog } from './WelcomeVideoDialog';
import './home.css';

/** SPEC §4: sign-in and sign-up leave this flag; home shows the welcome video once and clears it. */
function hasWelcomeFlag(): boolean {
  try {
    return sessionStorage.getItem(WELCOME_VIDEO_FLAG) !== null;
  } catch {
    return false; // storage refused: no welcome video rather than a broken page
  }
}

/**
 * SPEC §2 home (behind the session guard): the header buttons, the hero video, the call to create, the
 * featured stories, and the welcome video once after sign-in or sign-up.
 */
export default function HomePage() {
  const [welcome, setWelcome] = useState(hasWelcomeFlag);
  // Cleared once it is shown, so a reload (or the next visit home) does not show the video again.
  useEffect(() => {
    if (welcome) sessionStorage.removeItem(WELCOME_VIDEO_FLAG);
  }, [welcome]);

  function closeWelcome() {
    setWelcome(false);
    // The dialog opened by itself, so there is no button to go back to: continue from the page's content.
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <div className="page home">
      <div className="page__actions">
        <CreateStoryLink className="button button--primary">Create A Story</CreateStoryLink>
        <Link to="/library" className="button button--outline">
          My Library
        </Link>
      </div>
      <div className="home-top">
        <HeroVideo />
        <section className="hero-cta home-cta" aria-labelledby="cta-heading">
          <h1 id="cta-heading">Create Your Own Magical Story</h1>
          <p>Pick a hero, a mission and an art style, and we’ll write and paint a story just for you.</p>
          <CreateStoryLink className="button button--primary button--large">Start Creating!</CreateStoryLink>
        </section>
      </div>
      <FeaturedStories />
      {welcome && <WelcomeVideoDialog onClose={closeWelcome} />}
    </div>
  );
}
