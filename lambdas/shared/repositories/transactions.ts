import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';

/** The reason codes of a cancelled transaction, one per item, in the order the items were sent. */
export const cancellationCodes = (error: unknown): string[] =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
export const isCancelled = (error: unknown) => (error as { name?: string }).name === 'TransactionCanceledException';
export const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** Transactions that touch a hot item (a family's profile) can conflict under load: retry with jitter. */
export async function withConflictRetry<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const conflict = isCancelled(error) && cancellationCodes(error).includes('TransactionConflict');
      if (!conflict || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/**
 * Frees a library slot: the entry goes and the family's count drops, in one transaction that runs only
 * if the entry is still there, so a repeated call never frees a slot twice. False when it was not there.
 */
export async function releaseLibrarySlot(
  db: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  storyId: string,
): Promise<boolean> {
  try {
    await withConflictRetry(() =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: keys.libraryEntry(userId, storyId),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: keys.profile(userId),
                UpdateExpression: 'SET library_count = library_count - :one',
                ConditionExpression: 'library_count > :zero',
                ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
              },
            },
          ],
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isCancelled(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
