/**
 * Every item key of the single table is built here and nowhere else (see the README's entity chart).
 * Changing a key shape means changing it in one place.
 */
export const keys = {
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  libraryEntry: (userId: string, storyId: string) => ({ PK: `USER#${userId}`, SK: `LIB#${storyId}` }),
  story: (storyId: string) => ({ PK: `STORY#${storyId}`, SK: 'META' }),
  feedback: (createdAt: string, id: string) => ({ PK: 'FEEDBACK', SK: `${createdAt}#${id}` }),
  stats: () => ({ PK: 'STATS', SK: 'GLOBAL' }),
} as const;

/** Partition values of the sparse admin-list index `entity`. */
export const entityTypes = { profile: 'PROFILE', story: 'STORY' } as const;
