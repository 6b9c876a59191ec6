import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '#common/limits.js';
import {
  libraryEntrySchema,
  releaseLibrarySlot,
  reserveLibrarySlot,
  type LibraryEntry,
} from '../entities/library-entry.js';
import { libraryCountSchema } from '../entities/profile.js';
import { storedCardSchema } from '../entities/story.js';
import { batchGetAll, parseItem, parseItems, queryAll, readItem, transact } from '../entities/table.js';
import { LibraryFullError } from '../../use-cases/errors.js';
import { keys, prefixes, type ChildKey } from '../keys.js';
import { deleteItems } from './partitions.js';
import { cardProjection, withPreviews, type StoryCardItem } from './story-cards.js';

/** A child's library count as it is now (to say how full a refused library is). */
export async function libraryCountOf(db: DynamoDBDocumentClient, tableName: string, child: ChildKey) {
  const current = await readItem(db, tableName, keys.libraryCounter(child), ['library_count']);
  return parseItem(libraryCountSchema, current)?.library_count ?? LIMITS.libraryCapacity;
}

/**
 * A child's saved stories (SPEC §2 My Library): at most 10, the cap kept by the write itself. Each child of a
 * family has a library of their own (keys.ts, ChildKey).
 */
export function libraryRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** The child's library entries (at most 10: one Query of their family's partition). */
  async function entriesOf(child: ChildKey): Promise<LibraryEntry[]> {
    return queryAll(
      db,
      {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lib)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(child.userId), ':lib': prefixes.libraryOf(child) },
        ConsistentRead: true,
      },
      libraryEntrySchema,
    );
  }

  return {
    /**
     * Entries with their stories as cards, newest saved first (one Query, one BatchGet). `story` is undefined
     * when the story no longer exists (deleted by its creator or an admin), so the caller can free that slot.
     */
    async list(child: ChildKey): Promise<{ entry: LibraryEntry; story: StoryCardItem | undefined }[]> {
      const entries = await entriesOf(child);
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

    /** The ids of the stories in a child's library: their own and the ones they saved. */
    async storyIds(child: ChildKey): Promise<string[]> {
      return (await entriesOf(child)).map((entry) => entry.story_id);
    },

    /** Whether a child has saved a story (the story page's Save / Saved button). */
    async has(child: ChildKey, storyId: string): Promise<boolean> {
      return (await readItem(db, tableName, keys.libraryEntry(child, storyId), ['PK'])) !== undefined;
    },

    /** Saves a story; idempotent (already saved: false). Refused at the cap, in the same transaction. */
    async save(child: ChildKey, storyId: string, now = new Date()): Promise<boolean> {
      const failed = await transact(db, reserveLibrarySlot(tableName, child, storyId, now.toISOString()));
      if (failed.has('entry')) return false; // saved already
      if (failed.has('count')) throw new LibraryFullError(await libraryCountOf(db, tableName, child));
      return true;
    },

    /**
     * Every entry of a child's library, deleted (a child taken out of the family: its count goes with its
     * item, or starts again at zero on the profile for the founding child; see family.ts).
     */
    async removeAll(child: ChildKey): Promise<void> {
      const entries = await entriesOf(child);
      const entryKeys = entries.map((entry) => keys.libraryEntry(child, entry.story_id));
      await deleteItems(db, tableName, entryKeys, 'A library');
    },

    /** Unsaves a story (its entry and the count together); false when it was not saved. */
    async remove(child: ChildKey, storyId: string): Promise<boolean> {
      const failed = await transact(db, releaseLibrarySlot(tableName, child, storyId));
      if (failed.has('entry')) return false;
      if (failed.size > 0) throw new Error('The library count is already at zero');
      return true;
    },
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
