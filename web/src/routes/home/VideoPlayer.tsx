import { useEffect, useRef, useState } from 'react';
import { WELCOME_VIDEO } from '#common/welcome-video';
import { loadYouTubeApi, YOUTUBE_ENDED, YOUTUBE_LOAD_TIMEOUT_MS, type YouTubePlayer } from './youtube';

type Status = 'loading' | 'ready' | 'failed';

type Props = {
  /** The player's accessible name (its iframe title and its region label). */
  title: string;
  autoplay?: boolean;
  /** Moves focus to the player when it appears (it replaces the button that started it). */
  focusOnStart?: boolean;
  onEnded?: () => void;
};

/**
 * The welcome video in YouTube's player. Mounting it is what loads the player's script (on demand, see
 * ./youtube.ts); while it loads it says so, and when it cannot load it says that plainly and offers a retry.
 */
export function VideoPlayer({ title, autoplay = false, focusOnStart = false, onEnded }: Props) {
  const region = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    if (focusOnStart) region.current?.focus();
  }, [focusOnStart]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    let player: YouTubePlayer | undefined;
    let readyTimer: number | undefined;
    const fail = () => {
      window.clearTimeout(readyTimer);
      if (!cancelled) setStatus('failed');
    };
    loadYouTubeApi().then((YT) => {
      if (cancelled) return;
      // YouTube replaces this element with its iframe, so React never owns it.
      const target = document.createElement('div');
      container.replaceChildren(target);
      readyTimer = window.setTimeout(fail, YOUTUBE_LOAD_TIMEOUT_MS);
      player = new YT.Player(target, {
        videoId: WELCOME_VIDEO.videoId,
        host: WELCOME_VIDEO.playerOrigin,
        width: '100%',
        height: '100%',
        playerVars: { autoplay: autoplay ? 1 : 0, rel: 0, playsinline: 1, origin: window.location.origin },
        events: {
          onReady: (event) => {
            window.clearTimeout(readyTimer);
            event.target.getIframe().title = title;
            if (!cancelled) setStatus('ready');
          },
          onStateChange: (event) => {
            if (event.data === YOUTUBE_ENDED) ended.current?.();
          },
          onError: fail,
        },
      });
    }, fail);
    return () => {
      cancelled = true;
      window.clearTimeout(readyTimer);
      player?.destroy();
      container.replaceChildren();
    };
  }, [attempt, autoplay, title]);

  return (
    <div ref={region} className="video-player" role="region" aria-label={title} tabIndex={-1}>
      <div ref={host} className="video-player__frame" hidden={status === 'failed'} />
      {status === 'loading' && (
        <div className="video-player__overlay" role="status">
          <span className="video-player__spinner" aria-hidden="true" />
          Loading the video…
        </div>
      )}
      {status === 'failed' && (
        <div className="video-player__overlay video-player__overlay--failed" role="alert">
          <span className="video-player__icon" aria-hidden="true">
            📺
          </span>
          <p>{WELCOME_VIDEO.failedMessage}</p>
          <button
            type="button"
            className="button button--small button--outline"
            onClick={() => {
              setStatus('loading');
              setAttempt((n) => n + 1);
              region.current?.focus(); // this button goes away: keep focus on the player, not the page
            }}
          >
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
