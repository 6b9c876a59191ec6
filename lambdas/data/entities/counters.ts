import * as z from 'zod';
import { keys } from '../keys.js';
import type { TransactItem } from './table.js';

/**
 * The dashboard's counters (SPEC §4 stats): one item, `STATS` / `GLOBAL`, kept by atomic ADDs in the same
 * transaction as whatever a profile or story comes, goes or changes flag by (no scans).
 */
export const COUNTERS = ['profiles', 'stories', 'featured', 'public'] as const;
export type Counter = (typeof COUNTERS)[number];

export const countersSchema = z.object({
  profiles: z.number().optional(),
  stories: z.number().optional(),
  featured: z.number().optional(),
  public: z.number().optional(),
} satisfies Record<Counter, z.ZodType>);

/** Adds `by` to each named counter (names go through placeholders: `public` is a DynamoDB reserved word). */
export function countChange(tableName: string, counters: readonly Counter[], by: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.stats(),
      UpdateExpression: `ADD ${counters.map((_, i) => `#c${i} :by`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(counters.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: { ':by': by },
    },
  };
}
