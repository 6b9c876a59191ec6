import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { MISSING_AGE_BAND, type AgeBand } from '../../../common/age-bands.js';
import type { Role } from '../../../common/roles.js';
import type { ProfileUpdate } from '../../../common/validation/accounts.js';
import { z } from 'zod';
import { entityTypes, keys } from '../keys.js';
import type { IndexName } from '../table-schema.js';

/** A profile as the table stores it (snake_case, SPEC §3). */
export type ProfileItem = {
  id: string;
  email: string;
  display_name: string;
  author_name: string;
  age_band?: AgeBand;
  role: Role;
  created_at: string;
  last_login?: string;
  suspended_at?: string;
  /**
   * Epoch milliseconds of the last revocation (suspension, role change, password change): every token
   * issued in that second or before it is refused (see `lambdas/api/auth/revocation.ts`).
   */
  sessions_revoked_at?: number;
  library_count?: number;
};

/** What the API checks on every call. */
export type AccountStatus = Readonly<{ suspended: boolean; sessionsRevokedAt: number | undefined }>;

/**
 * How long a deleted account's tombstone is kept: longer than any of its tokens can live (access and ID
 * tokens 1 hour; refresh tokens 30 days, but those die with the Cognito user).
 */
const TOMBSTONE_SECONDS = 2 * 24 * 60 * 60;

export type Profile = {
  id: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role: Role;
  createdAt: string;
  lastLogin: string | null;
  suspended: boolean;
  libraryCount: number;
};

export const toProfile = (item: ProfileItem): Profile => ({
  id: item.id,
  email: item.email,
  displayName: item.display_name,
  authorName: item.author_name,
  ageBand: item.age_band ?? MISSING_AGE_BAND,
  role: item.role,
  createdAt: item.created_at,
  lastLogin: item.last_login ?? null,
  suspended: Boolean(item.suspended_at),
  libraryCount: item.library_count ?? 0,
});

export type NewProfile = {
  userId: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role?: Role;
};

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'TransactionCanceledException' ||
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** What the admin users search matches (name, author name, e-mail), lower-cased once at write time. */
const searchTextOf = (displayName: string, authorName: string, email: string) =>
  [displayName, authorName, email].join(' ').toLowerCase();

/** The admin users list reads the `entity` index a page at a time; the cursor is its last key. */
const PROFILE_INDEX: IndexName = 'entity';
const cursorSchema = indexCursorSchema('USER#', 'PROFILE', entityTypes.profile);

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid page cursor');
  }
}

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

export type ProfileListQuery = Readonly<{
  search?: string | undefined;
  role?: Role | undefined;
  status?: 'active' | 'suspended' | undefined;
  cursor?: string | undefined;
  limit: number;
}>;

/** A new profile as the table stores it, with the keys of the admin list index and its search text. */
export function profileItem(profile: NewProfile, now = new Date()): ProfileItem & Record<string, unknown> {
  return {
    ...keys.profile(profile.userId),
    id: profile.userId,
    email: profile.email,
    display_name: profile.displayName,
    author_name: profile.authorName,
    age_band: profile.ageBand,
    role: profile.role ?? 'user',
    created_at: now.toISOString(),
    library_count: 0,
    entity_pk: entityTypes.profile,
    search_text: searchTextOf(profile.displayName, profile.authorName, profile.email),
  };
}

