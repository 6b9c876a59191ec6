import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AgeBand } from '../../../common/age-bands.js';
import { LIMITS } from '../../../common/limits.js';
import { storyPreview } from '../../../common/story-layout.js';
import type { ArtStyle, GenerationMode, ImageType } from '../../../common/story-choices.js';
import { MAX_STORY_PAGE_IMAGES } from '../../../common/validation/story-images.js';
import { entityTypes, keys, prefixes } from '../keys.js';
import { thumbnailUrlOf } from '../media.js';
import type { IndexName } from '../table-schema.js';
import {
  cancellationCodes,
  isCancelled,
  isConditionFailure,
  releaseLibrarySlot,
  withConflictRetry,
} from './transactions.js';

const CREATOR_INDEX: IndexName = 'creator';

export type StoryStatus = 'generating' | 'ready' | 'failed';
/** What the story page shows while a story is being made. */
export type StoryProgress = 'queued' | 'writing' | 'checking' | 'done';

/** A story as the table stores it (snake_case, SPEC §3). */
export type StoryItem = {
  id: string;
  status: StoryStatus;
  progress: StoryProgress;
  failure_reason?: string;
  title: string;
  content: string;
  /**
   * The opening cards show (`storyPreview` of the content), written with the content so card lists can
   * leave the text unread. Absent on stories written before it was kept (see story-cards.ts).
   */
  preview?: string;
  excerpt: string;
  hero_name: string;
  character_type: string;
  story_type: string;
  mission: string;
  theme_id: string;
  narrative_structure: string;
  writing_style: string;
  art_style: ArtStyle;
  generation_mode: GenerationMode;
  age_band: AgeBand;
  age_range: string;
  story_universe?: string;
  custom_descriptions?: { character?: string; storyType?: string; mission?: string };
  scenes?: Partial<Record<ImageType, string>>;
  cover_image_url?: string;
  /** The cover's small variant for cards (see lambdas/shared/media.ts). */
  cover_thumbnail_url?: string;
  content_type: 'text';
  created_by: string | null;
  is_featured: boolean;
  is_public: boolean;
  source_version: 'json_v1';
  template_version?: number;
  /** Pictures on the story page plus the ones being painted (SPEC §5: at most 3). */
  image_count?: number;
  /**
   * The picture types those hold (each type at most once: the export lays pictures out by type). Claimed
   * in the same conditional write as the count; absent on stories written before it was kept.
   */
  image_types?: Set<ImageType>;
  seed: number;
  created_at: string;
  updated_at: string;
};

export type StoryImageItem = {
  id: string;
  story_id: string;
  image_type: ImageType;
  image_url: string;
  object_key: string;
  /** A raster picture's small variant; a vector picture is its own thumbnail, so these are absent. */
  thumbnail_url?: string;
  thumbnail_key?: string;
  created_at: string;
};

/** An illustration being painted (story page "add" or "regenerate"); removed when its image lands. */
export type ImageJobItem = {
  job_id: string;
  story_id: string;
  image_type: ImageType;
  status: 'pending' | 'failed';
  mode: GenerationMode;
  customizations?: string;
  /** The image a regeneration replaces once the new one is painted. */
  replaces?: string;
  error?: string;
  created_at: string;
};

/** The picture type asked for is held by another picture or job of the story. */
export class ImageTypeTakenError extends Error {
  constructor() {
    super('This picture is already there or being painted.');
    this.name = 'ImageTypeTakenError';
  }
}

export class ImageLimitError extends Error {
  constructor() {
    super('Maximum 3 images per story');
    this.name = 'ImageLimitError';
  }
}

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

const ENTITY_INDEX: IndexName = 'entity';

export class LibraryFullError extends Error {
  constructor(readonly currentCount: number) {
    super('LIBRARY_FULL');
    this.name = 'LibraryFullError';
  }
}

