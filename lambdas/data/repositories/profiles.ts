import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MISSING_AGE_BAND } from '#common/age-bands.js';
import type { Role } from '#common/roles.js';
import type { ProfileUpdate } from '#common/validation/accounts.js';
import { countChange } from '../entities/counters.js';
import {
  accountStatusOf,
  accountStatusSchema,
  type AccountStatus,
  inactivityRowSchema,
  PROFILE_LIST_INDEX,
  profileItem,
  profileItemSchema,
  profileListKeyOf,
  profileNamesSchema,
  profileRowSchema,
  searchTextOf,
  tombstoneItem,
  type InactivityRow,
  type NewProfile,
  type ProfileItem,
  type ProfileRow,
} from '../entities/profile.js';
import {
  batchGetAll,
  isCancelled,
  isConditionFailure as isUpdateRefused,
  parseItem,
  parseItems,
  queryPage,
  queryPages,
  readItem,
} from '../entities/table.js';
import { entityTypes, keys } from '../keys.js';
import { decodeCursor, encodeCursor, indexCursorSchema } from './cursor.js';

export type { AccountStatus } from '../entities/profile.js';

/** An account as a call finds it: its status, and its profile (read through the schema once the status passed). */
export type ProfileForCall = Readonly<{ status: AccountStatus; profile: () => ProfileItem }>;

/** A refused write: a conditional update, or a transaction one of whose conditions failed. */
const isConditionFailure = (error: unknown) => isCancelled(error) || isUpdateRefused(error);

/** The admin users list reads the `entity` index a page at a time; the cursor is its last key. */
const cursorSchema = indexCursorSchema('USER#', 'PROFILE', entityTypes.profile);

