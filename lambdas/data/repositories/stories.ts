import { spentSlotSchema } from '../entities/rate-window.js';
import type { SpentSlot } from './rate-limits.js';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { storyPreview } from '#common/story-layout.js';
import type { ImageType } from '#common/story-choices.js';
import { countChange } from '../entities/counters.js';
import { releaseLibrarySlot, reserveLibrarySlot } from '../entities/library-entry.js';
import {
  adminListPartition,
  putNewStory,
  storyIdSchema,
  storyIdStatusSchema,
  storyWaitingSchema,
  storyToldByChildSchema,
  storyToldSchema,
  storyIndexes,
  storyItemSchema,
  STATUS_FIELDS,
  storyChildOf,
  storyStatusSchema,
  type StoryItem,
  type StoryStatusItem,
  type StoryProgress,
} from '../entities/story.js';
import {
  imageJobItemSchema,
  imageJobStatusSchema,
  imageJobKey,
  imageJobRecord,
  storyImageItemSchema,
  storyImageKey,
  storyImageRecord,
  type ImageJobItem,
  type StoryImageItem,
} from '../entities/story-image.js';
import {
  batchGetAll,
  isCancelled,
  isConditionFailure,
  parseItem,
  parseItems,
  projectionOf,
  queryAll,
  transact,
} from '../entities/table.js';
import { ImageLimitError, ImageTypeTakenError, LibraryFullError } from '../../use-cases/errors.js';
import { entityTypes, keys, prefixes, type ChildKey } from '../keys.js';
import { thumbnailUrlOf } from '../../adapters/media.js';
import { libraryCountOf } from './library.js';
import { LIMITS } from '#common/limits.js';
import { MAX_CHILDREN } from '#common/family.js';

/** What a family's request decides; the rest of a new story is filled in by `createWithLibrarySlot`. */
export type NewStory = Omit<
  StoryItem,
  | 'status'
  | 'progress'
  | 'title'
  | 'content'
  | 'excerpt'
  | 'content_type'
  | 'is_featured'
  | 'is_public'
  | 'source_version'
  | 'created_at'
  | 'updated_at'
>;

/** What the writer reads of a story a child has heard (`latestToldBy`, `toldOf`). */
const toldProjection = projectionOf(['id', 'status', 'hero_name', 'title', 'content']);
export type ToldStory = z.infer<typeof storyToldSchema>;