export function storyRepository(db: DynamoDBDocumentClient, tableName: string) {
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
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
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
                  ':max': MAX_STORY_PAGE_IMAGES,
                  ':types': new Set([item.image_type, ...legacyHeld]),
                  ...(keepsTypes ? { ':type': item.image_type } : {}),
                },
              },
            },
            { Put: { TableName: tableName, Item: { ...keys.imageJob(item.story_id, item.job_id), ...item } } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (!(isCancelled(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed')) throw error;
      const now = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.story(item.story_id), ConsistentRead: true }),
      );
      const current = now.Item as StoryItem | undefined;
      if (!current || (current.image_count ?? 0) >= MAX_STORY_PAGE_IMAGES) throw new ImageLimitError();
      return false;
    }
  }

  return {
    /**
     * Creates the story as `generating` and reserves its library slot in ONE transaction: the profile's
     * library count rises only while it is below the cap, so parallel requests can never leave 11.
     * Returns false when a story with this id already exists (a repeated request: idempotent).
     */
    async createWithLibrarySlot(story: NewStory, now = new Date()): Promise<boolean> {
      const createdAt = now.toISOString();
      const userId = story.created_by;
      if (!userId) throw new Error('A generated story needs its creator');
      const item: StoryItem & Record<string, unknown> = {
        ...keys.story(story.id),
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
        creator_pk: keys.creator(userId),
        // Listed under GENERATING while it is being made, so the stale sweep finds it without a scan.
        entity_pk: entityTypes.generating,
      };
      try {
        await withConflictRetry(() =>
          db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: tableName,
                    Key: keys.profile(userId),
                    UpdateExpression: 'SET library_count = if_not_exists(library_count, :zero) + :one',
                    ConditionExpression:
                      'attribute_exists(PK) AND (attribute_not_exists(library_count) OR library_count < :cap)',
                    ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': LIMITS.libraryCapacity },
                  },
                },
                { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...keys.libraryEntry(userId, story.id),
                      story_id: story.id,
                      user_id: userId,
                      saved_at: createdAt,
                      saved_story_pk: story.id,
                    },
                  },
                },
              ],
            }),
          ),
        );
        return true;
      } catch (error) {
        if (!isCancelled(error)) throw error;
        const [profile, storyPut] = cancellationCodes(error);
        if (storyPut === 'ConditionalCheckFailed') return false;
        if (profile === 'ConditionalCheckFailed') {
          const current = await db.send(
            new GetCommand({
              TableName: tableName,
              Key: keys.profile(userId),
              ProjectionExpression: 'library_count',
              ConsistentRead: true,
            }),
          );
          throw new LibraryFullError(Number(current.Item?.library_count ?? LIMITS.libraryCapacity));
        }
        throw error;
      }
    },

    /**
     * The ids of every story a family created, newest first (index `creator`, a page at a time): what a
     * parent's data export lists and what deleting their account deletes.
     */
    async idsCreatedBy(userId: string): Promise<string[]> {
      const ids: string[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: CREATOR_INDEX,
            KeyConditionExpression: 'creator_pk = :creator',
            ExpressionAttributeValues: { ':creator': keys.creator(userId) },
            ProjectionExpression: 'id',
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
          }),
        );
        ids.push(...(page.Items ?? []).map((item) => String(item.id)));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return ids;
    },

    async get(storyId: string): Promise<StoryItem | undefined> {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.story(storyId), ConsistentRead: true }),
      );
      return result.Item as StoryItem | undefined;
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
      const story = items.find((item) => item.SK === 'META') as StoryItem | undefined;
      if (!story) return undefined;
      const images = items.filter((item) => String(item.SK).startsWith(prefixes.image)) as StoryImageItem[];
      const jobs = items.filter((item) => String(item.SK).startsWith(prefixes.imageJob)) as ImageJobItem[];
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
        await db.send(
          new PutCommand({ TableName: tableName, Item: { ...keys.imageJob(job.story_id, job.job_id), ...item } }),
        );
        return item;
      }
      const story = await this.get(job.story_id);
      if (!story) throw new ImageLimitError();
      if (!(await claimImageType(item, story, story.image_types ? [] : held))) throw new ImageTypeTakenError();
      return item;
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
        const story = await this.get(job.story_id);
        if (!story || (story.image_count ?? 0) >= MAX_STORY_PAGE_IMAGES) throw new ImageLimitError();
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
      return result.Item as ImageJobItem | undefined;
    },

    /** The painted picture replaces its job (and, for a regeneration, the old picture) in one transaction. */
    async completeImageJob(job: ImageJobItem, image: Omit<StoryImageItem, 'created_at'>, replaced?: StoryImageItem) {
      const createdAt = new Date().toISOString();
      const item: StoryImageItem = { ...image, created_at: createdAt };
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...keys.storyImage(job.story_id, createdAt, image.id), ...item } } },
            {
              Delete: {
                TableName: tableName,
                Key: keys.imageJob(job.story_id, job.job_id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            ...(replaced
              ? [
                  {
                    Delete: {
                      TableName: tableName,
                      Key: keys.storyImage(job.story_id, replaced.created_at, replaced.id),
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
                  Key: keys.imageJob(job.story_id, job.job_id),
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
                Key: keys.storyImage(image.story_id, image.created_at, image.id),
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

    /** Dismisses a failed job once the family has seen its message. */
    async deleteImageJob(storyId: string, jobId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.imageJob(storyId, jobId) }));
    },

    async setProgress(storyId: string, progress: StoryProgress): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.story(storyId),
          UpdateExpression: 'SET progress = :p, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':p': progress, ':now': new Date().toISOString() },
        }),
      );
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

    /** Records an image; a cover also becomes the story's cover_image_url. */
    async addImage(image: Omit<StoryImageItem, 'created_at'>, now = new Date()): Promise<StoryImageItem> {
      const item: StoryImageItem = { ...image, created_at: now.toISOString() };
      const put = {
        TableName: tableName,
        Item: { ...keys.storyImage(image.story_id, item.created_at, image.id), ...item },
      };
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
     * painted, being painted, or failed. Idempotent (a retried task changes nothing).
     */
    async markReady(
      storyId: string,
      coverJob: Omit<ImageJobItem, 'status' | 'created_at' | 'story_id' | 'image_type'>,
    ): Promise<void> {
      const now = new Date().toISOString();
      const cover: ImageJobItem = {
        ...coverJob,
        story_id: storyId,
        image_type: 'cover',
        status: 'pending',
        created_at: now,
      };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.story(storyId),
                  UpdateExpression:
                    'SET #s = :ready, progress = :done, updated_at = :now, entity_pk = :entity, ' +
                    'image_count = if_not_exists(image_count, :zero) + :one ADD image_types :cover',
                  ConditionExpression: 'attribute_exists(PK) AND #s = :generating',
                  ExpressionAttributeNames: { '#s': 'status' },
                  ExpressionAttributeValues: {
                    ':ready': 'ready',
                    ':done': 'done',
                    ':generating': 'generating',
                    ':now': now,
                    ':entity': entityTypes.story,
                    ':zero': 0,
                    ':one': 1,
                    ':cover': new Set(['cover']),
                  },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.imageJob(storyId, cover.job_id), ...cover, entity_pk: entityTypes.painting },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.stats(),
                  UpdateExpression: 'ADD stories :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (!(isCancelled(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed')) throw error;
      }
    },

    /**
     * Marks the story failed and frees its library slot: the entry goes and the count drops, in one
     * transaction, only if the entry is still there (so a retried task never frees a slot twice).
     */
    /**
     * Stories still `generating` that were started before `startedBefore` (oldest first, one page): their
     * workflow died with a restarted machine or a lost execution, so nothing else will ever finish them.
     */
    async listStale(startedBefore: Date, limit = 100): Promise<StoryItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: ENTITY_INDEX,
          KeyConditionExpression: 'entity_pk = :generating AND created_at < :cutoff',
          ExpressionAttributeValues: { ':generating': entityTypes.generating, ':cutoff': startedBefore.toISOString() },
          Limit: limit,
        }),
      );
      return (result.Items ?? []) as StoryItem[];
    },

    /**
     * New stories' covers still pending that were queued before `queuedBefore` (one page): the execution
     * painting them ended without marking them (an execution timeout, a restarted machine).
     */
    async listStaleCoverJobs(queuedBefore: Date, limit = 100): Promise<ImageJobItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: ENTITY_INDEX,
          KeyConditionExpression: 'entity_pk = :painting AND created_at < :cutoff',
          ExpressionAttributeValues: { ':painting': entityTypes.painting, ':cutoff': queuedBefore.toISOString() },
          Limit: limit,
        }),
      );
      return (result.Items ?? []) as ImageJobItem[];
    },

    async markFailed(storyId: string, userId: string, reason: string): Promise<void> {
      const now = new Date().toISOString();
      try {
        await db.send(
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
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Not generating any more: only a story that did fail (a retried MarkFailed) gives its slot back;
        // one that became ready meanwhile (the stale sweep racing a slow finish) keeps it.
        if ((await this.get(storyId))?.status !== 'failed') return;
      }
      await releaseLibrarySlot(db, tableName, userId, storyId).catch((error: unknown) => {
        if (!isCancelled(error)) throw error; // a count already at zero: nothing left to free
      });
    },
  };
}

export type StoryRepository = ReturnType<typeof storyRepository>;
