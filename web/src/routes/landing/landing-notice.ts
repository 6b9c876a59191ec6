/** Where the app leaves a message for the landing page across a full page load (read once, then removed). */
export const LANDING_NOTICE_KEY = 'story-magic:landing-notice';

/**
 * Leaves the app for the landing page with a message to show there, by a full page load: nothing of the
 * session it leaves (the signed-in state, data held in memory) survives, and no guard can redirect it.
 */
export function leaveForLanding(notice: string): void {
  sessionStorage.setItem(LANDING_NOTICE_KEY, notice);
  window.location.replace('/');
}
