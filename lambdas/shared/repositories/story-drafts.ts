import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ImageType } from '#common/story-choices.js';
import { keys } from '../keys.js';

/**
 * How long an abandoned draft stays (TTL): far longer than a generation may run (tasks.ts
 * STALE_GENERATION_MINUTES), short enough that a lost execution leaves no story text behind for long.
 */
export const DRAFT_TTL_SECONDS = 24 * 60 * 60;

/**
 * The text of a story being written, between WriteStory, CheckStory and SaveStory. It lives in the table,
 * not in the workflow's state, because Step Functions keeps every state's input and output for 90 days:
 * the state carries only the story id and the attempt. One draft per story; a rewrite replaces it.
 */
export type StoryDraftItem = {
  story_id: string;
  /** Which writing attempt this is (1 for the first try). */
  attempt: number;
  title: string;
  excerpt: string;
  paragraphs: string[];
  scenes: Partial<Record<ImageType, string>>;
  /** The version of the story template it was written with (recorded on the saved story). */
  template_version: number;
  /** What the band's checks found wrong with it: the next attempt is asked to fix these. */
  problems: string[];
  created_at: string;
  /** Epoch seconds: DynamoDB deletes a draft its workflow never finished. */
  expires_at: number;
};

export type NewStoryDraft = Omit<StoryDraftItem, 'problems' | 'created_at' | 'expires_at'>;

export function storyDraftRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(storyId: string): Promise<StoryDraftItem | undefined> {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.storyDraft(storyId), ConsistentRead: true }),
      );
      return result.Item as StoryDraftItem | undefined;
    },

    /** Writes the draft of an attempt, replacing the one before. */
    async put(draft: NewStoryDraft, now = new Date()): Promise<void> {
      const item: StoryDraftItem = {
        ...draft,
        problems: [],
        created_at: now.toISOString(),
        expires_at: Math.floor(now.getTime() / 1000) + DRAFT_TTL_SECONDS,
      };
      await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.storyDraft(draft.story_id), ...item } }));
    },

    /** Keeps the checks' findings on the attempt they were made on, for the rewrite to read. */
    async setProblems(storyId: string, attempt: number, problems: readonly string[]): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.storyDraft(storyId),
          UpdateExpression: 'SET problems = :problems',
          ConditionExpression: 'attempt = :attempt',
          ExpressionAttributeValues: { ':problems': problems, ':attempt': attempt },
        }),
      );
    },

    /** Once the story is saved or has failed. Deleting a draft that is gone already is fine (retries). */
    async remove(storyId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.storyDraft(storyId) }));
    },
  };
}

export type StoryDraftRepository = ReturnType<typeof storyDraftRepository>;
