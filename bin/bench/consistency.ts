import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { foundingChild, keys, prefixes } from '../../lambdas/data/keys.js';
import type { LocalStack } from '../local/stack.js';
import { mapConcurrent } from './stats.js';

/**
 * What a soak run must leave behind, read straight from the table: every family's library counter equal to
 * its library entries, and no story of theirs still `generating` once the workflow is idle.
 */

async function libraryEntries(db: DynamoDBDocumentClient, table: string, userId: string): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lib)',
        ExpressionAttributeValues: {
          ':pk': keys.userPartition(userId),
          ':lib': prefixes.libraryOf(foundingChild(userId)),
        },
        ConsistentRead: true,
        Select: 'COUNT',
        ExclusiveStartKey: cursor,
      }),
    );
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}

/** Families whose profile's `library_count` differs from their count of `LIB#` items. */
export async function libraryDrift(stack: LocalStack, userIds: readonly string[]) {
  const { documents: db } = createAwsClients(stack.serverConfig);
  const table = stack.serverConfig.tableName;
  const drift = await mapConcurrent(userIds, 8, async (userId) => {
    const profile = await db.send(
      new GetCommand({ TableName: table, Key: keys.profile(userId), ConsistentRead: true }),
    );
    const counted = Number(profile.Item?.library_count ?? 0);
    const entries = await libraryEntries(db, table, userId);
    return counted === entries ? undefined : { userId, libraryCount: counted, entries };
  });
  return drift.filter((d) => d !== undefined);
}

/** Every story the families created (the `creator` index, then each story read consistently), by status. */
export async function storyStatuses(stack: LocalStack, userIds: readonly string[]) {
  const { documents: db } = createAwsClients(stack.serverConfig);
  const table = stack.serverConfig.tableName;
  const byStatus: Record<string, string[]> = {};
  await mapConcurrent(userIds, 8, async (userId) => {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'creator',
          KeyConditionExpression: 'creator_pk = :creator',
          ExpressionAttributeValues: { ':creator': keys.creator(userId) },
          ProjectionExpression: 'id',
          ExclusiveStartKey: cursor,
        }),
      );
      for (const { id } of (page.Items ?? []) as { id: string }[]) {
        const story = await db.send(new GetCommand({ TableName: table, Key: keys.story(id), ConsistentRead: true }));
        const status = String(story.Item?.status ?? 'deleted');
        (byStatus[status] ??= []).push(id);
      }
      cursor = page.LastEvaluatedKey;
    } while (cursor);
  });
  return byStatus;
}
