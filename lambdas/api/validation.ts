import type { Context } from 'hono';
import type * as z from 'zod';
import { ApiError } from './errors.js';

/**
 * Parses a JSON body with a zod schema. Bad input is refused with the first message (the SPEC's own
 * wording where the schema carries it) and changes nothing.
 */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The request body must be valid JSON.');
  }
  return validBody(body, schema);
}

/** A body already read (a route that looks at it first), checked as parseBody checks it. */
export function validBody<T extends z.ZodType>(body: unknown, schema: T): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw new ApiError(400, 'VALIDATION_FAILED', issue?.message ?? 'Invalid request', field ? { field } : undefined);
  }
  return parsed.data;
}

/** Parses the query string with a zod schema; the same refusal as a bad body. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, 'VALIDATION_FAILED', issue?.message ?? 'Invalid request');
  }
  return parsed.data;
}