export function profileRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Creates the profile and counts it, in one transaction. Idempotent: Cognito may deliver a trigger
     * twice, and a second delivery must neither overwrite the profile nor count it again.
     * Returns false when the profile already existed, or the account was deleted.
     */
    async create(profile: NewProfile, now = new Date()): Promise<boolean> {
      const item = profileItem(profile, now);
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
              // Never again for a deleted account (a request racing its deletion cannot bring it back).
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: keys.deletedAccount(profile.userId),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.stats(),
                  UpdateExpression: 'ADD profiles :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async get(userId: string): Promise<ProfileItem | undefined> {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId) }));
      return result.Item as ProfileItem | undefined;
    },

    /**
     * The fields the API checks on every call: one strongly consistent GetItem, never cached, so a
     * suspension or revocation applies to the very next call. Undefined when there is no profile.
     */
    async getAccountStatus(userId: string): Promise<AccountStatus | undefined> {
      const result = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          // PK too, so a profile without either field still comes back as an item.
          ProjectionExpression: 'PK, suspended_at, sessions_revoked_at',
          ConsistentRead: true,
        }),
      );
      if (!result.Item) return undefined;
      const item = result.Item as Pick<ProfileItem, 'suspended_at' | 'sessions_revoked_at'>;
      return { suspended: Boolean(item.suspended_at), sessionsRevokedAt: item.sessions_revoked_at };
    },

    /** Whether the account was deleted (its tombstone is kept while any of its tokens could still be valid). */
    async isDeleted(userId: string): Promise<boolean> {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.deletedAccount(userId), ConsistentRead: true }),
      );
      return Boolean(result.Item);
    },

    /** Ends every session of the account issued up to now (a password change); returns the revocation time. */
    async revokeSessions(userId: string, now = Date.now()): Promise<number | undefined> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET sessions_revoked_at = :ms',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':ms': now },
          }),
        );
        return now;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** SPEC §3: a missing age band reads as A and is written back (only if still missing). */
    async writeBackMissingAgeBand(userId: string): Promise<void> {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET age_band = :band',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(age_band)',
            ExpressionAttributeValues: { ':band': MISSING_AGE_BAND },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async recordSignIn(userId: string, now = new Date()): Promise<void> {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET last_login = :now',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':now': now.toISOString() },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    /** Applies an already-validated update; returns the profile as it now is, or undefined if none exists. */
    async update(userId: string, update: ProfileUpdate): Promise<ProfileItem | undefined> {
      const fields: Record<string, string> = {};
      if (update.displayName !== undefined) fields.display_name = update.displayName;
      if (update.authorName !== undefined) fields.author_name = update.authorName;
      if (update.ageBand !== undefined) fields.age_band = update.ageBand;
      if (update.displayName !== undefined || update.authorName !== undefined) {
        const current = await this.get(userId);
        if (!current) return undefined;
        fields.search_text = searchTextOf(
          update.displayName ?? current.display_name,
          update.authorName ?? current.author_name,
          current.email,
        );
      }
      const names = Object.keys(fields);
      try {
        const result = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as ProfileItem;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /**
     * One page of profiles for the admin users table, newest first, filtered by search text, role and status.
     * Reads the `entity` index in 1 MB pages until the page is full, so a rare match costs a few reads of
     * the index, never a table scan.
     */
    async listPage(query: ProfileListQuery): Promise<{ items: ProfileItem[]; nextCursor: string | null }> {
      const filters: string[] = [];
      const values: Record<string, unknown> = { ':type': entityTypes.profile };
      // Only what a row shows: DynamoDB reads whole items either way, but sends back (and we parse) less.
      const names: Record<string, string> = { '#role': 'role' };
      if (query.search) {
        filters.push('contains(search_text, :q)');
        values[':q'] = query.search.toLowerCase();
      }
      if (query.role) {
        filters.push('#role = :role');
        values[':role'] = query.role;
      }
      if (query.status)
        filters.push(
          query.status === 'suspended' ? 'attribute_exists(suspended_at)' : 'attribute_not_exists(suspended_at)',
        );
      const items: ProfileItem[] = [];
      let startKey: Record<string, unknown> | undefined = decodeCursor(query.cursor, cursorSchema);
      let exhausted = false;
      let leftOver = false;
      while (items.length < query.limit && !exhausted) {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: PROFILE_INDEX,
            KeyConditionExpression: 'entity_pk = :type',
            ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
            ProjectionExpression:
              'PK, SK, entity_pk, id, email, display_name, author_name, #role, suspended_at, created_at, last_login',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
            // Unfiltered pages are exactly one table page; filtered ones read on until the page is full.
            ...(filters.length === 0 ? { Limit: query.limit - items.length } : {}),
          }),
        );
        const found = (page.Items ?? []) as ProfileItem[];
        const room = query.limit - items.length;
        items.push(...found.slice(0, room));
        leftOver = found.length > room;
        startKey = page.LastEvaluatedKey;
        exhausted = !startKey;
      }
      const last = items.at(-1);
      // The next page starts after the last row shown (not after the last row read, which may be further on).
      return {
        items,
        nextCursor:
          last && (leftOver || !exhausted)
            ? encodeCursor({ ...keys.profile(last.id), entity_pk: entityTypes.profile, created_at: last.created_at })
            : null,
      };
    },

    /**
     * Display and author names of many users in one BatchGet per 100 (authors on cards, admins in the
     * activity log). Users without a profile are simply absent from the map.
     */
    async namesOf(userIds: readonly string[]): Promise<Map<string, { displayName: string; authorName: string }>> {
      const unique = [...new Set(userIds)];
      const names = new Map<string, { displayName: string; authorName: string }>();
      for (let i = 0; i < unique.length; i += 100) {
        let request: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => keys.profile(id));
        // BatchGet may hand back unprocessed keys under load: ask again for those, with a short back-off.
        for (let attempt = 0; request && request.length > 0; attempt++) {
          if (attempt > 6) throw new Error('Profiles could not be read');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
          const result: BatchGetCommandOutput = await db.send(
            new BatchGetCommand({
              RequestItems: { [tableName]: { Keys: request, ProjectionExpression: 'id, display_name, author_name' } },
            }),
          );
          for (const item of result.Responses?.[tableName] ?? []) {
            names.set(String(item.id), {
              displayName: String(item.display_name ?? ''),
              authorName: String(item.author_name ?? ''),
            });
          }
          request = result.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return names;
    },

    /** Suspends (every token issued up to now stops working for good) or re-activates (SPEC §4 user status). */
    async setSuspended(userId: string, suspended: boolean, now = new Date()): Promise<ProfileItem | undefined> {
      try {
        const result = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: suspended
              ? 'SET suspended_at = if_not_exists(suspended_at, :now), sessions_revoked_at = :ms'
              : 'REMOVE suspended_at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: suspended ? { ':now': now.toISOString(), ':ms': now.getTime() } : undefined,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as ProfileItem;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** Records a role change; tokens carrying the old groups stop working, so the new role applies at once. */
    async setRole(userId: string, role: Role, now = new Date()): Promise<ProfileItem | undefined> {
      try {
        const result = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET #role = :role, sessions_revoked_at = :ms',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': role, ':ms': now.getTime() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as ProfileItem;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /**
     * Deletes the profile and uncounts it together, leaving a tombstone (the id and a date, nothing
     * personal) that refuses the account's still-unexpired tokens and any re-creation of its profile; it
     * expires by itself once no token of the account can be valid. False when already gone (a re-run).
     */
    async remove(userId: string, now = new Date()): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.deletedAccount(userId),
                    deleted_at: now.toISOString(),
                    expires_at: Math.floor(now.getTime() / 1000) + TOMBSTONE_SECONDS,
                  },
                },
              },
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.profile(userId),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.stats(),
                  UpdateExpression: 'ADD profiles :minus',
                  ExpressionAttributeValues: { ':minus': -1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;
