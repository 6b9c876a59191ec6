import * as z from 'zod';
import { LIMITS } from '#common/limits.js';
import { keys, type ChildKey } from '../keys.js';
import type { IndexName } from '../table-schema.js';
import type { TransactItem } from './table.js';

/**
 * A story in a child's library (SPEC §2 My Library): `USER#{userId}` / `LIB#{storyId}` for the family's
 * founding child, `CLIB#{childId}#{storyId}` for the others (keys.ts, ChildKey). The child's counter item
 * counts its entries (`library_count`), and the cap of 10 is kept by the writes themselves: a slot is taken
 * and given back only by the two operations below, always together with the entry.
 */
export const libraryEntrySchema = z.object({
  story_id: z.string(),
  saved_at: z.string(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

/** Who saved a story: the `saves` index, keyed by the entry's `saved_story_pk`. */
export const SAVES_INDEX: IndexName = 'saves';
/** An entry names its family and (since child profiles) its child; an older entry is the founding child's. */
export const savedBySchema = z
  .object({ user_id: z.string(), child_id: z.string().optional() })
  .transform(({ user_id, child_id }): ChildKey => ({ userId: user_id, childId: child_id ?? user_id }));

/**
 * Takes a library slot: the entry, and the child's count raised only while it is below the cap (and the
 * child is still in the family). Both go into the caller's transaction (saving a story, or creating one);
 * `entry` refuses when already saved, `count` at the cap or for a removed child.
 */
export function reserveLibrarySlot(tableName: string, child: ChildKey, storyId: string, savedAt: string) {
  const entry: TransactItem = {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.libraryEntry(child, storyId),
        story_id: storyId,
        user_id: child.userId,
        child_id: child.childId,
        saved_at: savedAt,
        // Keys the `saves` index: who saved this story, for deleting it for good.
        saved_story_pk: storyId,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const count: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.libraryCounter(child),
      UpdateExpression: 'SET library_count = if_not_exists(library_count, :zero) + :one',
      ConditionExpression:
        'attribute_exists(PK) AND attribute_not_exists(removed_at) AND ' +
        '(attribute_not_exists(library_count) OR library_count < :cap)',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': LIMITS.libraryCapacity },
    },
  };
  return { entry, count };
}

/**
 * Gives a library slot back: the entry goes and the count drops, only if the entry is still there (`entry`
 * refuses otherwise), so a repeated release never frees a slot twice.
 */
export function releaseLibrarySlot(tableName: string, child: ChildKey, storyId: string) {
  const entry: TransactItem = {
    Delete: {
      TableName: tableName,
      Key: keys.libraryEntry(child, storyId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
  const count: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.libraryCounter(child),
      UpdateExpression: 'SET library_count = library_count - :one',
      ConditionExpression: 'library_count > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
  return { entry, count };
}
