import * as z from 'zod';
import { LIMITS } from '#common/limits.js';
import { keys } from '../keys.js';
import type { IndexName } from '../table-schema.js';
import type { TransactItem } from './table.js';

/**
 * A story in a family's library (SPEC §2 My Library): `USER#{userId}` / `LIB#{storyId}`. The family's
 * profile counts its entries (`library_count`), and the cap of 10 is kept by the writes themselves: a slot
 * is taken and given back only by the two operations below, always together with the entry.
 */
export const libraryEntrySchema = z.object({
  story_id: z.string(),
  saved_at: z.string(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

/** Who saved a story: the `saves` index, keyed by the entry's `saved_story_pk`. */
export const SAVES_INDEX: IndexName = 'saves';
export const savedBySchema = z.object({ user_id: z.string() });

/**
 * Takes a library slot: the entry, and the family's count raised only while it is below the cap. Both go
 * into the caller's transaction (saving a story, or creating one); `entry` refuses when already saved,
 * `count` at the cap.
 */
export function reserveLibrarySlot(tableName: string, userId: string, storyId: string, savedAt: string) {
  const entry: TransactItem = {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.libraryEntry(userId, storyId),
        story_id: storyId,
        user_id: userId,
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
      Key: keys.profile(userId),
      UpdateExpression: 'SET library_count = if_not_exists(library_count, :zero) + :one',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(library_count) OR library_count < :cap)',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': LIMITS.libraryCapacity },
    },
  };
  return { entry, count };
}

/**
 * Gives a library slot back: the entry goes and the count drops, only if the entry is still there (`entry`
 * refuses otherwise), so a repeated release never frees a slot twice.
 */
export function releaseLibrarySlot(tableName: string, userId: string, storyId: string) {
  const entry: TransactItem = {
    Delete: {
      TableName: tableName,
      Key: keys.libraryEntry(userId, storyId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
  const count: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.profile(userId),
      UpdateExpression: 'SET library_count = library_count - :one',
      ConditionExpression: 'library_count > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
  return { entry, count };
}
