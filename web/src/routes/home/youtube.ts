import { WELCOME_VIDEO } from '#common/welcome-video';

/** The small part of YouTube's IFrame Player API that the app uses. */
export type YouTubePlayer = { destroy(): void; getIframe(): HTMLIFrameElement };

type PlayerEvent = { target: YouTubePlayer; data: number };

type YouTubeApi = {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      host?: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: PlayerEvent) => void;
        onStateChange?: (event: PlayerEvent) => void;
        onError?: (event: PlayerEvent) => void;
      };
    },
  ) => YouTubePlayer;
};

type YouTubeWindow = Window & { YT?: Partial<YouTubeApi>; onYouTubeIframeAPIReady?: () => void };

/** `onStateChange` data when the video has played to its end. */
export const YOUTUBE_ENDED = 0;

/** How long the script may take to arrive before the player reports that it could not load. */
export const YOUTUBE_LOAD_TIMEOUT_MS = 15_000;

let pending: Promise<YouTubeApi> | undefined;

/**
 * Loads YouTube's IFrame Player API ON DEMAND: the script tag is added the first time a player opens, never
 * with the page. Rejects when the script cannot load (offline, blocked) or does not get ready in time; a
 * later call tries again.
 */
export function loadYouTubeApi(timeoutMs = YOUTUBE_LOAD_TIMEOUT_MS): Promise<YouTubeApi> {
  const win = window as YouTubeWindow;
  if (typeof win.YT?.Player === 'function') return Promise.resolve(win.YT as YouTubeApi);
  pending ??= new Promise<YouTubeApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      pending = undefined;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail('The video player took too long to load.'), timeoutMs);
    const previous = win.onYouTubeIframeAPIReady;
    // The API calls this global once its widget script has loaded too.
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      window.clearTimeout(timer);
      if (typeof win.YT?.Player === 'function') resolve(win.YT as YouTubeApi);
      else fail('The video player did not start.');
    };
    script.src = WELCOME_VIDEO.apiScriptUrl;
    script.async = true;
    script.onerror = () => fail('The video player could not be loaded.');
    document.head.append(script);
  });
  return pending;
}
