import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '#common/limits.js';
import type { ImageType } from '#common/story-choices.js';
import type { StoryItem } from '../entities/story.js';
import { coverPainted, pictureSlotFreed, pictureSlotTaken } from '../entities/story-lifecycle.js';
import {
  imageJobFailed,
  imageJobKey,
  imageJobRecord,
  storyImageKey,
  storyImageRecord,
  type ImageJobItem,
  type StoryImageItem,
} from '../entities/story-image.js';
import { isCancelled, isConditionFailure, transact, type TransactItem } from '../entities/table.js';

/** The writes of a transaction that apply (an undefined one is left out). */
const present = (writes: readonly (TransactItem | undefined)[]) =>
  writes.filter((write): write is TransactItem => write !== undefined);
import { ImageLimitError, ImageTypeTakenError } from '../../use-cases/errors.js';
import { keys } from '../keys.js';

/**
 * A story's pictures and picture jobs (SPEC §5: at most 3 a story, one of each type): each job takes its
 * picture slot on the story in the same write (entities/story-lifecycle.ts), and gives it back if it fails.
 * `read` is the story's strongly consistent read (story-reads.ts).
 */
export function storyPictures(
  db: DynamoDBDocumentClient,
  tableName: string,
  read: (storyId: string) => Promise<StoryItem | undefined>,
) {
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
    const refused = await transact(db, {
      story: pictureSlotTaken(tableName, item.story_id, item.image_type, story.image_types !== undefined, legacyHeld),
      job: { Put: { TableName: tableName, Item: imageJobRecord(item) } },
    });
    if (refused.size === 0) return true;
    const current = await read(item.story_id);
    if (!current || (current.image_count ?? 0) >= LIMITS.storyPageImagesMax) throw new ImageLimitError();
    return false;
  }

  return {
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
      const refused = await transact(db, {
        claim: {
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
        job: { Put: { TableName: tableName, Item: imageJobRecord(item) } },
      });
      return refused.size === 0 ? item : undefined;
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

    /** The painted picture replaces its job (and, for a regeneration, the old picture) in one transaction. */
    async completeImageJob(job: ImageJobItem, image: Omit<StoryImageItem, 'created_at'>, replaced?: StoryImageItem) {
      const createdAt = new Date().toISOString();
      // How long it waited in line (the job goes, its ticket with it): for operators and the peak bench.
      const waited = job.queue?.admitted_at
        ? { waited: { joined_at: job.queue.joined_at, admitted_at: job.queue.admitted_at } }
        : {};
      const item: StoryImageItem = { ...image, ...waited, created_at: createdAt };
      // A refusal is thrown as DynamoDB cancelled it (the task fails, and the workflow marks the job).
      await db.send(
        new TransactWriteCommand({
          TransactItems: present([
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
            // The picture it replaces must still be there: a repaint never adds a picture.
            replaced && {
              Delete: {
                TableName: tableName,
                Key: storyImageKey(replaced),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            item.image_type === 'cover' ? coverPainted(tableName, item, createdAt) : undefined,
          ]),
        }),
      );
      return item;
    },

    /** A job that failed keeps its message for the story page and gives its slot back (a new picture only). */
    async failImageJob(job: ImageJobItem, message: string): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: present([
              imageJobFailed(tableName, job, message),
              job.replaces ? undefined : pictureSlotFreed(tableName, job.story_id, job.image_type),
            ]),
          }),
        );
      } catch (error) {
        if (!isCancelled(error)) throw error; // already failed once: nothing to give back twice
      }
    },

    /**
     * Removes a picture's row and gives its slot back; the caller deletes the object. Cancelled (thrown)
     * when the picture is gone already.
     */
    async deleteImage(image: StoryImageItem): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: { TableName: tableName, Key: storyImageKey(image), ConditionExpression: 'attribute_exists(PK)' },
            },
            pictureSlotFreed(tableName, image.story_id, image.image_type, image.image_type === 'cover'),
          ],
        }),
      );
    },

    /** Dismisses a failed job once the family has seen its message. */
    async deleteImageJob(storyId: string, jobId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.imageJob(storyId, jobId) }));
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
  };
}
