import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '#common/limits.js';
import {
  libraryEntrySchema,
  releaseLibrarySlot,
  reserveLibrarySlot,
  type LibraryEntry,
} from '../entities/library-entry.js';
import { libraryCountSchema } from '../entities/profile.js';
import { storedCardSchema } from '../entities/story.js';
import { batchGetAll, parseItem, parseItems, transact } from '../entities/table.js';
import { LibraryFullError } from '../errors.js';
import { keys, prefixes } from '../keys.js';
import { cardProjection, withPreviews, type StoryCardItem } from './story-cards.js';

/** The family's library count as it is now (to say how full a refused library is). */
export async function libraryCountOf(db: DynamoDBDocumentClient, tableName: string, userId: string) {
  const current = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.profile(userId),
      ProjectionExpression: 'library_count',
      ConsistentRead: true,
    }),
  );
  return parseItem(libraryCountSchema, current.Item)?.library_count ?? LIMITS.libraryCapacity;
}

/** A family's saved stories (SPEC §2 My Library): at most 10, the cap kept by the write itself. */
export function libraryRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** The family's library entries (at most 10: one Query of their partition). */
  async function entriesOf(userId: string): Promise<LibraryEntry[]> {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lib)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':lib': prefixes.library },
        ConsistentRead: true,
      }),
    );
    return parseItems(libraryEntrySchema, result.Items);
  }

  return {
    /**
     * Entries with their stories as cards, newest saved first (one Query, one BatchGet). `story` is undefined
     * when the story no longer exists (deleted by its creator or an admin), so the caller can free that slot.
     */
    async list(userId: string): Promise<{ entry: LibraryEntry; story: StoryCardItem | undefined }[]> {
      const entries = await entriesOf(userId);
      if (entries.length === 0) return [];
      const stored = await batchGetAll(
        db,
        tableName,
        entries.map((entry) => keys.story(entry.story_id)),
        { what: 'Library stories', ConsistentRead: true, ...cardProjection },
      );
      const cards = await withPreviews(db, tableName, parseItems(storedCardSchema, stored));
      const byId = new Map(cards.map((story) => [story.id, story]));
      return entries
        .map((entry) => ({ entry, story: byId.get(entry.story_id) }))
        .sort(
          (a, b) =>
            b.entry.saved_at.localeCompare(a.entry.saved_at) || a.entry.story_id.localeCompare(b.entry.story_id),
        );
    },

    /** The ids of the stories in a family's library: their own and the ones they saved. */
    async storyIds(userId: string): Promise<string[]> {
      return (await entriesOf(userId)).map((entry) => entry.story_id);
    },

    /** Whether a family has saved a story (the story page's Save / Saved button). */
    async has(userId: string, storyId: string): Promise<boolean> {
      const result = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.libraryEntry(userId, storyId),
          ProjectionExpression: 'PK',
          ConsistentRead: true,
        }),
      );
      return result.Item !== undefined;
    },

    /** Saves a story; idempotent (already saved: false). Refused at the cap, in the same transaction. */
    async save(userId: string, storyId: string, now = new Date()): Promise<boolean> {
      const failed = await transact(db, reserveLibrarySlot(tableName, userId, storyId, now.toISOString()));
      if (failed.has('entry')) return false; // saved already
      if (failed.has('count')) throw new LibraryFullError(await libraryCountOf(db, tableName, userId));
      return true;
    },

    /** Unsaves a story (its entry and the count together); false when it was not saved. */
    async remove(userId: string, storyId: string): Promise<boolean> {
      const failed = await transact(db, releaseLibrarySlot(tableName, userId, storyId));
      if (failed.has('entry')) return false;
      if (failed.size > 0) throw new Error('The library count is already at zero');
      return true;
    },
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
