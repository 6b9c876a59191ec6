import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { LIMITS } from '#common/limits.js';
import { MAX_CHILDREN } from '#common/family.js';
import {
  adminListPartition,
  STATUS_FIELDS,
  storyChildOf,
  storyIdLinkSchema,
  storyIdSchema,
  storyIdStatusSchema,
  storyIndexes,
  storyItemSchema,
  storyStatusSchema,
  storyToldByChildSchema,
  storyToldSchema,
  storyWaitingSchema,
  type StoryItem,
  type StoryStatusItem,
} from '../entities/story.js';
import {
  imageJobItemSchema,
  imageJobStatusSchema,
  storyImageItemSchema,
  type ImageJobItem,
  type StoryImageItem,
} from '../entities/story-image.js';
import { batchGetAll, parseItem, parseItems, projectionOf, queryAll, readItem } from '../entities/table.js';
import { entityTypes, keys, prefixes, type ChildKey } from '../keys.js';

/** What the writer reads of a story a child has heard (`latestToldBy`, `toldOf`). */
const toldProjection = projectionOf(['id', 'status', 'hero_name', 'title', 'content']);
export type ToldStory = z.infer<typeof storyToldSchema>;

/**
 * How the stories are read: one story, its partition (with its pictures and jobs), a family's stories on
 * the `creator` index, and the stale sweep's lists on the admin-list index.
 */
