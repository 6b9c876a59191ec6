import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type QueryCommandOutput,
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

/**
 * The pages of a Query, one after another from `startKey` (DynamoDB answers at most 1 MB a page): the one
 * loop over `LastEvaluatedKey` in the tree. Every paginated read goes through here: `queryAll` (all of
 * them), `queryPage` (a screen's page, with a cursor), and the readers that act on each page as it comes
 * (deleting a partition, the inactive-account sweep).
 */
export async function* queryPages(
  db: DynamoDBDocumentClient,
  query: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  startKey?: Record<string, unknown>,
): AsyncGenerator<QueryCommandOutput> {
  let next = startKey;
  do {
    const page = await db.send(new QueryCommand({ ...query, ExclusiveStartKey: next }));
    yield page;
    next = page.LastEvaluatedKey;
  } while (next);
}

/**
 * Every item a Query finds, page after page, each checked against the schema: the one way a repository
 * reads "all of them" (a family's stories, a partition, a template's versions). A screen's list reads one
 * page at a time instead (`queryPage`).
 */
export async function queryAll<S extends z.ZodType>(
  db: DynamoDBDocumentClient,
  query: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  schema: S,
): Promise<z.infer<S>[]> {
  const items: z.infer<S>[] = [];
  for await (const page of queryPages(db, query)) items.push(...parseItems(schema, page.Items));
  return items;
}

/**
 * One page of a screen's list: up to `limit` rows from `startKey` on (a cursor's key), each checked against
 * the schema and kept when `keep` says so. An unfiltered list asks the table for just as many rows; a
 * filtered one (`keep`, or the query's own FilterExpression: `filtered`) reads table pages until the page
 * is full, so a rare match costs a few reads of the index, never a scan. `more`: rows are left after the
 * last one returned, so the next page starts after it (not after the last row read, which may be further on).
 */
export async function queryPage<S extends z.ZodType>(
  db: DynamoDBDocumentClient,
  query: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>,
  schema: S,
  page: Readonly<{
    limit: number;
    startKey?: Record<string, unknown> | undefined;
    keep?: (row: z.infer<S>) => boolean;
    filtered?: boolean;
  }>,
): Promise<{ rows: z.infer<S>[]; more: boolean }> {
  const filtered = page.filtered === true || page.keep !== undefined;
  const rows: z.infer<S>[] = [];
  let startKey = page.startKey;
  let more: boolean;
  do {
    const answer = await db.send(
      new QueryCommand({
        ...query,
        ExclusiveStartKey: startKey,
        ...(filtered ? {} : { Limit: page.limit - rows.length }),
      }),
    );
    const found = parseItems(schema, answer.Items).filter((row) => !page.keep || page.keep(row));
    const room = page.limit - rows.length;
    rows.push(...found.slice(0, room));
    startKey = answer.LastEvaluatedKey;
    more = found.length > room || startKey !== undefined;
  } while (rows.length < page.limit && startKey);
  return { rows, more };
}

/**
 * One item by its key, strongly consistent (a read that decides a write, a refusal or an answer right after
 * a write), projected to `fields` when given: undefined when there is no such item.
 */
export async function readItem(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: Record<string, string>,
  fields?: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true, ...(fields ? projectionOf(fields) : {}) }),
  );
  return result.Item;
}

/** The most keys one BatchGetItem may ask for. */
const BATCH_GET_KEYS = 100;

/**
 * The items of these keys that exist, in no particular order: one BatchGet per 100 distinct keys. A BatchGet may hand
 * back keys unprocessed under load; they are asked for again with a short back-off, so an item missing from
 * the answer really is gone. `what` names the items in the error when the table keeps refusing.
 */
export async function batchGetAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  itemKeys: readonly Record<string, unknown>[],
  options: Readonly<{
    what: string;
    ConsistentRead?: boolean;
    ProjectionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
  }>,
): Promise<Record<string, unknown>[]> {
  const { what, ...read } = options;
  // DynamoDB refuses a batch that names one key twice: each is asked for once.
  const unique = [...new Map(itemKeys.map((key) => [JSON.stringify(key), key])).values()];
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(i, i + BATCH_GET_KEYS);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 6) throw new Error(`${what} could not be read`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const answer: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...read } } }),
      );
      items.push(...(answer.Responses?.[tableName] ?? []));
      pending = answer.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return items;
}

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
