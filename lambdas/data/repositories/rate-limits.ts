import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';
import type { RATE_LIMITED_ACTIONS } from '../entities/rate-window.js';
import { isConditionFailure } from '../entities/table.js';
import { RateLimitedError } from '../../use-cases/errors.js';

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
  // Characters voiced for a family in a day (issue 34: an edit makes a new text, voiced again, so edits
  // alone could voice without end). 200,000 is about 30 long band B stories read fresh in one day, far past
  // what a family reads, and caps a script at about $6.40 a day of Polly ($16 per million, billed twice).
  voice: { limit: 200_000, windowSeconds: 86_400 },
  // The grown-up gate: PINs tried (besides the PIN's own lock after 5 wrong ones; a locked PIN's tries count
  // nothing) and passwords tried, each counted apart, so a child (or a script) can try neither the 10,000
  // PINs nor passwords, and wrong PINs never keep the parent's password out.
  unlock: { limit: 10, windowSeconds: 600 },
  'unlock-password': { limit: 10, windowSeconds: 600 },
} as const satisfies Record<(typeof RATE_LIMITED_ACTIONS)[number], { limit: number; windowSeconds: number }>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** One counted call, which can be given back once; `spent` names it, to give it back later (a failed story). */
export type RateSlot<A extends RateLimitedAction = RateLimitedAction> = Readonly<{
  spent: SpentSlot<A>;
  release(): Promise<void>;
}>;

/** Which window a call was counted in, and how much it counted, kept on what it made (a story, a picture job). */
export type SpentSlot<A extends RateLimitedAction = RateLimitedAction> = Readonly<{
  action: A;
  window_start: number;
  amount?: number | undefined;
}>;

/**
 * Fixed windows, one counter item per family, action and window: the increment and the check are one
 * conditional write, so parallel requests can never pass the limit. The item expires by itself (TTL).
 */
export function rateLimiter(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Counts one call, or throws RateLimitedError when the window's allowance is used up. The slot is
     * given back when the call turns out to repeat another (a simultaneous repeated submission), or, for a
     * picture, when the picture cap refuses it. A full library keeps its story's: a script retrying it is
     * still limited.
     */
    async take<A extends RateLimitedAction>(
      userId: string,
      action: A,
      now = Date.now(),
      amount = 1,
    ): Promise<RateSlot<A>> {
      const { limit, windowSeconds } = RATE_LIMITS[action];
      const nowSeconds = Math.floor(now / 1000);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.rateWindow(userId, action, windowStart),
            UpdateExpression: 'ADD hits :amount SET expires_at = :expires',
            // `amount` counts more than one (characters voiced): the window may not pass its limit.
            ConditionExpression: ':amount <= :limit AND (attribute_not_exists(hits) OR hits <= :room)',
            ExpressionAttributeValues: {
              ':amount': amount,
              ':limit': limit,
              ':room': limit - amount,
              ':expires': windowStart + windowSeconds * 2,
            },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) throw new RateLimitedError(windowStart + windowSeconds - nowSeconds);
        throw error;
      }
      const spent = { action, window_start: windowStart, amount };
      return { spent, release: () => release(userId, spent) };
    },

    /** Gives a counted call back: its window counts it no more (never below zero; an expired window is gone). */
    release,
  };

  async function release(userId: string, slot: SpentSlot): Promise<void> {
    await db
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.rateWindow(userId, slot.action, slot.window_start),
          UpdateExpression: 'ADD hits :minus',
          ConditionExpression: 'hits >= :amount',
          ExpressionAttributeValues: { ':minus': -(slot.amount ?? 1), ':amount': slot.amount ?? 1 },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
