/**
 * How long the signed cookies that open a story's pictures and sound last (issue 36,
 * lambdas/adapters/media-grants.ts): every read of the story renews them, and un-sharing a story cuts a
 * visitor off within this time. The SPA reads a story on screen again at half of it, so pictures that load
 * late (lazily, as the reader scrolls) still find a live grant.
 */
export const MEDIA_GRANT_SECONDS = 10 * 60;
