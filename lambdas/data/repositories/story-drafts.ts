import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  storyDraftItemSchema,
  storyDraftKey,
  storyDraftRecord,
  type NewStoryDraft,
  type StoryDraftItem,
} from '../entities/story-draft.js';
import { parseItem } from '../entities/table.js';

/** The draft of a story being written (see entities/story-draft.ts for why it is kept in the table). */
export function storyDraftRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(storyId: string): Promise<StoryDraftItem | undefined> {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: storyDraftKey(storyId), ConsistentRead: true }),
      );
      return parseItem(storyDraftItemSchema, result.Item);
    },

    /** Writes the draft of an attempt, replacing the one before. */
    async put(draft: NewStoryDraft, now = new Date()): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: storyDraftRecord(draft, now) }));
    },

    /** Keeps the checks' findings on the attempt they were made on, for the rewrite to read. */
    async setProblems(storyId: string, attempt: number, problems: readonly string[]): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: storyDraftKey(storyId),
          UpdateExpression: 'SET problems = :problems',
          ConditionExpression: 'attempt = :attempt',
          ExpressionAttributeValues: { ':problems': problems, ':attempt': attempt },
        }),
      );
    },

    /** Once the story is saved or has failed. Deleting a draft that is gone already is fine (retries). */
    async remove(storyId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: storyDraftKey(storyId) }));
    },
  };
}

export type StoryDraftRepository = ReturnType<typeof storyDraftRepository>;