export function storyRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** The stories a family created, newest first (index `creator`). */
  const newestCreatedBy = (userId: string) => ({
    TableName: tableName,
    IndexName: storyIndexes.creator,
    KeyConditionExpression: 'creator_pk = :creator',
    ExpressionAttributeValues: { ':creator': keys.creator(userId) },
    ScanIndexForward: false,
  });

  async function read(storyId: string): Promise<StoryItem | undefined> {
    const result = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.story(storyId), ConsistentRead: true }),
    );
    return parseItem(storyItemSchema, result.Item);
  }

  /**
   * One conditional write: the job, the count below the cap and the type not yet held. False when the
   * type is held (another request claimed it first); ImageLimitError at the cap.
   * `legacyHeld` seeds the types of a story that has no `image_types` yet.
   */
  async function claimImageType(
    item: ImageJobItem,
    story: StoryItem,
    legacyHeld: readonly ImageType[] = [],
  ): Promise<boolean> {
    const keepsTypes = story.image_types !== undefined;
    const failed = await transact(db, {
      story: {
        Update: {
          TableName: tableName,
          Key: keys.story(item.story_id),
          UpdateExpression: 'SET image_count = if_not_exists(image_count, :zero) + :one ADD image_types :types',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(image_count) OR image_count < :max) AND ' +
            (keepsTypes ? 'NOT contains(image_types, :type)' : 'attribute_not_exists(image_types)'),
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':max': LIMITS.storyPageImagesMax,
            ':types': new Set([item.image_type, ...legacyHeld]),
            ...(keepsTypes ? { ':type': item.image_type } : {}),
          },
        },
      },
      job: { Put: { TableName: tableName, Item: imageJobRecord(item) } },
    });
    if (failed.size === 0) return true;
    const current = await read(item.story_id);
    if (!current || (current.image_count ?? 0) >= LIMITS.storyPageImagesMax) throw new ImageLimitError();
    return false;
  }

  return {
    /**
     * Creates the story as `generating` and reserves its library slot in its child's library in ONE
     * transaction: the child's library count rises only while it is below the cap, so parallel requests can
     * never leave 11. Returns false when a story with this id already exists (a repeated request: idempotent).
     */
    async createWithLibrarySlot(story: NewStory, now = new Date()): Promise<boolean> {
      const createdAt = now.toISOString();
      const child = storyChildOf(story);
      if (!child) throw new Error('A generated story needs its creator');
      const slot = reserveLibrarySlot(tableName, child, story.id, createdAt);
      const failed = await transact(db, {
        count: slot.count,
        story: putNewStory(tableName, {
          ...story,
          status: 'generating',
          progress: 'queued',
          title: '',
          content: '',
          preview: '',
          excerpt: '',
          content_type: 'text',
          is_featured: false,
          is_public: false,
          source_version: 'json_v1',
          created_at: createdAt,
          updated_at: createdAt,
        }),
        entry: slot.entry,
      });
      if (failed.has('story')) return false;
      if (failed.has('count')) throw new LibraryFullError(await libraryCountOf(db, tableName, child));
      if (failed.size > 0) throw new Error(`Story ${story.id} was not created: ${[...failed].join(', ')} refused`);
      return true;
    },

    /**
     * The ids of every story a family created, newest first (index `creator`, a page at a time): what a
     * parent's data export lists and what deleting their account deletes.
     */
    async idsCreatedBy(userId: string): Promise<string[]> {
      const found = await queryAll(db, { ...newestCreatedBy(userId), ProjectionExpression: 'id' }, storyIdSchema);
      return found.map((item) => item.id);
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

    /** A grown-up says yes to a ready story of their family: it is the child's to read. False if not such a story. */
    async approve(storyId: string, familyId: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.story(storyId),
            UpdateExpression: 'REMOVE approval SET updated_at = :now',
            ConditionExpression:
              'attribute_exists(PK) AND created_by = :family AND approval = :waiting AND #s = :ready',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':family': familyId,
              ':waiting': 'waiting',
              ':ready': 'ready',
              ':now': new Date().toISOString(),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * The child's latest finished stories but `exceptId` (index `creator`, newest first), at most a full
     * library's worth: what the child has already heard, for the writer not to say again. One Query of the
     * family's stories (a brother's stories are not this child's).
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

    get: read,

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
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId) },
          ...projectionOf(['SK', 'job_id', ...STATUS_FIELDS]),
          ConsistentRead: true,
        }),
      );
      const items = result.Items ?? [];
      const story = parseItem(
        storyStatusSchema,
        items.find((item) => item.SK === keys.story(storyId).SK),
      );
      if (!story) return undefined;
      const withPrefix = (prefix: string) => items.filter((item) => String(item.SK).startsWith(prefix));
      const jobs = parseItems(imageJobStatusSchema, withPrefix(prefixes.imageJob));
      return { story, pictures: withPrefix(prefixes.image).length, jobs };
    },

    /** The story with its images, oldest image first: one Query on the story's partition. */
    async getWithImages(
      storyId: string,
    ): Promise<{ story: StoryItem; images: StoryImageItem[]; jobs: ImageJobItem[] } | undefined> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId) },
          ConsistentRead: true,
        }),
      );
      const items = result.Items ?? [];
      const story = parseItem(
        storyItemSchema,
        items.find((item) => item.SK === keys.story(storyId).SK),
      );
      if (!story) return undefined;
      const withPrefix = (prefix: string) => items.filter((item) => String(item.SK).startsWith(prefix));
      const images = parseItems(storyImageItemSchema, withPrefix(prefixes.image));
      const jobs = parseItems(imageJobItemSchema, withPrefix(prefixes.imageJob));
      return { story, images, jobs };
    },

    /**
     * Reserves a picture slot of the job's type and records the job, in one transaction: the story's image
     * count rises only while it is below the cap and the type is not yet held, so parallel requests can
     * never leave a fourth picture or two of one type. A regeneration (`replaces`) takes no new slot.
     * Throws ImageLimitError at the cap, ImageTypeTakenError when the type is held. `held`: as below.
     */
    async createImageJob(
      job: Omit<ImageJobItem, 'status' | 'created_at'>,
      held: readonly ImageType[] = [],
      now = new Date(),
    ): Promise<ImageJobItem> {
      const item: ImageJobItem = { ...job, status: 'pending', created_at: now.toISOString() };
      if (job.replaces) {
        await db.send(new PutCommand({ TableName: tableName, Item: imageJobRecord(item) }));
        return item;
      }
      const story = await read(job.story_id);
      if (!story) throw new ImageLimitError();
      if (!(await claimImageType(item, story, story.image_types ? [] : held))) throw new ImageTypeTakenError();
      return item;
    },

    /**
     * A repaint of `image`: the job and the picture's claim on it in one transaction, so parallel repaints
     * of one picture make one job (issue 34: ten at once made up to ten, and a story of twelve pictures).
     * The claim is taken when the picture has none, or over a claim whose job is no longer pending
     * (`stale`). Undefined when another request claimed it first.
     */
    async createRepaintJob(
      job: Omit<ImageJobItem, 'status' | 'created_at' | 'replaces'>,
      image: StoryImageItem,
      stale: string | undefined,
      now = new Date(),
    ): Promise<ImageJobItem | undefined> {
      const item: ImageJobItem = { ...job, replaces: image.id, status: 'pending', created_at: now.toISOString() };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: storyImageKey(image),
                  UpdateExpression: 'SET repaint_job = :job',
                  ConditionExpression: stale
                    ? 'attribute_exists(PK) AND repaint_job = :stale'
                    : 'attribute_exists(PK) AND attribute_not_exists(repaint_job)',
                  ExpressionAttributeValues: { ':job': item.job_id, ...(stale ? { ':stale': stale } : {}) },
                },
              },
              { Put: { TableName: tableName, Item: imageJobRecord(item) } },
            ],
          }),
        );
        return item;
      } catch (error) {
        if (isCancelled(error)) return undefined;
        throw error;
      }
    },

    /**
     * A new picture of the next free type in `order` (SPEC §4: cover first, then the scenes). The type is
     * claimed inside the conditional write, and a request that lost a type to a parallel one takes the
     * next, so parallel requests get distinct types. `held` are the types the story's pictures and jobs
     * hold as read, used only for a story written before the types were kept.
     */
    async createNextImageJob(
      job: Omit<ImageJobItem, 'status' | 'created_at' | 'image_type' | 'replaces'>,
      order: readonly ImageType[],
      held: readonly ImageType[],
      now = new Date(),
    ): Promise<ImageJobItem> {
      for (let attempt = 0; attempt <= order.length; attempt++) {
        const story = await read(job.story_id);
        if (!story || (story.image_count ?? 0) >= LIMITS.storyPageImagesMax) throw new ImageLimitError();
        const taken = new Set<ImageType>(story.image_types ?? held);
        const type = order.find((candidate) => !taken.has(candidate));
        if (!type) throw new ImageLimitError();
        const item: ImageJobItem = { ...job, image_type: type, status: 'pending', created_at: now.toISOString() };
        if (await claimImageType(item, story, story.image_types ? [] : held)) return item;
      }
      throw new ImageLimitError();
    },

    async getImageJob(storyId: string, jobId: string): Promise<ImageJobItem | undefined> {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.imageJob(storyId, jobId), ConsistentRead: true }),
      );
      return parseItem(imageJobItemSchema, result.Item);
    },

    /** The painted picture replaces its job (and, for a regeneration, the old picture) in one transaction. */
    async completeImageJob(job: ImageJobItem, image: Omit<StoryImageItem, 'created_at'>, replaced?: StoryImageItem) {
      const createdAt = new Date().toISOString();
      // How long it waited in line (the job goes, its ticket with it): for operators and the peak bench.
      const waited = job.queue?.admitted_at
        ? { waited: { joined_at: job.queue.joined_at, admitted_at: job.queue.admitted_at } }
        : {};
      const item: StoryImageItem = { ...image, ...waited, created_at: createdAt };
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: storyImageRecord(item) } },
            {
              Delete: {
                TableName: tableName,
                Key: imageJobKey(job),
                // Still pending: a job failed meanwhile (its story failed while its cover painted) gave its
                // slot back, so its picture must not be added.
                ConditionExpression: '#s = :pending',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':pending': 'pending' },
              },
            },
            ...(replaced
              ? [
                  {
                    Delete: {
                      TableName: tableName,
                      Key: storyImageKey(replaced),
                      // The picture it replaces must still be there: a repaint never adds a picture.
                      ConditionExpression: 'attribute_exists(PK)',
                    },
                  },
                ]
              : []),
            ...(image.image_type === 'cover'
              ? [
                  {
                    Update: {
                      TableName: tableName,
                      Key: keys.story(job.story_id),
                      UpdateExpression: 'SET cover_image_url = :url, cover_thumbnail_url = :thumb, updated_at = :now',
                      ExpressionAttributeValues: {
                        ':url': image.image_url,
                        ':thumb': thumbnailUrlOf(image),
                        ':now': createdAt,
                      },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return item;
    },

    /** A job that failed keeps its message for the story page and gives its slot back (a new picture only). */
    async failImageJob(job: ImageJobItem, message: string): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: imageJobKey(job),
                  UpdateExpression: 'SET #s = :failed, #e = :message REMOVE entity_pk',
                  ConditionExpression: '#s = :pending',
                  ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
                  ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':message': message },
                },
              },
              ...(job.replaces
                ? []
                : [
                    {
                      Update: {
                        TableName: tableName,
                        Key: keys.story(job.story_id),
                        UpdateExpression: 'SET image_count = image_count - :one DELETE image_types :type',
                        ConditionExpression: 'image_count > :zero',
                        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':type': new Set([job.image_type]) },
                      },
                    },
                  ]),
            ],
          }),
        );
      } catch (error) {
        if (!isCancelled(error)) throw error; // already failed once: nothing to give back twice
      }
    },

    /** Removes a picture's row and gives its slot back; the caller deletes the object. */
    async deleteImage(image: StoryImageItem): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: storyImageKey(image),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: keys.story(image.story_id),
                UpdateExpression:
                  image.image_type === 'cover'
                    ? 'SET image_count = image_count - :one REMOVE cover_image_url, cover_thumbnail_url DELETE image_types :type'
                    : 'SET image_count = image_count - :one DELETE image_types :type',
                ConditionExpression: 'image_count > :zero',
                ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':type': new Set([image.image_type]) },
              },
            },
          ],
        }),
      );
    },

    /** Saves an already-sanitised edit of the creator's text. */
    async updateText(storyId: string, text: { title: string; heroName: string; content: string }): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.story(storyId),
          UpdateExpression: 'SET title = :t, hero_name = :h, content = :c, preview = :pv, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: {
            ':t': text.title,
            ':h': text.heroName,
            ':c': text.content,
            ':pv': storyPreview(text.content),
            ':now': new Date().toISOString(),
          },
        }),
      );
    },

    /**
     * Opens or closes the family's share link (issue 36): only a ready story its family made, that no grown-up
     * still has to say yes to. False when the story is not (or no longer) such a story.
     */
    async setLinkOpen(storyId: string, familyId: string, open: boolean): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.story(storyId),
            UpdateExpression: open
              ? 'SET link_open = :yes, updated_at = :now'
              : 'REMOVE link_open SET updated_at = :now',
            ConditionExpression:
              'attribute_exists(PK) AND created_by = :family AND #s = :ready AND attribute_not_exists(approval)',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':family': familyId,
              ':ready': 'ready',
              ':now': new Date().toISOString(),
              ...(open ? { ':yes': true } : {}),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Dismisses a failed job once the family has seen its message. */
    async deleteImageJob(storyId: string, jobId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.imageJob(storyId, jobId) }));
    },

    /** Sets what the progress screen shows; `writing` counts go with `writing` only (see the entity). */
    /**
     * Takes the rate-limit count a story or picture job spent off its item, once: the count to give back, or
     * undefined when there is none or another try took it already.
     */
    async takeRateSlot(key: Record<string, string>): Promise<SpentSlot | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'REMOVE rate_slot',
            ConditionExpression: 'attribute_exists(rate_slot)',
            ReturnValues: 'ALL_OLD',
          }),
        );
        return spentSlotSchema.parse(Attributes?.rate_slot);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** A picture job's workflow is alive (it asked for capacity now): the stale sweep leaves it alone. */
    async markJobSeen(job: Pick<ImageJobItem, 'story_id' | 'job_id'>): Promise<void> {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: imageJobKey(job),
            UpdateExpression: 'SET seen_at = :now',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':now': Date.now() },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async setProgress(storyId: string, progress: StoryProgress, writing?: StoryItem['writing']): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.story(storyId),
          UpdateExpression: writing
            ? 'SET progress = :p, writing = :w, updated_at = :now'
            : 'SET progress = :p, updated_at = :now REMOVE writing',
          // Only while generating: a late progress write never moves a ready or failed story back.
          ConditionExpression: 'attribute_exists(PK) AND #s = :generating',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':p': progress,
            ':now': new Date().toISOString(),
            ':generating': 'generating',
            ...(writing ? { ':w': writing } : {}),
          },
        }),
      );
    },

    /**
     * Queues a new story's cover while its text is still being written: pins the cover's scene on the story,
     * takes its picture slot and writes the pending job (listed under PAINTING for the stale sweep), in one
     * write. False when the story already has a cover queued (a retried or rewritten attempt) or is no
     * longer being made.
     */
    async queueEarlyCover(
      storyId: string,
      scene: string,
      coverJob: Omit<ImageJobItem, 'status' | 'created_at' | 'story_id' | 'image_type'>,
    ): Promise<boolean> {
      const now = new Date().toISOString();
      const cover: ImageJobItem = {
        ...coverJob,
        story_id: storyId,
        image_type: 'cover',
        status: 'pending',
        created_at: now,
      };
      const refused = await transact(db, {
        story: {
          Update: {
            TableName: tableName,
            Key: keys.story(storyId),
            UpdateExpression:
              'SET cover_scene = :scene, updated_at = :now, image_count = if_not_exists(image_count, :zero) + :one ' +
              'ADD image_types :cover',
            ConditionExpression: 'attribute_exists(PK) AND #s = :generating AND attribute_not_exists(cover_scene)',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':scene': scene,
              ':now': now,
              ':generating': 'generating',
              ':zero': 0,
              ':one': 1,
              ':cover': new Set(['cover']),
            },
          },
        },
        cover: {
          Put: {
            TableName: tableName,
            Item: { ...imageJobRecord(cover), entity_pk: entityTypes.painting },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      });
      return refused.size === 0;
    },

    async saveText(
      storyId: string,
      text: {
        title: string;
        content: string;
        excerpt: string;
        scenes: Partial<Record<ImageType, string>>;
        templateVersion: number;
      },
    ): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.story(storyId),
          UpdateExpression:
            'SET title = :t, content = :c, preview = :pv, excerpt = :e, scenes = :s, template_version = :v, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: {
            ':t': text.title,
            ':c': text.content,
            ':pv': storyPreview(text.content),
            ':e': text.excerpt,
            ':s': text.scenes,
            ':v': text.templateVersion,
            ':now': new Date().toISOString(),
          },
        }),
      );
    },

    /**
     * Adds scenes described after the story was saved (a streamed answer's later scenes). A scene already
     * there (an admin's edit) is kept; a story deleted meanwhile is left alone. Returns whether it was there.
     */
    async addScenes(storyId: string, scenes: Partial<Record<ImageType, string>>): Promise<boolean> {
      const entries = Object.entries(scenes);
      if (entries.length === 0) return true;
      const names = Object.fromEntries(entries.map(([type], i) => [`#s${i}`, type]));
      const values = Object.fromEntries(entries.map(([, scene], i) => [`:s${i}`, scene]));
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.story(storyId),
            UpdateExpression: `SET ${entries.map((_, i) => `scenes.#s${i} = if_not_exists(scenes.#s${i}, :s${i})`).join(', ')}`,
            // saveText always writes the scenes map (the cover's at least), so the paths below it exist.
            ConditionExpression: 'attribute_exists(PK) AND attribute_type(scenes, :map)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...values, ':map': 'M' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Records an image; a cover also becomes the story's cover_image_url. */
    async addImage(image: Omit<StoryImageItem, 'created_at'>, now = new Date()): Promise<StoryImageItem> {
      const item: StoryImageItem = { ...image, created_at: now.toISOString() };
      const put = { TableName: tableName, Item: storyImageRecord(item) };
      if (image.image_type !== 'cover') {
        await db.send(new PutCommand(put));
        return item;
      }
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: put },
            {
              Update: {
                TableName: tableName,
                Key: keys.story(image.story_id),
                // The cover counts toward the story page's 3 pictures.
                UpdateExpression:
                  'SET cover_image_url = :url, cover_thumbnail_url = :thumb, updated_at = :now, image_count = if_not_exists(image_count, :zero) + :one ADD image_types :cover',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: {
                  ':url': image.image_url,
                  ':thumb': thumbnailUrlOf(image),
                  ':now': item.created_at,
                  ':zero': 0,
                  ':one': 1,
                  ':cover': new Set(['cover']),
                },
              },
            },
          ],
        }),
      );
      return item;
    },

    /**
     * Marks the story ready and counts it for the dashboard, and queues its cover as a picture job in the
     * same write (the job holds the cover's slot), so the story page of a ready story always sees its cover
     * painted, being painted, or failed. Idempotent: refused when the story is not generating any more (a
     * retried task), so nothing is counted or queued twice. Says whether this call made it ready.
     */
    async markReady(
      storyId: string,
      coverJob: Omit<ImageJobItem, 'status' | 'created_at' | 'story_id' | 'image_type'> | undefined,
    ): Promise<boolean> {
      const now = new Date().toISOString();
      const cover: ImageJobItem | undefined = coverJob && {
        ...coverJob,
        story_id: storyId,
        image_type: 'cover',
        status: 'pending',
        created_at: now,
      };
      // Without a cover job (queued early, see queueEarlyCover) its slot was taken then: only the story moves.
      const slot = cover
        ? {
            update: ', image_count = if_not_exists(image_count, :zero) + :one ADD image_types :cover',
            values: {
              ':zero': 0,
              ':one': 1,
              ':cover': new Set(['cover']),
            },
          }
        : { update: '', values: {} };
      const refused = await transact(db, {
        story: {
          Update: {
            TableName: tableName,
            Key: keys.story(storyId),
            // Listed by the admin list from now on (and no longer among those being made).
            UpdateExpression: `SET #s = :ready, progress = :done, updated_at = :now, entity_pk = :entity${slot.update} REMOVE writing`,
            ConditionExpression: 'attribute_exists(PK) AND #s = :generating',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':ready': 'ready',
              ':done': 'done',
              ':generating': 'generating',
              ':now': now,
              ':entity': adminListPartition('ready'),
              ...slot.values,
            },
          },
        },
        // Listed under PAINTING until painted or failed, so the stale sweep finds a cover whose execution was lost.
        cover: cover && {
          Put: { TableName: tableName, Item: { ...imageJobRecord(cover), entity_pk: entityTypes.painting } },
        },
        count: countChange(tableName, ['stories'], 1),
      });
      return refused.size === 0;
    },

    /**
     * Stories still `generating` that were started before `startedBefore` (oldest first, one page): their
     * workflow died with a restarted machine or a lost execution, so nothing else will ever finish them.
     */
    async listStale(startedBefore: Date, limit = 100): Promise<StoryItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: storyIndexes.adminList,
          KeyConditionExpression: 'entity_pk = :generating AND created_at < :cutoff',
          // A story waiting in line or being written shows it is alive: each ask for capacity and each
          // progress write moves `updated_at`.
          FilterExpression: 'updated_at < :cutoff',
          ExpressionAttributeValues: {
            ':generating': adminListPartition('generating'),
            ':cutoff': startedBefore.toISOString(),
          },
          Limit: limit,
        }),
      );
      return parseItems(storyItemSchema, result.Items);
    },

    /**
     * New stories' covers still pending that were queued before `queuedBefore` (one page): the execution
     * painting them ended without marking them (an execution timeout, a restarted machine).
     */
    async listStaleCoverJobs(queuedBefore: Date, limit = 100): Promise<ImageJobItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: storyIndexes.adminList,
          KeyConditionExpression: 'entity_pk = :painting AND created_at < :cutoff',
          // A cover waiting in line asks for capacity now and then (`seen_at`): it is alive.
          FilterExpression: 'attribute_not_exists(seen_at) OR seen_at < :cutoffMs',
          ExpressionAttributeValues: {
            ':painting': entityTypes.painting,
            ':cutoff': queuedBefore.toISOString(),
            ':cutoffMs': queuedBefore.getTime(),
          },
          Limit: limit,
        }),
      );
      return parseItems(imageJobItemSchema, result.Items);
    },

    /**
     * Marks the story failed (listed nowhere any more, see `adminListPartition`) and frees its library slot
     * in its child's library, only if the entry is still there (so a retried task never frees a slot twice).
     */
    async markFailed(storyId: string, reason: string): Promise<void> {
      const now = new Date().toISOString();
      let child: ChildKey | undefined;
      try {
        const result = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.story(storyId),
            UpdateExpression: 'SET #s = :failed, failure_reason = :reason, updated_at = :now REMOVE entity_pk',
            ConditionExpression: 'attribute_exists(PK) AND #s = :generating',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':failed': 'failed',
              ':generating': 'generating',
              ':reason': reason,
              ':now': now,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        child = storyChildOf(storyItemSchema.parse(result.Attributes));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Not generating any more: only a story that did fail (a retried MarkFailed) gives its slot back;
        // one that became ready meanwhile (the stale sweep racing a slow finish) keeps it.
        const current = await read(storyId);
        if (current?.status !== 'failed') return;
        child = storyChildOf(current);
      }
      if (!child) return;
      // Refused when the entry is gone already or the count is at zero: nothing left to free either way.
      await transact(db, releaseLibrarySlot(tableName, child, storyId)).catch((error: unknown) => {
        if (!isCancelled(error)) throw error;
      });
    },
  };
}

export type StoryRepository = ReturnType<typeof storyRepository>;
