import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../../common/limits.js';
import { keys, prefixes } from '../keys.js';
import { LibraryFullError } from './stories.js';
import { cardProjection, withPreviews, type StoredCard, type StoryCardItem } from './story-cards.js';
import { cancellationCodes, isCancelled, releaseLibrarySlot, withConflictRetry } from './transactions.js';

export type LibraryEntry = { story_id: string; saved_at: string };

/** A family's saved stories (SPEC §2 My Library): at most 10, the cap kept by the write itself. */
export function libraryRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Entries with their stories as cards, newest saved first (one Query, one BatchGet). `story` is undefined
     * when the story no longer exists (deleted by its creator or an admin), so the caller can free that slot.
     */
    async list(userId: string): Promise<{ entry: LibraryEntry; story: StoryCardItem | undefined }[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lib)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':lib': prefixes.library },
          ConsistentRead: true,
        }),
      );
      const entries = (result.Items ?? []) as LibraryEntry[];
      if (entries.length === 0) return [];
      const byId = new Map<string, StoryCardItem>();
      // A BatchGet may leave keys unprocessed under load: ask again, so "missing" really means gone.
      let pending: Record<string, unknown>[] | undefined = entries.map((e) => keys.story(e.story_id));
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const answer: BatchGetCommandOutput = await db.send(
          new BatchGetCommand({
            RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true, ...cardProjection } },
          }),
        );
        const cards = await withPreviews(db, tableName, (answer.Responses?.[tableName] ?? []) as StoredCard[]);
        for (const story of cards) byId.set(story.id, story);
        pending = answer.UnprocessedKeys?.[tableName]?.Keys;
        if (pending && pending.length > 0 && attempt >= 6) throw new Error('Library stories could not be read');
      }
      return entries
        .map((entry) => ({ entry, story: byId.get(entry.story_id) }))
        .sort(
          (a, b) =>
            b.entry.saved_at.localeCompare(a.entry.saved_at) || a.entry.story_id.localeCompare(b.entry.story_id),
        );
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
      try {
        await withConflictRetry(() =>
          db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...keys.libraryEntry(userId, storyId),
                      story_id: storyId,
                      user_id: userId,
                      saved_at: now.toISOString(),
                      // Keys the `saves` index: who saved this story, for deleting it for good.
                      saved_story_pk: storyId,
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                },
                {
                  Update: {
                    TableName: tableName,
                    Key: keys.profile(userId),
                    UpdateExpression: 'SET library_count = if_not_exists(library_count, :zero) + :one',
                    ConditionExpression:
                      'attribute_exists(PK) AND (attribute_not_exists(library_count) OR library_count < :cap)',
                    ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': LIMITS.libraryCapacity },
                  },
                },
              ],
            }),
          ),
        );
        return true;
      } catch (error) {
        if (!isCancelled(error)) throw error;
        const [entry, profile] = cancellationCodes(error);
        if (entry === 'ConditionalCheckFailed') return false; // saved already
        if (profile !== 'ConditionalCheckFailed') throw error;
        const current = await db.send(
          new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }),
        );
        throw new LibraryFullError(Number(current.Item?.library_count ?? LIMITS.libraryCapacity));
      }
    },

    /** Unsaves a story (its entry and the count together); false when it was not saved. */
    remove: (userId: string, storyId: string) => releaseLibrarySlot(db, tableName, userId, storyId),
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
