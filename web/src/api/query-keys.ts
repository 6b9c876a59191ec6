/**
 * Every query's key, in one place: a hook reads with its key, and a mutation invalidates by the same key,
 * so the two cannot drift apart. Keys nest (['admin', 'users', …]) so a prefix invalidates a whole family.
 */
export const queryKeys = {
  /**
   * GET /api/me: the parent's profile with the child being read for (their age band and library count).
   * Read once per cache (one per account and child, auth/AccountQueries.tsx) and changed by the calls that
   * change it (api/profile.ts), never read again on its own.
   */
  profile: ['profile'] as const,
  story: (storyId: string) => ['stories', storyId] as const,
  /** Not under the story's key: invalidating the story must not also refetch its poll. */
  storyStatus: (storyId: string) => ['story-status', storyId] as const,
  library: ['library'] as const,
  featured: ['featured'] as const,
  /** "Waiting for you": the children's stories waiting for a grown-up's yes. */
  approvals: ['approvals'] as const,
  /** The age bands' published rules (web/src/story-config/band-config.ts): public files, the same for everyone. */
  ageBandConfigs: ['age-band-config'] as const,
  ageBandConfig: (band: string) => ['age-band-config', band] as const,
  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    /** Every page of the users list (useCursorPage adds the filters and the cursor). */
    users: ['admin', 'users'] as const,
    user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
    /** Every page of the admin stories list. */
    stories: ['admin', 'stories'] as const,
    story: (storyId: string) => ['admin', 'stories', 'detail', storyId] as const,
    templates: ['admin', 'templates'] as const,
  },
};