export function storyReads(db: DynamoDBDocumentClient, tableName: string) {
  /** The stories a family created, newest first (index `creator`). */
  const newestCreatedBy = (userId: string) => ({
    TableName: tableName,
    IndexName: storyIndexes.creator,
    KeyConditionExpression: 'creator_pk = :creator',
    ExpressionAttributeValues: { ':creator': keys.creator(userId) },
    ScanIndexForward: false,
  });

  async function get(storyId: string): Promise<StoryItem | undefined> {
    return parseItem(storyItemSchema, await readItem(db, tableName, keys.story(storyId)));
  }

  /**
   * The story's partition in one strongly consistent Query (the story, its pictures and its jobs), read
   * through `schema`; undefined when the story is gone. `fields` projects every item of it.
   */
  async function partitionOf<S extends z.ZodType>(storyId: string, schema: S, fields?: readonly string[]) {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId) },
        ...(fields ? projectionOf(fields) : {}),
        ConsistentRead: true,
      }),
    );
    const items = result.Items ?? [];
    const story: z.infer<S> | undefined = parseItem(
      schema,
      items.find((item) => item.SK === keys.story(storyId).SK),
    );
    const withPrefix = (prefix: string) => items.filter((item) => String(item.SK).startsWith(prefix));
    return story === undefined
      ? undefined
      : { story, images: withPrefix(prefixes.image), jobs: withPrefix(prefixes.imageJob) };
  }

  /**
   * One page of the admin-list index's `partition` listed before `cutoff` (oldest first) that `filter` keeps:
   * the stale sweep's reads (a stale story, a lost cover), one page a run.
   */
  async function listedBefore<S extends z.ZodType>(
    partition: string | undefined,
    cutoff: Date,
    filter: string,
    values: Record<string, unknown>,
    schema: S,
    limit: number,
  ): Promise<z.infer<S>[]> {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: storyIndexes.adminList,
        KeyConditionExpression: 'entity_pk = :partition AND created_at < :cutoff',
        FilterExpression: filter,
        ExpressionAttributeValues: { ':partition': partition, ':cutoff': cutoff.toISOString(), ...values },
        Limit: limit,
      }),
    );
    return parseItems(schema, result.Items);
  }

  return {
    get,

    /**
     * How far a story is made, without its text: the story's status fields, how many pictures it has, and
     * its picture jobs' states. One Query of the story's partition, projected, so a poll costs little.
     */
    async getStatus(
      storyId: string,
    ): Promise<
      | { story: StoryStatusItem; pictures: number; jobs: Pick<ImageJobItem, 'job_id' | 'status' | 'queue'>[] }
      | undefined
    > {
      const found = await partitionOf(storyId, storyStatusSchema, ['SK', 'job_id', ...STATUS_FIELDS]);
      if (!found) return undefined;
      return { story: found.story, pictures: found.images.length, jobs: parseItems(imageJobStatusSchema, found.jobs) };
    },

    /** The story with its images, oldest image first: one Query on the story's partition. */
    async getWithImages(
      storyId: string,
    ): Promise<{ story: StoryItem; images: StoryImageItem[]; jobs: ImageJobItem[] } | undefined> {
      const found = await partitionOf(storyId, storyItemSchema);
      if (!found) return undefined;
      return {
        story: found.story,
        images: parseItems(storyImageItemSchema, found.images),
        jobs: parseItems(imageJobItemSchema, found.jobs),
      };
    },

    async getImageJob(storyId: string, jobId: string): Promise<ImageJobItem | undefined> {
      return parseItem(imageJobItemSchema, await readItem(db, tableName, keys.imageJob(storyId, jobId)));
    },

    /**
     * The ids of every story a family created, newest first (index `creator`, a page at a time): what a
     * parent's data export lists and what deleting their account deletes.
     */
    async idsCreatedBy(userId: string): Promise<string[]> {
      const found = await queryAll(db, { ...newestCreatedBy(userId), ProjectionExpression: 'id' }, storyIdSchema);
      return found.map((item) => item.id);
    },

    /** How many stories a family created, and how many of them it shares by an open link (the admin's dialog). */
    async sharingOf(userId: string): Promise<{ created: number; linkOpen: number }> {
      const found = await queryAll(
        db,
        { ...newestCreatedBy(userId), ProjectionExpression: 'id, link_open' },
        storyIdLinkSchema,
      );
      return { created: found.length, linkOpen: found.filter((story) => story.link_open === true).length };
    },

    /**
     * The stories made for one child of a family, with their status (index `creator`, filtered by child):
     * what removing the child deletes. A story from before child profiles is the founding child's.
     */
    async madeFor(child: ChildKey): Promise<{ id: string; status: StoryItem['status'] }[]> {
      const founding = child.childId === child.userId;
      return queryAll(
        db,
        {
          ...newestCreatedBy(child.userId),
          ProjectionExpression: 'id, #s',
          FilterExpression: founding ? 'attribute_not_exists(child_id) OR child_id = :child' : 'child_id = :child',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':creator': keys.creator(child.userId), ':child': child.childId },
        },
        storyIdStatusSchema,
      );
    },

    /** The family's stories waiting for a grown-up's yes (index `creator`, newest first). */
    async waitingFor(familyId: string): Promise<z.infer<typeof storyWaitingSchema>[]> {
      return queryAll(
        db,
        {
          ...newestCreatedBy(familyId),
          ProjectionExpression: 'id, #s, hero_name, title, created_by, child_id, created_at',
          FilterExpression: 'approval = :waiting',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':creator': keys.creator(familyId), ':waiting': 'waiting' },
        },
        storyWaitingSchema,
      );
    },

    /**
     * The child's latest finished stories but `exceptId` (index `creator`, newest first), at most a full
     * library's worth: what the child has already heard, for the writer not to say again. One Query of the
     * family's stories (a brother's stories are not this child's): a bounded read, never paged on.
     */
    async latestToldBy(child: ChildKey, exceptId: string): Promise<ToldStory[]> {
      const page = await db.send(
        new QueryCommand({
          ...newestCreatedBy(child.userId),
          ...toldProjection,
          ProjectionExpression: `${toldProjection.ProjectionExpression}, #created_by, #child_id`,
          ExpressionAttributeNames: {
            ...toldProjection.ExpressionAttributeNames,
            '#created_by': 'created_by',
            '#child_id': 'child_id',
          },
          // The story being written, a few failed ones and the other children's may come first.
          Limit: LIMITS.libraryCapacity * 2 * MAX_CHILDREN,
        }),
      );
      return parseItems(storyToldByChildSchema, page.Items)
        .filter((story) => story.id !== exceptId && story.status === 'ready')
        .filter((story) => storyChildOf(story)?.childId === child.childId)
        .slice(0, LIMITS.libraryCapacity - 1)
        .map(({ id, status, hero_name, title, content }) => ({ id, status, hero_name, title, content }));
    },

    /** The finished stories among these (a family's saved ones), as the writer reads them: one BatchGet. */
    async toldOf(storyIds: readonly string[]): Promise<ToldStory[]> {
      const items = await batchGetAll(
        db,
        tableName,
        storyIds.map((id) => keys.story(id)),
        { what: 'Told stories', ...toldProjection },
      );
      return parseItems(storyToldSchema, items).filter((story) => story.status === 'ready');
    },

    /**
     * Stories still `generating` that were started before `startedBefore` (oldest first, one page: the
     * sweep asks again until none is left): their workflow died with a restarted machine or a lost
     * execution, so nothing else will ever finish them.
     */
    async listStale(startedBefore: Date, limit = 100): Promise<StoryItem[]> {
      // A story waiting in line or being written shows it is alive: each ask for capacity and each
      // progress write moves `updated_at`.
      return listedBefore(
        adminListPartition('generating'),
        startedBefore,
        'updated_at < :cutoff',
        {},
        storyItemSchema,
        limit,
      );
    },

    /**
     * New stories' covers still pending that were queued before `queuedBefore` (one page): the execution
     * painting them ended without marking them (an execution timeout, a restarted machine).
     */
    async listStaleCoverJobs(queuedBefore: Date, limit = 100): Promise<ImageJobItem[]> {
      // A cover waiting in line asks for capacity now and then (`seen_at`): it is alive.
      const alive = { ':cutoffMs': queuedBefore.getTime() };
      const filter = 'attribute_not_exists(seen_at) OR seen_at < :cutoffMs';
      return listedBefore(entityTypes.painting, queuedBefore, filter, alive, imageJobItemSchema, limit);
    },
  };
}
