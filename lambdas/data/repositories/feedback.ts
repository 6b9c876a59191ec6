import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { feedbackRecord, type FeedbackItem } from '../entities/feedback.js';

/** Beta feedback, written and never read by the app. */
export function feedbackRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async add(feedback: FeedbackItem): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: feedbackRecord(feedback) }));
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
