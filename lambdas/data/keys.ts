/**
 * Every item key of the single table is built here and nowhere else (see the README's entity chart).
 * Changing a key shape means changing it in one place.
 */

/**
 * A child of a family: the account (the parent's Cognito sub) and the child's id. Every account had one
 * child before child profiles existed, whose library and age band were the account's own: that child, the
 * family's founding child, has the account's id, and its library entries and count stay where they were
 * (`LIB#<storyId>`, the profile's `library_count`), so no account's data had to move. Every other child has
 * its own entries (`CLIB#<childId>#<storyId>`) and count (on its child item).
 */
export type ChildKey = Readonly<{ userId: string; childId: string }>;
export const isFoundingChild = (child: ChildKey) => child.childId === child.userId;
/** The founding child of an account (see ChildKey). */
export const foundingChild = (userId: string): ChildKey => ({ userId, childId: userId });

/** Where a child's library entries sort in the family's partition. */
const libraryPrefixOf = (child: ChildKey) => (isFoundingChild(child) ? 'LIB#' : `CLIB#${child.childId}#`);

export const keys = {
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** A deleted account's tombstone: refuses its remaining tokens until they have all expired. */
  deletedAccount: (userId: string) => ({ PK: `DELETED#${userId}`, SK: 'ACCOUNT' }),
  /** A child profile, in its family's partition. */
  child: (userId: string, childId: string) => ({ PK: `USER#${userId}`, SK: `CHILD#${childId}` }),
  libraryEntry: (child: ChildKey, storyId: string) => ({
    PK: `USER#${child.userId}`,
    SK: `${libraryPrefixOf(child)}${storyId}`,
  }),
  /** The item that counts a child's library: the profile for the founding child, else the child's own item. */
  libraryCounter: (child: ChildKey) =>
    isFoundingChild(child) ? keys.profile(child.userId) : keys.child(child.userId, child.childId),
  /** A grown-up grant (the gate's unlock), by the hash of its token; expires by itself (TTL). */
  grownUpGrant: (userId: string, tokenHash: string) => ({ PK: `USER#${userId}`, SK: `GRANT#${tokenHash}` }),
  story: (storyId: string) => ({ PK: `STORY#${storyId}`, SK: 'META' }),
  storyImage: (storyId: string, createdAt: string, imageId: string) => ({
    PK: `STORY#${storyId}`,
    SK: `IMAGE#${createdAt}#${imageId}`,
  }),
  imageJob: (storyId: string, jobId: string) => ({ PK: `STORY#${storyId}`, SK: `JOB#${jobId}` }),
  /** A narration part being voiced: one request voices it, the others wait (repositories/narration-claims.ts). */
  narrationClaim: (storyId: string, version: string, part: number) => ({
    PK: `STORY#${storyId}`,
    SK: `NARRATION#${version}#${part}`,
  }),
  /** The text being written for a generating story (see repositories/story-drafts.ts). */
  storyDraft: (storyId: string) => ({ PK: `STORY#${storyId}`, SK: 'DRAFT' }),
  storyPartition: (storyId: string) => `STORY#${storyId}`,
  userPartition: (userId: string) => `USER#${userId}`,
  templateVersion: (type: string, createdAt: string, id: string) => ({
    PK: `TEMPLATE#${type}`,
    SK: `V#${createdAt}#${id}`,
  }),
  activeTemplate: (type: string) => ({ PK: `TEMPLATE#${type}`, SK: 'ACTIVE' }),
  templatePartition: (type: string) => `TEMPLATE#${type}`,
  creator: (userId: string) => `CREATOR#${userId}`,
  feedback: (createdAt: string, id: string) => ({ PK: 'FEEDBACK', SK: `${createdAt}#${id}` }),
  feedbackPartition: () => 'FEEDBACK',
  stats: () => ({ PK: 'STATS', SK: 'GLOBAL' }),
  note: (userId: string, createdAt: string, noteId: string) => ({
    PK: `USER#${userId}`,
    SK: `NOTE#${createdAt}#${noteId}`,
  }),
  activity: (targetId: string, createdAt: string, id: string) => ({
    PK: `ACTIVITY#${targetId}`,
    SK: `${createdAt}#${id}`,
  }),
  activityPartition: (targetId: string) => `ACTIVITY#${targetId}`,
  rateWindow: (userId: string, action: string, windowStart: number) => ({
    PK: `RATE#${userId}`,
    SK: `${action}#${windowStart}`,
  }),
  ratePartition: (userId: string) => `RATE#${userId}`,
  /** A line of work waiting for Bedrock capacity (entities/capacity-lane.ts). */
  capacityLane: (lane: string) => ({ PK: `LANE#${lane}`, SK: 'STATE' }),
} as const;

/** Sort-key prefixes, for begins_with queries. */
export const prefixes = {
  /** A child's library entries (see ChildKey). */
  libraryOf: libraryPrefixOf,
  child: 'CHILD#',
  note: 'NOTE#',
  image: 'IMAGE#',
  imageJob: 'JOB#',
  templateVersion: 'V#',
} as const;

/**
 * Partition values of the sparse story indexes `featured` and `public` (sort key `created_at`, newest first):
 * a story carries `featured_pk` / `public_pk` only while the flag is on, so each index holds just those stories.
 */
export const storyIndexPartitions = { featured: 'FEATURED', public: 'PUBLIC' } as const;

/** Partition values of the sparse admin-list index `entity`. */
export const entityTypes = {
  profile: 'PROFILE',
  story: 'STORY',
  generating: 'GENERATING',
  /** A new story's cover being painted: listed so the stale sweep finds one whose execution was lost. */
  painting: 'PAINTING',
} as const;
