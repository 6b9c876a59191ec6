import {
  BatchWriteCommand,
  QueryCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/** Only the items of a partition that match a filter (a shared partition: one sender's feedback). */
export type PartitionFilter = Readonly<{ expression: string; values: Record<string, unknown> }>;

/**
 * Deletes every item of a partition except the ones `keep` names by sort key (a story's or a user's
 * partition when it is deleted for good: the main item goes last, on its own, with its counters), or
 * only those matching `only`. Unprocessed deletes are sent again with a short back-off, so nothing is
 * left behind silently.
 */
export async function deletePartition(
  db: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
  keep: (sortKey: string) => boolean = () => false,
  only?: PartitionFilter,
): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition, ...only?.values },
        ...(only ? { FilterExpression: only.expression } : {}),
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
      }),
    );
    const doomed = (page.Items ?? []).filter((item) => !keep(String(item.SK)));
    for (let i = 0; i < doomed.length; i += 25) {
      let requests: Record<string, unknown>[] | undefined = doomed
        .slice(i, i + 25)
        .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
      for (let attempt = 0; requests && requests.length > 0; attempt++) {
        if (attempt > 6) throw new Error(`Partition ${partition} could not be deleted completely`);
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const answer: BatchWriteCommandOutput = await db.send(
          new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
        );
        requests = answer.UnprocessedItems?.[tableName];
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
