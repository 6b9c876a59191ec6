import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, readItem } from '../entities/table.js';
import * as z from 'zod';
import { keys } from '../keys.js';

/** A grant's item; one written before grants named their session has none, and opens nothing. */
const storedGrantSchema = z
  .object({ granted_at: z.string(), expires_at: z.number(), session: z.string(), token_issued_at: z.number() })
  .transform((item) => ({
    grantedAt: item.granted_at,
    expiresAt: item.expires_at,
    session: item.session,
    tokenIssuedAt: item.token_issued_at,
  }));
export type StoredGrant = z.output<typeof storedGrantSchema>;

/**
 * The grown-up gate's items (lambdas/use-cases/accounts/grown-up-gate.ts holds the rules): its grants
 * (`USER#{id}` / `GRANT#{hash of the token}`, expiring by themselves) and the PIN's fields on the profile.
 */
export function grownUpGrantRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Claims one PIN try before the PIN is compared: counted at once (as if wrong), in one conditional write
     * that is refused while the PIN is locked, so parallel tries can never judge more than `attempts` PINs.
     * The PIN is locked once `attempts` tries are counted, until `lockMs` after the last of them (a right
     * PIN clears the count). Answers the tries counted so far, this one included; undefined when refused.
     */
    async claimPinTry(userId: string, attempts: number, lockMs: number, now: number): Promise<number | undefined> {
      const claim = async (condition: string, update: string, values: Record<string, number>) => {
        try {
          const result = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.profile(userId),
              UpdateExpression: update,
              ConditionExpression: `attribute_exists(pin_hash) AND ${condition}`,
              ExpressionAttributeValues: { ...values, ':now': now, ':one': 1 },
              ReturnValues: 'UPDATED_NEW',
            }),
          );
          return Number(result.Attributes?.pin_failures);
        } catch (error) {
          if (isConditionFailure(error)) return undefined;
          throw error;
        }
      };
      return (
        // Tries left, and no lock from before tries were claimed (`pin_locked_until`) in force.
        (await claim(
          '(attribute_not_exists(pin_failures) OR pin_failures < :attempts) AND ' +
            '(attribute_not_exists(pin_locked_until) OR pin_locked_until <= :now)',
          'ADD pin_failures :one SET pin_tried_at = :now REMOVE pin_locked_until',
          { ':attempts': attempts },
        )) ??
        // The tries are spent, but their lock is over: the count starts again with this one.
        (await claim(
          'pin_failures >= :attempts AND (attribute_not_exists(pin_tried_at) OR pin_tried_at <= :lockStart)',
          'SET pin_failures = :one, pin_tried_at = :now',
          { ':attempts': attempts, ':lockStart': now - lockMs },
        ))
      );
    },

    /** A right PIN: the count of tries starts again. */
    async clearPinTries(userId: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          UpdateExpression: 'REMOVE pin_failures, pin_tried_at, pin_locked_until',
        }),
      );
    },

    /** Sets the PIN's hash, any lock and count gone; false when there is no such profile. */
    async setPinHash(userId: string, hash: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET pin_hash = :hash REMOVE pin_failures, pin_tried_at, pin_locked_until',
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

    /**
     * Keeps a grant: the token's hash only, expiring at `expiresAt` (epoch seconds), with the session that
     * asked for it (the Cognito sign-in it belongs to) and when that session's token was issued (epoch seconds).
     */
    async putGrant(userId: string, tokenHash: string, grant: StoredGrant): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.grownUpGrant(userId, tokenHash),
            granted_at: grant.grantedAt,
            expires_at: grant.expiresAt,
            session: grant.session,
            token_issued_at: grant.tokenIssuedAt,
          },
        }),
      );
    },

    /** The grant of this token's hash (undefined when there is none): one strongly consistent GetItem. */
    async findGrant(userId: string, tokenHash: string): Promise<StoredGrant | undefined> {
      const item = await readItem(db, tableName, keys.grownUpGrant(userId, tokenHash));
      const parsed = storedGrantSchema.safeParse(item);
      return parsed.success ? parsed.data : undefined;
    },

    async removeGrant(userId: string, tokenHash: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.grownUpGrant(userId, tokenHash) }));
    },
  };
}

export type GrownUpGrantRepository = ReturnType<typeof grownUpGrantRepository>;