export type ProfileListQuery = Readonly<{
  search?: string | undefined;
  role?: Role | undefined;
  status?: 'active' | 'suspended' | undefined;
  cursor?: string | undefined;
  limit: number;
}>;

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
              countChange(tableName, ['profiles'], 1),
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
      return parseItem(profileItemSchema, result.Item);
    },

    /** The profile as it is now (strongly consistent): read again after a request changed it. */
    async getCurrent(userId: string): Promise<ProfileItem | undefined> {
      return parseItem(profileItemSchema, await readItem(db, tableName, keys.profile(userId)));
    },

    /**
     * The caller's account as the API reads it on every call (lambdas/api/auth/account-status.ts): one
     * strongly consistent GetItem, never cached, so a suspension or revocation applies to the very next
     * call. The whole item (a GetItem costs the item's size whatever it projects), so the request's use
     * case reads no second copy. Its status is read first, through the status fields alone, so a suspended
     * or revoked account is refused whatever else its item holds; `profile` reads the rest through the
     * profile's schema. Undefined when there is no profile.
     */
    async getForCall(userId: string): Promise<ProfileForCall | undefined> {
      const item = await readItem(db, tableName, keys.profile(userId));
      if (!item) return undefined;
      return { status: accountStatusOf(accountStatusSchema.parse(item)), profile: () => profileItemSchema.parse(item) };
    },

    /**
     * The account's status alone (a projection, strongly consistent): what the Cognito token trigger
     * checks before it issues a token. Undefined when there is no profile.
     */
    async getAccountStatus(userId: string): Promise<AccountStatus | undefined> {
      // PK too, so a profile without either field still comes back as an item.
      const fields = ['PK', 'suspended_at', 'sessions_revoked_at', 'first_child'];
      const item = await readItem(db, tableName, keys.profile(userId), fields);
      return item && accountStatusOf(accountStatusSchema.parse(item));
    },

    /** Whether the account was deleted (its tombstone is kept while any of its tokens could still be valid). */
    async isDeleted(userId: string): Promise<boolean> {
      return (await readItem(db, tableName, keys.deletedAccount(userId), ['PK'])) !== undefined;
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

    /**
     * The inactive-account sweep's candidates: every profile last signed in to before `cutoff`, every one
     * never signed in to, and every one already warned. Reads the whole `entity` index's PROFILE partition,
     * filtered by the table (one daily run).
     */
    async *inactivityCandidates(cutoff: string): AsyncGenerator<InactivityRow> {
      const candidates = queryPages(db, {
        TableName: tableName,
        IndexName: PROFILE_LIST_INDEX,
        KeyConditionExpression: 'entity_pk = :type',
        FilterExpression:
          // created_at is the index's sort key, which a filter may not name: the sweep checks it.
          'attribute_exists(inactivity_warned_at) OR last_login < :cutoff OR attribute_not_exists(last_login)',
        ProjectionExpression: 'id, email, #role, created_at, last_login, inactivity_warned_at',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':type': entityTypes.profile, ':cutoff': cutoff },
      });
      for await (const page of candidates) yield* parseItems(inactivityRowSchema, page.Items);
    },

    /** Records the warning, unless someone signed in since `lastSeen` was read (then nothing changes). */
    async markInactivityWarned(userId: string, lastLogin: string | undefined, at: Date): Promise<boolean> {
      return db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET inactivity_warned_at = :at',
            ConditionExpression: lastLogin
              ? 'attribute_exists(PK) AND last_login = :seen'
              : 'attribute_exists(PK) AND attribute_not_exists(last_login)',
            ExpressionAttributeValues: { ':at': at.toISOString(), ...(lastLogin ? { ':seen': lastLogin } : {}) },
          }),
        )
        .then(
          () => true,
          (error: unknown) => {
            if (isUpdateRefused(error)) return false;
            throw error;
          },
        );
    },

    async recordSignIn(userId: string, now = new Date()): Promise<void> {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            // A sign-in answers the inactive-account warning: the account is no longer due for deletion.
            UpdateExpression: 'SET last_login = :now REMOVE inactivity_warned_at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':now': now.toISOString() },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    /**
     * Applies an already-validated update to `current` (the profile as this request read it); returns the
     * profile as it now is, or undefined if none exists any more.
     */
    async update(current: ProfileItem, update: ProfileUpdate): Promise<ProfileItem | undefined> {
      const userId = current.id;
      const fields: Record<string, string> = {};
      if (update.displayName !== undefined) fields.display_name = update.displayName;
      if (update.authorName !== undefined) fields.author_name = update.authorName;
      if (update.ageBand !== undefined) fields.age_band = update.ageBand;
      if (update.displayName !== undefined || update.authorName !== undefined) {
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
        return profileItemSchema.parse(result.Attributes);
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
    async listPage(query: ProfileListQuery): Promise<{ items: ProfileRow[]; nextCursor: string | null }> {
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
      const { rows, more } = await queryPage(
        db,
        {
          TableName: tableName,
          IndexName: PROFILE_LIST_INDEX,
          KeyConditionExpression: 'entity_pk = :type',
          ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
          ProjectionExpression:
            'PK, SK, entity_pk, id, email, display_name, author_name, #role, suspended_at, created_at, last_login, child_count',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
        },
        profileRowSchema,
        { limit: query.limit, startKey: decodeCursor(query.cursor, cursorSchema), filtered: filters.length > 0 },
      );
      const last = rows.at(-1);
      return { items: rows, nextCursor: last && more ? encodeCursor(profileListKeyOf(last)) : null };
    },

    /**
     * Display and author names of many users in one BatchGet per 100 (authors on cards, admins in the
     * activity log). Users without a profile are simply absent from the map.
     */
    async namesOf(userIds: readonly string[]): Promise<Map<string, { displayName: string; authorName: string }>> {
      const names = new Map<string, { displayName: string; authorName: string }>();
      const items = await batchGetAll(
        db,
        tableName,
        userIds.map((id) => keys.profile(id)),
        { what: 'Profiles', ProjectionExpression: 'id, display_name, author_name' },
      );
      for (const item of parseItems(profileNamesSchema, items)) {
        names.set(item.id, { displayName: item.display_name, authorName: item.author_name });
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
        return profileItemSchema.parse(result.Attributes);
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
        return profileItemSchema.parse(result.Attributes);
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
              { Put: { TableName: tableName, Item: tombstoneItem(userId, now) } },
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.profile(userId),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              countChange(tableName, ['profiles'], -1),
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
