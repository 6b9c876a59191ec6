import * as z from 'zod';
import { ageBandSchema } from '#common/validation/choices.js';
import {
  ART_STYLE_IDS,
  CHARACTER_TYPES,
  GENERATION_MODES,
  IMAGE_TYPES,
  MISSIONS,
  NARRATIVE_STRUCTURES,
  STORY_TYPES,
} from '#common/story-choices.js';
import { entityTypes, keys, storyIndexPartitions, type ChildKey } from '../keys.js';
import type { IndexName } from '../table-schema.js';
import { queueTicketSchema } from './capacity-lane.js';
import { spentSlotSchema } from './rate-window.js';

/**
 * The story entity (SPEC §3 stories): `STORY#{id}` / `META`, with its pictures and picture jobs in the same
 * partition (entities/story-image.ts, entities/image-job.ts). A story is listed by four sparse indexes,
 * whose keys are all derived here from the story's own fields (see `storyIndexKeys`).
 */

export const STORY_STATUSES = ['generating', 'ready', 'failed'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
/** What the story page shows while a story is being made (its cover is painted once it is ready). */
export const STORY_PROGRESS = ['queued', 'writing', 'checking', 'done'] as const;
export type StoryProgress = (typeof STORY_PROGRESS)[number];

const imageTypeSchema = z.enum(IMAGE_TYPES);

/**
 * An optional field that a stored item may also hold as null (an admin's or an older write cleared it that
 * way): read as absent, so a null never turns a family's page into an error.
 */
const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)
  .optional();

/** A story as the table stores it (snake_case, SPEC §3). */
export const storyItemSchema = z.object({
  id: z.string(),
  status: z.enum(STORY_STATUSES),
  // 'painting' was written while covers were painted before a story was ready: its text was saved by then.
  progress: z.enum(STORY_PROGRESS).or(z.literal('painting').transform((): StoryProgress => 'done')),
  failure_reason: optionalString,
  title: z.string(),
  content: z.string(),
  /**
   * The opening cards show (`storyPreview` of the content), written with the content so card lists can
   * leave the text unread. Absent on stories written before it was kept (see story-cards.ts).
   */
  preview: optionalString,
  excerpt: z.string(),
  hero_name: z.string(),
  // The family's choices, resolved when the story was asked for ("Surprise Me!" never stored): typed, so the
  // workflow hands them to the provider as they are (every story since the first was written this way).
  character_type: z.enum(CHARACTER_TYPES),
  story_type: z.enum(STORY_TYPES),
  mission: z.enum(MISSIONS),
  theme_id: z.string(),
  narrative_structure: z.enum(NARRATIVE_STRUCTURES),
  writing_style: z.string(),
  art_style: z.enum(ART_STYLE_IDS),
  generation_mode: z.enum(GENERATION_MODES),
  age_band: ageBandSchema,
  age_range: z.string(),
  story_universe: optionalString,
  custom_descriptions: z
    .object({ character: z.string().optional(), storyType: z.string().optional(), mission: z.string().optional() })
    .optional(),
  scenes: z.partialRecord(imageTypeSchema, z.string()).optional(),
  /**
   * The cover's scene, pinned when the cover started painting while the story was still being written
   * (a streamed answer gives its scenes first). SaveStory keeps it as the saved cover scene, so a rewrite
   * never leaves the painted cover describing another scene; MarkReady queues no second cover.
   */
  cover_scene: optionalString,
  /**
   * Counts only (never text) while the story is written: which attempt, the paragraphs written so far
   * and about how many the band's length makes (tasks.ts writeStory, at most once a second).
   */
  writing: z.object({ attempt: z.number(), paragraphs: z.number(), expected: z.number() }).optional(),
  cover_image_url: optionalString,
  /** The cover's small variant for cards (see lambdas/adapters/media.ts). */
  cover_thumbnail_url: optionalString,
  content_type: z.literal('text'),
  created_by: z.string().nullable(),
  /**
   * The child it was made for (issue 36): its library holds it, and it is theirs to remove. Absent on
   * stories from before child profiles, which are the family's founding child's (keys.ts, ChildKey).
   */
  child_id: optionalString,
  /** Made for a child whose stories wait for a grown-up's yes, and not yet said yes to. */
  approval: z.literal('waiting').optional(),
  /** The family's share link is open: anyone with it may read the story, signed in or not. */
  link_open: z.boolean().optional(),
  is_featured: z.boolean(),
  is_public: z.boolean(),
  source_version: z.literal('json_v1'),
  template_version: z.number().optional(),
  /** Pictures on the story page plus the ones being painted (SPEC §5: at most 3). */
  image_count: z.number().optional(),
  /**
   * The picture types those hold (each type at most once: the export lays pictures out by type). Claimed
   * in the same conditional write as the count; absent on stories written before it was kept.
   */
  image_types: z.set(imageTypeSchema).optional(),
  /** Its ticket in the line for Bedrock capacity, while it waits to be written (capacity/gate.ts). */
  queue: queueTicketSchema.optional(),
  /** The rate-limit count it took, given back if it fails through no fault of the family's. */
  rate_slot: spentSlotSchema.optional(),
  seed: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoryItem = z.infer<typeof storyItemSchema>;

/**
 * The child a story was made for: its `child_id`, or the family's founding child for a story from before
 * child profiles; undefined for a story without a creator (an admin's).
 */
export const storyChildOf = (story: Pick<StoryItem, 'created_by' | 'child_id'>): ChildKey | undefined =>
  story.created_by ? { userId: story.created_by, childId: story.child_id ?? story.created_by } : undefined;

/** The fields a story card (home's featured grid, My Library) shows and needs to decide who may open it. */
export const CARD_FIELDS = [
  'id',
  'status',
  'title',
  'preview',
  'hero_name',
  'story_type',
  'theme_id',
  'cover_image_url',
  'cover_thumbnail_url',
  'created_by',
  'child_id',
  'approval',
  'link_open',
  'is_featured',
  'is_public',
] as const satisfies readonly (keyof StoryItem)[];

const fieldMask = <F extends keyof StoryItem>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, true])) as { [K in F]: true };

