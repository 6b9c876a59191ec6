import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';
import { isConditionFailure } from '../entities/table.js';

/**
 * Per-family limits on the expensive calls (each one starts model work that costs money). Generous for
 * a family — a library holds 10 stories and a story page 3 pictures — and tight for a script.
 */
export const RATE_LIMITS = {
  generate: { limit: 10, windowSeconds: 600 },
  image: { limit: 30, windowSeconds: 600 },
  // A part of a story read aloud for the first time (a replay reads the stored one and costs nothing):
  // a long story is about 10 parts, so this is a dozen stories' first readings in ten minutes.
  narrate: { limit: 120, windowSeconds: 600 },
  // The grown-up gate: a PIN or the password tried (besides the PIN's own lock after 5 wrong ones), so a
  // child (or a script) cannot try the 10,000 PINs or guess the password.
  unlock: { limit: 10, windowSeconds: 600 },
} as const;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** SPEC §8's wording for a rate limit. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMIT_MESSAGE);
    this.name = 'RateLimitedError';
  }
}

/** One counted call, which can be given back once; `spent` names it, to give it back later (a failed story). */
export type RateSlot<A extends RateLimitedAction = RateLimitedAction> = Readonly<{
  spent: SpentSlot<A>;
  release(): Promise<void>;
}>;

/** Which window a call was counted in, kept on what it made (a story, a picture job). */
export type SpentSlot<A extends RateLimitedAction = RateLimitedAction> = Readonly<{ action: A; window_start: number }>;

/**
 * Fixed windows, one counter item per family, action and window: the increment and the check are one
 * conditional write, so parallel requests can never pass the limit. The item expires by itself (TTL).
 */
export function rateLimiter(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Counts one call, or throws RateLimitedError when the window's allowance is used up. The slot is
     * given back when the call turns out to repeat another (a simultaneous repeated submission). Refused
     * calls (a full library, the picture cap) keep theirs: a script retrying them is still limited.
     */
    async take<A extends RateLimitedAction>(userId: string, action: A, now = Date.now()): Promise<RateSlot<A>> {
      const { limit, windowSeconds } = RATE_LIMITS[action];
      const nowSeconds = Math.floor(now / 1000);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.rateWindow(userId, action, windowStart),
            UpdateExpression: 'ADD hits :one SET expires_at = :expires',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': windowStart + windowSeconds * 2 },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) throw new RateLimitedError(windowStart + windowSeconds - nowSeconds);
        throw error;
      }
      const spent = { action, window_start: windowStart };
      return { spent, release: () => release(userId, spent) };
    },

    /** Gives a counted call back: its window counts one fewer (never below zero; an expired window is gone). */
    release,
  };

  async function release(userId: string, slot: SpentSlot): Promise<void> {
    await db
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.rateWindow(userId, slot.action, slot.window_start),
          UpdateExpression: 'ADD hits :minus',
          ConditionExpression: 'hits > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
