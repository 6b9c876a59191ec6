/**
 * How long Story Magic keeps each thing of a family's (issue 36: "How we keep your family's data"). The
 * policy page shows these numbers and the code that enforces each period reads them from here, so the page
 * cannot say one thing while the code does another. Change DATA_POLICY_VERSION (family.ts) with them.
 */
export const RETENTION = {
  /** "Read to me" sound is made when first asked for and deleted this long after (made again if asked). */
  narrationDays: 30,
  /** An account nobody signed in to for this long is warned by e-mail… */
  inactiveDays: 730,
  /** …and deleted with everything of it this long after the warning, unless someone signs in. */
  warningDays: 30,
  /** A story's text while it is being written and checked (the finished story replaces it). */
  draftHours: 24,
  /** A deleted account's marker (its id and the date only), refusing its last sign-in tokens. */
  tombstoneDays: 2,
  /** The servers' logs (no names, no story text) and the API's access log. */
  logDays: 30,
  /** CloudFront's and the storage's access logs (they hold visitors' IP addresses). */
  accessLogDays: 90,
  /** The workflow's record of each story's steps (story ids only, never a name or a text). */
  executionHistoryDays: 90,
  /** The table's point-in-time backups: what was deleted is gone from them after this many days. */
  backupDays: 35,
} as const;

/**
 * The S3 object tag every narration object is stored with (lambdas/adapters/media.ts): the media bucket's
 * lifecycle rule expires objects carrying it RETENTION.narrationDays after they were written
 * (lib/constructs/media.ts). A tag, not a prefix, because narration lives in its story's folder, whose path
 * is the story's media grant (lambdas/adapters/media-signing.ts).
 */
export const NARRATION_RETENTION_TAG = { key: 'retention', value: 'narration' } as const;
