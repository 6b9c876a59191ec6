/**
 * API reads a signed-in screen makes at start (the profile on every one, the story a story's address shows,
 * home's featured stories), which the page's early script (web/build/preload-screen.ts) starts with the stored
 * session's access token while the app's code is still downloading. The API client takes each at most once, and only
 * with that very token (web/src/api/early-reads.ts): a session refreshed or changed since asks again.
 */
export const EARLY_READS = '__storyMagicEarlyReads';

export type EarlyReads = {
  /** The access token the reads were sent with. */
  token: string;
  /** The child header they carried, if any (the reader chosen on this device: READER_CHOICE_KEY). */
  child?: string | undefined;
  /** By API path (after `/api`), as the client names it. */
  reads: Map<string, Promise<Response>>;
};

/**
 * Amplify keeps the session in localStorage (its default token store): the last signed-in user of each app
 * client under `CognitoIdentityServiceProvider.{clientId}.LastAuthUser`, and that user's access token under
 * `CognitoIdentityServiceProvider.{clientId}.{user}.accessToken`. Read by the early script, and cleared by
 * the app when a deleted account's sign-out fails (web/src/auth/AuthContext.tsx).
 */
export const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * The child being read to on this device (issue 36), in localStorage as `{ userId, childId }`: the API client
 * names it in every call's child header, and the early script does too, for the same account only.
 */
export const READER_CHOICE_KEY = 'story-magic:reader';
