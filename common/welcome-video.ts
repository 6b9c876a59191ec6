/**
 * The welcome video (SPEC §2 "Welcome video dialog" and the home page's hero video): an embedded YouTube
 * player, chosen by video id, driven by YouTube's IFrame Player API so the dialog can close itself when the
 * video ends. The API's script is loaded only when a player is opened (never with the page), and the
 * player runs in YouTube's privacy-enhanced mode (youtube-nocookie.com: no cookies until the child plays).
 *
 * The web app's Content-Security-Policy (common/security-headers.ts) allows exactly these two
 * origins: the API script's for `script-src`, the player's for `frame-src`.
 */
export const WELCOME_VIDEO = {
  /**
   * The YouTube video to play. SPEC.md names no video: this is YouTube's own IFrame API demonstration video,
   * a neutral placeholder until the product's welcome video is published; change it here.
   */
  videoId: 'M7lc1UVf-VE',
  /** The IFrame Player API script; it loads its widget script from the same origin. */
  apiScriptUrl: 'https://www.youtube.com/iframe_api',
  scriptOrigin: 'https://www.youtube.com',
  /** The origin of the player's iframe (privacy-enhanced mode). */
  playerOrigin: 'https://www.youtube-nocookie.com',
  /** What a player says when it cannot load (offline, blocked); SPEC.md gives no text for this. */
  failedMessage: 'The video could not be loaded. Please check your internet connection and try again.',
} as const;
