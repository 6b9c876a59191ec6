import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StackContext } from './stack-context.js';

/** Direct table access for tests that need to set up or inspect state the API does not expose yet. */
export function tableClient(stack: StackContext) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: stack.appConfig.region,
      endpoint: stack.dynamodbEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return {
    documents: db,
    /** Library entries of a family, counted from the items themselves (not from the profile's counter). */
    countLibrary: async (userId: string) =>
      (
        await db.send(
          new QueryCommand({
            TableName: stack.tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lib)',
            ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':lib': 'LIB#' },
            ConsistentRead: true,
            Select: 'COUNT',
          }),
        )
      ).Count ?? 0,
    /** Every item a user left: their partition and their stories' partitions (empty once deleted for good). */
    traces: async (userId: string, storyIds: readonly string[]) => {
      const items: Record<string, unknown>[] = [];
      for (const pk of [`USER#${userId}`, ...storyIds.map((id) => `STORY#${id}`)]) {
        const page = await db.send(
          new QueryCommand({
            TableName: stack.tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            ConsistentRead: true,
          }),
        );
        items.push(...(page.Items ?? []));
      }
      return items;
    },
    get: async (key: { PK: string; SK: string }) =>
      (await db.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item,
    delete: async (key: { PK: string; SK: string }) => {
      await db.send(new DeleteCommand({ TableName: stack.tableName, Key: key }));
    },
    set: async (key: { PK: string; SK: string }, fields: Record<string, unknown>) => {
      const names = Object.keys(fields);
      await db.send(
        new UpdateCommand({
          TableName: stack.tableName,
          Key: key,
          UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
          ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
        }),
      );
    },
  };
}
