import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../../common/limits.js';
import { keys, prefixes } from '../keys.js';
import { LibraryFullError, type StoryItem } from './stories.js';
import { cancellationCodes, isCancelled, releaseLibrarySlot } from './transactions.js';

export type LibraryEntry = { story_id: string; saved_at: string };

/** A family's saved stories (SPEC §2 My Library): at most 10, the cap kept by the write itself. */
export function libraryRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Entries with their stories, newest saved first (one Query, one BatchGet). */
    async list(userId: string): Promise<{ entry: LibraryEntry; story: StoryItem }[]> {
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
      const stories = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: entries.map((e) => keys.story(e.story_id)) } } }),
      );
      const byId = new Map(((stories.Responses?.[tableName] ?? []) as StoryItem[]).map((s) => [s.id, s]));
      return entries
        .flatMap((entry) => {
          const story = byId.get(entry.story_id);
          return story ? [{ entry, story }] : [];
        })
        .sort((a, b) => b.entry.saved_at.localeCompare(a.entry.saved_at));
    },

    /** Saves a story; idempotent (already saved: false). Refused at the cap, in the same transaction. */
    async save(userId: string, storyId: string, now = new Date()): Promise<boolean> {
      try {
        await db.send(
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
        );
        return true;
      } catch (error) {
        if (!isCancelled(error)) throw error;
        if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
        const current = await db.send(
          new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }),
        );
        throw new LibraryFullError(Number(current.Item?.library_count ?? LIMITS.libraryCapacity));
      }
    },

    /** Unsaves a story (its entry and the count together); false when it was not saved. */
    remove: (userId: string, storyId: string) => releaseLibrarySlot(db, tableName, userId, storyId),

    /** Deletes every item of a story's partition (the story, its pictures and jobs). */
    async deleteStoryItems(storyId: string): Promise<void> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId) },
          ProjectionExpression: 'PK, SK',
        }),
      );
      const items = result.Items ?? [];
      for (let i = 0; i < items.length; i += 25) {
        await db.send(
          new BatchWriteCommand({
            RequestItems: {
              [tableName]: items
                .slice(i, i + 25)
                .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })),
            },
          }),
        );
      }
    },
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
