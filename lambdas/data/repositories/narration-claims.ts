import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../entities/table.js';
import { keys } from '../keys.js';

/** How long a claim holds if its request never finishes (a part is voiced in a few seconds). */
const CLAIM_MS = 60_000;

/**
 * Who voices a narration part: the first request to claim it, however many ask at once (issue 34: ten
 * parallel requests for one part voiced it ten times). A claim is one conditional write in the story's
 * partition; it expires on its own (TTL) and may be taken over once stale.
 */
export function narrationClaims(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** True when this request may voice the part; false while another request is voicing it. */
    async claim(storyId: string, version: string, part: number, now = Date.now()): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.narrationClaim(storyId, version, part),
              claimed_until: now + CLAIM_MS,
              expires_at: Math.floor((now + CLAIM_MS) / 1000) + 3600,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR claimed_until < :now',
            ExpressionAttributeValues: { ':now': now },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async release(storyId: string, version: string, part: number): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.narrationClaim(storyId, version, part) }));
    },
  };
}

export type NarrationClaims = ReturnType<typeof narrationClaims>;
