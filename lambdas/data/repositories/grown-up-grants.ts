import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, readItem } from '../entities/table.js';
import { keys } from '../keys.js';

/**
 * The grown-up gate's items (lambdas/use-cases/accounts/grown-up-gate.ts holds the rules): its grants
 * (`USER#{id}` / `GRANT#{hash of the token}`, expiring by themselves) and the PIN's fields on the profile.
 */
export function grownUpGrantRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Counts one wrong PIN on the profile; answers the count so far. */
    async countWrongPin(userId: string): Promise<number> {
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          UpdateExpression: 'ADD pin_failures :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.pin_failures ?? 0);
    },

    /** Locks the PIN until then (epoch ms); the count starts again. */
    async lockPin(userId: string, until: number): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          UpdateExpression: 'SET pin_locked_until = :until REMOVE pin_failures',
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    },

    async clearPinFailures(userId: string): Promise<void> {
      await db.send(
        new UpdateCommand({ TableName: tableName, Key: keys.profile(userId), UpdateExpression: 'REMOVE pin_failures' }),
      );
    },

    /** Sets the PIN's hash, any lock and count gone; false when there is no such profile. */
    async setPinHash(userId: string, hash: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET pin_hash = :hash REMOVE pin_failures, pin_locked_until',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':hash': hash },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Keeps a grant: the token's hash only, expiring at `expiresAt` (epoch seconds). */
    async putGrant(userId: string, tokenHash: string, grantedAt: string, expiresAt: number): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.grownUpGrant(userId, tokenHash), granted_at: grantedAt, expires_at: expiresAt },
        }),
      );
    },

    /** When the grant of this token's hash expires (epoch seconds; 0 when there is none): one strongly consistent GetItem. */
    async grantExpiry(userId: string, tokenHash: string): Promise<number> {
      const grant = await readItem(db, tableName, keys.grownUpGrant(userId, tokenHash), ['expires_at']);
      return Number(grant?.expires_at ?? 0);
    },

    async removeGrant(userId: string, tokenHash: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.grownUpGrant(userId, tokenHash) }));
    },
  };
}

export type GrownUpGrantRepository = ReturnType<typeof grownUpGrantRepository>;
