import { BatchWriteCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryPages } from '../entities/table.js';

/** Only the items of a partition that match a filter (a shared partition: one sender's feedback). */
export type PartitionFilter = Readonly<{ expression: string; values: Record<string, unknown> }>;

/**
 * Deletes every item of a partition except the ones `keep` names by sort key (a story's or a user's
 * partition when it is deleted for good: the main item goes last, on its own, with its counters), or
 * only those matching `only`.
 */
export async function deletePartition(
  db: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
  keep: (sortKey: string) => boolean = () => false,
  only?: PartitionFilter,
): Promise<void> {
  const pages = queryPages(db, {
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition, ...only?.values },
    ...(only ? { FilterExpression: only.expression } : {}),
    ProjectionExpression: 'PK, SK',
  });
  for await (const page of pages) {
    const doomed = (page.Items ?? []).filter((item) => !keep(String(item.SK)));
    await deleteItems(
      db,
      tableName,
      doomed.map((item) => ({ PK: item.PK, SK: item.SK })),
      `Partition ${partition}`,
    );
  }
}

/**
 * Deletes these items, 25 to a BatchWrite; unprocessed deletes are sent again with a short back-off, so
 * nothing is left behind silently. `what` names them in the error when the table keeps refusing.
 */
export async function deleteItems(
  db: DynamoDBDocumentClient,
  tableName: string,
  itemKeys: readonly Record<string, unknown>[],
  what: string,
): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = itemKeys
      .slice(i, i + 25)
      .map((key) => ({ DeleteRequest: { Key: key } }));
    for (let attempt = 0; requests && requests.length > 0; attempt++) {
      if (attempt > 6) throw new Error(`${what} could not be deleted completely`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const answer: BatchWriteCommandOutput = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = answer.UnprocessedItems?.[tableName];
    }
  }
}