/** A story read as a card (a projection of CARD_FIELDS): `preview` is missing on older stories. */
export const storedCardSchema = storyItemSchema.pick(fieldMask(CARD_FIELDS));
/** A story read as a row of the admin list (its projection there). */
export const adminRowSchema = storyItemSchema.pick(
  fieldMask([
    'id',
    'title',
    'created_by',
    'story_universe',
    'status',
    'is_featured',
    'is_public',
    'link_open',
    'created_at',
  ]),
);
/** What a status read takes of a story: who may read it, and how far it is made (never its text). */
export const STATUS_FIELDS = [
  'id',
  'status',
  'progress',
  'writing',
  'failure_reason',
  'created_by',
  'child_id',
  'approval',
  'link_open',
  'is_public',
  'is_featured',
  'updated_at',
  'queue',
] as const satisfies readonly (keyof StoryItem)[];
export const storyStatusSchema = storyItemSchema.pick(fieldMask(STATUS_FIELDS));
export type StoryStatusItem = z.infer<typeof storyStatusSchema>;
/** A story's text alone, read to make the preview of an older card. */
export const storyTextSchema = storyItemSchema.pick(fieldMask(['id', 'content']));
/** What a story says and who it is about: read to keep a family's new story from repeating it. */
export const storyToldSchema = storyItemSchema.pick(fieldMask(['id', 'status', 'hero_name', 'title', 'content']));
/** The same, with the child it was told to (a family's stories are read together, then kept by child). */
export const storyToldByChildSchema = storyItemSchema.pick(
  fieldMask(['id', 'status', 'hero_name', 'title', 'content', 'created_by', 'child_id']),
);
/** A story's id and whether its share link is open (what the admin's user dialog counts). */
export const storyIdLinkSchema = storyItemSchema.pick(fieldMask(['id', 'link_open']));
/** A story's id alone (the creator index's projection). */
export const storyIdSchema = storyItemSchema.pick(fieldMask(['id']));
/** What the parent's "Waiting for you" list shows of a story waiting for their yes. */
export const storyWaitingSchema = storyItemSchema.pick(
  fieldMask(['id', 'status', 'hero_name', 'title', 'created_by', 'child_id', 'created_at']),
);
/** A story's id and status (what removing a child reads of its stories). */
export const storyIdStatusSchema = storyItemSchema.pick(fieldMask(['id', 'status']));

/** The sparse indexes a story is listed by (table-schema.ts). */
export const storyIndexes = {
  /** Stories by their creator, newest first. */
  creator: 'creator' satisfies IndexName,
  /** The admin list (`STORY`), and the stale sweep's stories still being made (`GENERATING`). */
  adminList: 'entity' satisfies IndexName,
  featured: 'featured' satisfies IndexName,
  public: 'public' satisfies IndexName,
} as const;

/**
 * The admin-list index's partition for a story in this status: a ready story is listed, one being made is
 * listed under GENERATING (so the stale sweep finds it without a scan), a failed one nowhere.
 */
export const adminListPartition = (status: StoryStatus) =>
  status === 'ready' ? entityTypes.story : status === 'generating' ? entityTypes.generating : undefined;

/** The admin list's key of a ready story (a page cursor: the last row shown). */
export const adminListKeyOf = (story: Pick<StoryItem, 'id' | 'created_at'>) => ({
  ...keys.story(story.id),
  entity_pk: adminListPartition('ready'),
  created_at: story.created_at,
});

/** Every index key a story carries, derived from its fields: the one place they are decided. */
export function storyIndexKeys(story: Pick<StoryItem, 'status' | 'created_by' | 'is_featured' | 'is_public'>) {
  const adminList = adminListPartition(story.status);
  return {
    ...(story.created_by ? { creator_pk: keys.creator(story.created_by) } : {}),
    ...(adminList ? { entity_pk: adminList } : {}),
    ...(story.is_featured ? { featured_pk: storyIndexPartitions.featured } : {}),
    ...(story.is_public ? { public_pk: storyIndexPartitions.public } : {}),
  };
}

/** A story as written: its key, its fields and its index keys. */
export const storyRecord = (story: StoryItem) => ({ ...keys.story(story.id), ...story, ...storyIndexKeys(story) });
