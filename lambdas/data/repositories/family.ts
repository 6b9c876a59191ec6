import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CHILD_AVATAR, MAX_CHILDREN } from '#common/family.js';
import type { ChildUpdate } from '#common/validation/family.js';
import {
  childItemSchema,
  childOf,
  foundingChildOf,
  newChildItem,
  type Child,
  type ChildItem,
} from '../entities/child.js';
import type { ProfileItem } from '../entities/profile.js';
import { isConditionFailure, parseItem, queryAll, readItem, transact } from '../entities/table.js';
import { ChildNotFoundError, LastChildError, TooManyChildrenError } from '../../use-cases/errors.js';
import { isFoundingChild, keys, prefixes, type ChildKey } from '../keys.js';

/** Whether the family's founding child is still in it: once removed, the profile names another first child. */
const hasFoundingChild = (profile: Pick<ProfileItem, 'id' | 'first_child'>) =>
  profile.first_child === undefined || profile.first_child === profile.id;

/** The child a call naming none acts for: the family's oldest child. */
export const firstChildOf = (profile: Pick<ProfileItem, 'id' | 'first_child'>): ChildKey => ({
  userId: profile.id,
  childId: profile.first_child ?? profile.id,
});

/**
 * A family's child profiles (issue 36): listed with one Query of the family's partition, each child's item
 * beside the parent's profile (entities/child.ts). The count of children (at most six, at least one) and
 * the first child are kept on the profile, changed only in the same transaction as the child items.
 */
