import * as z from 'zod';
import { InvalidCursorError } from '../../use-cases/errors.js';

/**
 * A page cursor of the `entity` index is the last row's key, and is checked to be exactly that shape (an
 * id, a real ISO time), so a forged one is a clear 400 rather than a key DynamoDB refuses (a 500).
 */
export function indexCursorSchema<Entity extends string>(pkPrefix: string, sortKey: string, entity: Entity) {
  return z.strictObject({
    PK: z.string().regex(new RegExp(`^${pkPrefix}[A-Za-z0-9_-]{1,128}$`)),
    SK: z.literal(sortKey),
    entity_pk: z.literal(entity),
    created_at: z.iso.datetime(),
  });
}

export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (!cursor) return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new InvalidCursorError();
  }
}

export const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
