import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { activityItemSchema, activityRecord, type ActivityItem } from '../entities/admin-records.js';
import { parseItems } from '../entities/table.js';
import { keys } from '../keys.js';

/** How many entries the user detail dialog shows (SPEC §9). */
export const ACTIVITY_SHOWN = 20;

/** What admins did, kept per target so "the last 20 about this user" is one Query. */
export function activityRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async record(entry: Omit<ActivityItem, 'id' | 'created_at'>, now = new Date()): Promise<ActivityItem> {
      const item: ActivityItem = { ...entry, id: randomUUID(), created_at: now.toISOString() };
      await db.send(new PutCommand({ TableName: tableName, Item: activityRecord(item) }));
      return item;
    },

    async recent(targetId: string, limit = ACTIVITY_SHOWN): Promise<ActivityItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.activityPartition(targetId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return parseItems(activityItemSchema, result.Items);
    },
  };
}

export type ActivityRepository = ReturnType<typeof activityRepository>;