export function familyRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function childItems(userId: string): Promise<ChildItem[]> {
    return queryAll(
      db,
      {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :child)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':child': prefixes.child },
        ConsistentRead: true,
      },
      childItemSchema,
    );
  }

  async function childItem(userId: string, childId: string): Promise<ChildItem | undefined> {
    return parseItem(childItemSchema, await readItem(db, tableName, keys.child(userId, childId)));
  }

  return {
    /** The family's children, oldest first: the first is the one a call naming no child acts for. */
    async children(profile: ProfileItem): Promise<Child[]> {
      const items = await childItems(profile.id);
      const founding = hasFoundingChild(profile)
        ? [
            foundingChildOf(
              profile,
              items.find((item) => item.id === profile.id),
            ),
          ]
        : [];
      const others = items.filter((item) => item.id !== profile.id).map((item) => childOf(profile.id, item));
      return [...founding, ...others.sort((a, b) => a.createdAt.localeCompare(b.createdAt))];
    },

    /** One child of the family, read in full; undefined when it is not (or no longer) in the family. */
    async child(profile: ProfileItem, childId: string): Promise<Child | undefined> {
      if (childId === profile.id) {
        return hasFoundingChild(profile) ? foundingChildOf(profile, await childItem(profile.id, childId)) : undefined;
      }
      const item = await childItem(profile.id, childId);
      return item ? childOf(profile.id, item) : undefined;
    },

    /**
     * Which child a call acts for: the one it names, if in the family, else (naming none) the first. The
     * first child and the founding child are known from the profile alone; any other costs one GetItem.
     */
    async resolve(profile: Pick<ProfileItem, 'id' | 'first_child'>, named: string | undefined): Promise<ChildKey> {
      const first = firstChildOf(profile);
      if (named === undefined || named === first.childId) return first;
      if (named === profile.id) throw new ChildNotFoundError(); // the founding child, removed
      if (!(await childItem(profile.id, named))) throw new ChildNotFoundError();
      return { userId: profile.id, childId: named };
    },

    /** Adds a child; refused beyond six (the count rises only below the cap, in the same transaction). */
    async add(
      userId: string,
      childId: string,
      fields: Pick<Child, 'name' | 'emoji' | 'colour' | 'ageBand' | 'approvalRequired'>,
      now = new Date(),
    ): Promise<void> {
      const failed = await transact(db, {
        child: {
          Put: {
            TableName: tableName,
            Item: newChildItem({ userId, childId }, fields, now),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        count: {
          Update: {
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET child_count = if_not_exists(child_count, :one) + :one',
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(child_count) OR child_count < :max)',
            ExpressionAttributeValues: { ':one': 1, ':max': MAX_CHILDREN },
          },
        },
      });
      if (failed.has('count')) throw new TooManyChildrenError();
      if (failed.size > 0) throw new Error(`Child ${childId} was not added: ${[...failed].join(', ')} refused`);
    },

    /**
     * Changes a child's settings. The founding child's age band is the profile's; its other settings are on
     * its own item, made by this first change (from the profile's display name and the default picture).
     */
    async update(profile: ProfileItem, child: ChildKey, update: ChildUpdate): Promise<void> {
      const founding = isFoundingChild(child);
      const fields: Record<string, unknown> = {};
      if (update.name !== undefined) fields.name = update.name;
      if (update.emoji !== undefined) fields.emoji = update.emoji;
      if (update.colour !== undefined) fields.colour = update.colour;
      if (update.approvalRequired !== undefined) fields.approval_required = update.approvalRequired;
      if (update.ageBand !== undefined && !founding) fields.age_band = update.ageBand;
      if (founding && update.ageBand !== undefined) {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(profile.id),
            UpdateExpression: 'SET age_band = :band',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':band': update.ageBand },
          }),
        );
      }
      const names = Object.keys(fields);
      if (names.length === 0) return;
      // The founding child's item may not exist yet: what it has not been given reads as before.
      const defaults = founding
        ? {
            id: profile.id,
            name: profile.display_name,
            emoji: DEFAULT_CHILD_AVATAR.emoji,
            colour: DEFAULT_CHILD_AVATAR.colour,
            created_at: profile.created_at,
          }
        : {};
      const unset = Object.entries(defaults).filter(([name]) => !(name in fields));
      const set = [
        ...names.map((name, i) => `#f${i} = :v${i}`),
        ...unset.map((_, i) => `#d${i} = if_not_exists(#d${i}, :d${i})`),
      ];
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.child(child.userId, child.childId),
            UpdateExpression: `SET ${set.join(', ')}`,
            ConditionExpression: founding ? undefined : 'attribute_exists(PK)',
            ExpressionAttributeNames: {
              ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
              ...Object.fromEntries(unset.map(([name], i) => [`#d${i}`, name])),
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
              ...Object.fromEntries(unset.map(([, value], i) => [`:d${i}`, value])),
            },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) throw new ChildNotFoundError();
        throw error;
      }
    },

    /**
     * Takes the child out of the family once their stories and library are gone (accounts/family.ts): its
     * item, and one from the count (never the last child); a removed first child hands "first" to the next
     * oldest. The founding child's library count, on the profile, starts again at zero.
     */
    async remove(profile: ProfileItem, child: ChildKey, nextFirst: ChildKey | undefined): Promise<void> {
      const founding = isFoundingChild(child);
      const first = firstChildOf(profile);
      const handsOver = first.childId === child.childId;
      if (handsOver && !nextFirst) throw new LastChildError();
      const sets = ['child_count = child_count - :one'];
      const values: Record<string, unknown> = { ':one': 1 };
      if (handsOver && nextFirst) {
        sets.push('first_child = :next');
        values[':next'] = nextFirst.childId;
      }
      if (founding) {
        sets.push('library_count = :zero');
        values[':zero'] = 0;
      }
      const failed = await transact(db, {
        child: {
          Delete: {
            TableName: tableName,
            Key: keys.child(child.userId, child.childId),
            ...(founding ? {} : { ConditionExpression: 'attribute_exists(PK)' }),
          },
        },
        count: {
          Update: {
            TableName: tableName,
            Key: keys.profile(profile.id),
            // An account from before child profiles has no count: it has one child, which stays.
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'child_count > :one',
            ExpressionAttributeValues: values,
          },
        },
      });
      if (failed.has('count')) throw new LastChildError();
      if (failed.has('child')) throw new ChildNotFoundError();
    },
  };
}

export type FamilyRepository = ReturnType<typeof familyRepository>;
