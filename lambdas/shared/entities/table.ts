import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';

/**
 * What every entity module builds on: reading an item through its schema, and writing several entities'
 * items in one transaction.
 */

/**
 * A projection of these fields, each read through a name placeholder (`#field`, or `#<prefix>field` where the
 * names are merged with others), since some of them (`status`, `content`) are reserved words.
 */
export function projectionOf(fields: readonly string[], prefix = '') {
  const named = fields.map((field) => [`#${prefix}${field}`, field] as const);
  return {
    ProjectionExpression: named.map(([name]) => name).join(', '),
    ExpressionAttributeNames: Object.fromEntries(named),
  };
}

/** One write of a transaction (a Put, Update, Delete or ConditionCheck), as an entity module builds it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An item read from the table, checked against its entity's schema: a malformed item fails here, loudly. */
export function parseItem<S extends z.ZodType>(schema: S, item: Record<string, unknown>): z.infer<S>;
export function parseItem<S extends z.ZodType>(
  schema: S,
  item: Record<string, unknown> | undefined,
): z.infer<S> | undefined;
export function parseItem<S extends z.ZodType>(schema: S, item: Record<string, unknown> | undefined) {
  return item === undefined ? undefined : schema.parse(item);
}

/** Every item of a page or batch, each checked against the schema. */
export const parseItems = <S extends z.ZodType>(schema: S, items: readonly Record<string, unknown>[] | undefined) =>
  (items ?? []).map((item): z.infer<S> => schema.parse(item));

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

/** The writes of one transaction, each named by what it does, so a refusal can be told by name. */
export type NamedWrites<Name extends string> = Readonly<Record<Name, TransactItem | undefined>>;

/**
 * Runs named writes as one transaction (an undefined write is left out), retrying conflicts. Resolves to
 * the names of the writes whose condition failed: empty when everything was written, otherwise nothing
 * was. Any other failure is thrown.
 */
export async function transact<Name extends string>(
  db: DynamoDBDocumentClient,
  writes: NamedWrites<Name>,
): Promise<ReadonlySet<Name>> {
  const named = (Object.entries(writes) as [Name, TransactItem | undefined][]).filter(
    (entry): entry is [Name, TransactItem] => entry[1] !== undefined,
  );
  try {
    await withConflictRetry(() => db.send(new TransactWriteCommand({ TransactItems: named.map(([, w]) => w) })));
    return new Set();
  } catch (error) {
    if (!isCancelled(error)) throw error;
    const codes = cancellationCodes(error);
    const failed = new Set(named.flatMap(([name], i) => (codes[i] === 'ConditionalCheckFailed' ? [name] : [])));
    if (failed.size === 0) throw error;
    return failed;
  }
}
