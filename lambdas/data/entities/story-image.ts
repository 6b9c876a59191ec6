import * as z from 'zod';
import { IMAGE_TYPES, GENERATION_MODES } from '#common/story-choices.js';
import { entityTypes, keys } from '../keys.js';
import type { TransactItem } from './table.js';
import { queueTicketSchema } from './capacity-lane.js';
import { spentSlotSchema } from './rate-window.js';

/** A picture on a story's page, in the story's partition: `IMAGE#{created_at}#{id}`, so they list oldest first. */
export const storyImageItemSchema = z.object({
  id: z.string(),
  story_id: z.string(),
  image_type: z.enum(IMAGE_TYPES),
  image_url: z.string(),
  object_key: z.string(),
  /** A raster picture's small variant; a vector picture is its own thumbnail, so these are absent. */
  thumbnail_url: z.string().optional(),
  thumbnail_key: z.string().optional(),
  /** The picture's size, and its WebP variants narrowest first (absent on vectors and on older pictures). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  variants: z
    .array(
      z.object({
        url: z.string(),
        key: z.string(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        content_type: z.string(),
      }),
    )
    .optional(),
  created_at: z.string(),
  /**
   * Words of the family's picture wish the picture does not show ("rainbow"), when the provider knows what it
   * drew (the local illustrator): the story page tells the family (issue 37).
   */
  not_drawn: z.array(z.string()).optional(),
  /**
   * The repaint job that claimed this picture: one repaint at a time, however many ask at once (issue 34).
   * The picture goes when its repaint lands, the claim with it; a failed repaint's claim is taken over.
   */
  repaint_job: z.string().optional(),
});
export type StoryImageItem = z.infer<typeof storyImageItemSchema>;

/** A picture's small variant for cards: a vector picture (no thumbnail) is its own. */
export const thumbnailUrlOf = (picture: Pick<StoryImageItem, 'image_url' | 'thumbnail_url'>): string =>
  picture.thumbnail_url ?? picture.image_url;

export const storyImageKey = (image: Pick<StoryImageItem, 'story_id' | 'created_at' | 'id'>) =>
  keys.storyImage(image.story_id, image.created_at, image.id);

export const storyImageRecord = (image: StoryImageItem) => ({ ...storyImageKey(image), ...image });

/**
 * A picture being painted (story page "add" or "regenerate", the admin editor): `JOB#{jobId}` in the
 * story's partition, removed when its picture lands; a failed one keeps its message until dismissed.
 */
export const imageJobItemSchema = z.object({
  job_id: z.string(),
  story_id: z.string(),
  image_type: z.enum(IMAGE_TYPES),
  status: z.enum(['pending', 'failed']),
  mode: z.enum(GENERATION_MODES),
  customizations: z.string().optional(),
  /** The image a regeneration replaces once the new one is painted. */
  replaces: z.string().optional(),
  error: z.string().optional(),
  /** Its ticket in the line for Bedrock capacity, while it waits to be painted (capacity/gate.ts). */
  queue: queueTicketSchema.optional(),
  /** The rate-limit count it took, given back if it fails through no fault of the family's. */
  rate_slot: spentSlotSchema.optional(),
  /** When its workflow last asked for capacity (ms): a job in line is alive, whatever its age (the stale sweep). */
  seen_at: z.number().optional(),
  created_at: z.string(),
});
export type ImageJobItem = z.infer<typeof imageJobItemSchema>;

/** A picture job as a status read projects it: how it stands, and its place in line. */
export const imageJobStatusSchema = imageJobItemSchema.pick({ job_id: true, status: true, queue: true });

export const imageJobKey = (job: Pick<ImageJobItem, 'story_id' | 'job_id'>) => keys.imageJob(job.story_id, job.job_id);

export const imageJobRecord = (job: ImageJobItem) => ({ ...imageJobKey(job), ...job });

/**
 * A new story's cover job, pending: listed under PAINTING on the admin-list index until painted or failed,
 * so the stale sweep finds a cover whose execution was lost. `once`: only if no such job exists yet.
 */
export const coverJobQueued = (tableName: string, cover: ImageJobItem, once = false): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: { ...imageJobRecord(cover), entity_pk: entityTypes.painting },
    ...(once ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
  },
});

/** A pending job failed: it keeps its message for the story page, and leaves the PAINTING list. */
export const imageJobFailed = (tableName: string, job: ImageJobItem, message: string): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: imageJobKey(job),
    UpdateExpression: 'SET #s = :failed, #e = :message REMOVE entity_pk',
    ConditionExpression: '#s = :pending',
    ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
    ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':message': message },
  },
});
