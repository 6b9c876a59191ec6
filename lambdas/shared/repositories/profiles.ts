import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MISSING_AGE_BAND, type AgeBand } from '../../../common/age-bands.js';
import type { Role } from '../../../common/roles.js';
import type { ProfileUpdate } from '../../../common/validation/accounts.js';
import { entityTypes, keys } from '../keys.js';

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
  /** Epoch seconds: tokens issued before this are refused (set on suspension and role changes). */
  tokens_valid_after?: number;
  library_count?: number;
};

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

export function profileRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Creates the profile and counts it, in one transaction. Idempotent: Cognito may deliver a trigger
     * twice, and a second delivery must neither overwrite the profile nor count it again.
     * Returns false when the profile already existed.
     */
    async create(profile: NewProfile, now = new Date()): Promise<boolean> {
      const item: ProfileItem & Record<string, unknown> = {
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
      };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
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

    /** The fields the API checks on every call, read strongly so a suspension takes effect at once. */
    async getAccountStatus(
      userId: string,
    ): Promise<Pick<ProfileItem, 'suspended_at' | 'tokens_valid_after'> | undefined> {
      const result = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          ProjectionExpression: 'suspended_at, tokens_valid_after',
          ConsistentRead: true,
        }),
      );
      return result.Item as Pick<ProfileItem, 'suspended_at' | 'tokens_valid_after'> | undefined;
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
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;
