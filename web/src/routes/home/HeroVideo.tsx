import { useState } from 'react';
import { VideoPlayer } from './VideoPlayer';

/**
 * SPEC §2 home "hero video section": a poster with a play button. Nothing is fetched from the video host
 * until the family presses play; then the player (and its script) loads in place.
 */
export function HeroVideo() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="home-video">
      {playing ? (
        <VideoPlayer title="Story Magic video" autoplay focusOnStart />
      ) : (
        <button type="button" className="home-video__poster" onClick={() => setPlaying(true)}>
          <span className="home-video__stars" aria-hidden="true">
            ✨📖✨
          </span>
          <span className="home-video__play" aria-hidden="true">
            ▶
          </span>
          <span className="home-video__label">Watch the Story Magic video</span>
        </button>
      )}
    </div>
  );
}
