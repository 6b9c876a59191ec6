import { storyPreview } from '#common/story-layout.js';
import { LIMITS } from '#common/limits.js';
import type { ImageType } from '#common/story-choices.js';
import { keys, storyIndexPartitions } from '../keys.js';
import { adminListPartition, storyRecord, type StoryItem, type StoryProgress, type StoryStatus } from './story.js';
import { thumbnailUrlOf, type StoryImageItem } from './story-image.js';
import type { TransactItem } from './table.js';

/**
 * The story's lifecycle, one transition a function: each builds the write (a transaction item) that moves a
 * story from one state to the next, from the entity's own fields, and nothing else writes a story's status,
 * its derived index keys (`entity_pk`, `featured_pk`, `public_pk`; `creator_pk` at creation) or its picture
 * slots. The repositories send them (alone, or in a transaction with other entities' writes).
 *
 *   created (generating) ─ progressed ─ coverQueuedEarly ─ textSaved ─ madeReady (ready) ─ edited · shared · approved
 *            └──────────────────────────── failed ──────────────────────────────┘          flagged (admin)
 *
 * A picture slot is taken (pictureSlotTaken, coverQueuedEarly, madeReady) and given back (pictureSlotFreed,
 * pictureRemoved) in the same write as its job or picture, so the story's count never passes the cap.
 */

/** The status values as the table holds them, each checked against the schema's. */
const STATUS = { generating: 'generating', ready: 'ready', failed: 'failed' } as const satisfies Record<
  StoryStatus,
  StoryStatus
>;

/** A story's one Update, as a transaction item (sent alone with `UpdateCommand`, or in a transaction). */
type StoryUpdate = Readonly<{
  Update: {
    TableName: string;
    Key: Record<string, string>;
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
}>;

/**
 * The Update of one story: its key, the change and the condition it is made under. `#s` names `status` (a
 * reserved word) wherever an expression uses it.
 */
function storyUpdate(
  tableName: string,
  storyId: string,
  change: Readonly<{
    update: string;
    condition: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  }>,
): StoryUpdate {
  const usesStatus = /#s\b/.test(`${change.update} ${change.condition}`);
  const names = { ...(usesStatus ? { '#s': 'status' } : {}), ...change.names };
  return {
    Update: {
      TableName: tableName,
      Key: keys.story(storyId),
      UpdateExpression: change.update,
      ConditionExpression: change.condition,
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ...(change.values ? { ExpressionAttributeValues: change.values } : {}),
    },
  };
}

/** The fields the family's request decides; the rest of a new story is filled in by `created`. */
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

/** A new story, `generating` and not yet written, only if no story has its id (a repeated request). */
export function created(tableName: string, story: NewStory, createdAt: string): TransactItem {
  return putNewStory(tableName, {
    ...story,
    status: STATUS.generating,
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
  });
}

/** Writes a new story, only if no story has its id (a repeated request is told by this write's refusal). */
export const putNewStory = (tableName: string, story: StoryItem): TransactItem => ({
  Put: { TableName: tableName, Item: storyRecord(story), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** What the progress screen shows; `writing` counts go with `writing` only. Only while generating. */
export function progressed(
  tableName: string,
  storyId: string,
  progress: StoryProgress,
  writing: StoryItem['writing'],
  now: string,
): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: writing
      ? 'SET progress = :p, writing = :w, updated_at = :now'
      : 'SET progress = :p, updated_at = :now REMOVE writing',
    // A late progress write never moves a ready or failed story back.
    condition: 'attribute_exists(PK) AND #s = :generating',
    values: { ':p': progress, ':now': now, ':generating': STATUS.generating, ...(writing ? { ':w': writing } : {}) },
  });
}

/** The cover's picture slot, taken with its job (the cover counts toward the story page's 3 pictures). */
const coverSlot = {
  update: 'image_count = if_not_exists(image_count, :zero) + :one ADD image_types :cover',
  values: { ':zero': 0, ':one': 1, ':cover': new Set<ImageType>(['cover']) },
};

/**
 * A new story's cover queued while its text is still written: the cover's scene pinned and its slot taken,
 * once (refused when a cover is queued already, or the story is no longer being made).
 */
export function coverQueuedEarly(tableName: string, storyId: string, scene: string, now: string): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: `SET cover_scene = :scene, updated_at = :now, ${coverSlot.update}`,
    condition: 'attribute_exists(PK) AND #s = :generating AND attribute_not_exists(cover_scene)',
    values: { ':scene': scene, ':now': now, ':generating': STATUS.generating, ...coverSlot.values },
  });
}

/** The checked draft saved as the story's text (its card preview with it). */
export function textSaved(
  tableName: string,
  storyId: string,
  text: Readonly<{
    title: string;
    content: string;
    excerpt: string;
    scenes: Partial<Record<ImageType, string>>;
    templateVersion: number;
  }>,
  now: string,
): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update:
      'SET title = :t, content = :c, preview = :pv, excerpt = :e, scenes = :s, template_version = :v, updated_at = :now',
    condition: 'attribute_exists(PK)',
    values: {
      ':t': text.title,
      ':c': text.content,
      ':pv': storyPreview(text.content),
      ':e': text.excerpt,
      ':s': text.scenes,
      ':v': text.templateVersion,
      ':now': now,
    },
  });
}

/**
 * Scenes described after the text was saved; a scene already there (an admin's edit) is kept. Undefined
 * when there is nothing to add.
 */
export function scenesAdded(
  tableName: string,
  storyId: string,
  scenes: Partial<Record<ImageType, string>>,
): StoryUpdate | undefined {
  const entries = Object.entries(scenes);
  if (entries.length === 0) return undefined;
  return storyUpdate(tableName, storyId, {
    update: `SET ${entries.map((_, i) => `scenes.#s${i} = if_not_exists(scenes.#s${i}, :s${i})`).join(', ')}`,
    // textSaved always writes the scenes map (the cover's at least), so the paths below it exist.
    condition: 'attribute_exists(PK) AND attribute_type(scenes, :map)',
    names: Object.fromEntries(entries.map(([type], i) => [`#s${i}`, type])),
    values: { ...Object.fromEntries(entries.map(([, scene], i) => [`:s${i}`, scene])), ':map': 'M' },
  });
}

/**
 * generating → ready: listed by the admin list from now on (and no longer among those being made). With
 * `takesCoverSlot`, the cover's slot is taken in the same write (its job goes beside it); a cover queued
 * early took it then. Refused when the story is not generating any more (a retried task).
 */
export function madeReady(tableName: string, storyId: string, takesCoverSlot: boolean, now: string): StoryUpdate {
  const slot = takesCoverSlot
    ? { update: `, ${coverSlot.update}`, values: coverSlot.values }
    : { update: '', values: {} };
  return storyUpdate(tableName, storyId, {
    update: `SET #s = :ready, progress = :done, updated_at = :now, entity_pk = :entity${slot.update} REMOVE writing`,
    condition: 'attribute_exists(PK) AND #s = :generating',
    values: {
      ':ready': STATUS.ready,
      ':done': 'done' satisfies StoryProgress,
      ':generating': STATUS.generating,
      ':now': now,
      ':entity': adminListPartition(STATUS.ready),
      ...slot.values,
    },
  });
}

/**
 * generating → failed: listed nowhere any more (see `adminListPartition`), with the message the story page
 * shows. Refused when the story is not generating any more. Send with `ReturnValues: 'ALL_NEW'` to learn
 * whose library slot to free.
 */
export function failed(tableName: string, storyId: string, reason: string, now: string): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: 'SET #s = :failed, failure_reason = :reason, updated_at = :now REMOVE entity_pk',
    condition: 'attribute_exists(PK) AND #s = :generating',
    values: { ':failed': STATUS.failed, ':generating': STATUS.generating, ':reason': reason, ':now': now },
  });
}

/** The family's edit of its story's text (already sanitised): saved, its card preview with it. */
export function edited(
  tableName: string,
  storyId: string,
  text: Readonly<{ title: string; heroName: string; content: string }>,
  now: string,
): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: 'SET title = :t, hero_name = :h, content = :c, preview = :pv, updated_at = :now',
    condition: 'attribute_exists(PK)',
    values: {
      ':t': text.title,
      ':h': text.heroName,
      ':c': text.content,
      ':pv': storyPreview(text.content),
      ':now': now,
    },
  });
}

/** The admin editor's save (already sanitised): an empty universe clears it. Send with `ReturnValues: 'ALL_NEW'`. */
export function editorialSaved(
  tableName: string,
  storyId: string,
  fields: Readonly<{ title: string; heroName: string; content: string; excerpt: string; storyUniverse?: string }>,
  now: string,
): StoryUpdate {
  const universe = fields.storyUniverse;
  return storyUpdate(tableName, storyId, {
    update: `SET title = :t, hero_name = :h, content = :c, preview = :pv, excerpt = :e, updated_at = :now${
      universe ? ', story_universe = :u' : ' REMOVE story_universe'
    }`,
    condition: 'attribute_exists(PK)',
    values: {
      ':t': fields.title,
      ':h': fields.heroName,
      ':c': fields.content,
      ':pv': storyPreview(fields.content),
      ':e': fields.excerpt,
      ':now': now,
      ...(universe ? { ':u': universe } : {}),
    },
  });
}

/**
 * Shared or unshared (the family's link, issue 36): only a ready story its family made, that no grown-up
 * still has to say yes to. The dashboard's public count is of stories anyone may read (public or shared),
 * so the write says which case it is for: `counted`, the link really changes on a story that is not public
 * (the caller adds or takes one from the count in the same transaction); not `counted`, the story is
 * public or its link is already as asked (nothing to count). Exactly one of the two holds for a story.
 */
export function shared(
  tableName: string,
  storyId: string,
  familyId: string,
  open: boolean,
  counted: boolean,
  now: string,
): StoryUpdate {
  const changes = open ? 'attribute_not_exists(link_open)' : 'attribute_exists(link_open)';
  return storyUpdate(tableName, storyId, {
    update: open ? 'SET link_open = :yes, updated_at = :now' : 'REMOVE link_open SET updated_at = :now',
    condition:
      'attribute_exists(PK) AND created_by = :family AND #s = :ready AND attribute_not_exists(approval) AND ' +
      (counted ? `is_public <> :yes AND ${changes}` : `(is_public = :yes OR NOT ${changes})`),
    values: { ':family': familyId, ':ready': STATUS.ready, ':now': now, ':yes': true },
  });
}

/** A grown-up's yes to a ready story of their family that waits for it: the child may read it. */
export function approved(tableName: string, storyId: string, familyId: string, now: string): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: 'REMOVE approval SET updated_at = :now',
    condition: 'attribute_exists(PK) AND created_by = :family AND approval = :waiting AND #s = :ready',
    values: {
      ':family': familyId,
      ':waiting': 'waiting' satisfies NonNullable<StoryItem['approval']>,
      ':ready': STATUS.ready,
      ':now': now,
    },
  });
}

export type StoryFlag = 'featured' | 'public';

/** Each admin flag: the boolean and the sparse index key kept in step with it. */
const FLAGS = {
  featured: { attribute: 'is_featured', indexKey: 'featured_pk', partition: storyIndexPartitions.featured },
  public: { attribute: 'is_public', indexKey: 'public_pk', partition: storyIndexPartitions.public },
} as const satisfies Record<StoryFlag, { attribute: keyof StoryItem; indexKey: string; partition: string }>;

/**
 * An admin's flag turned on or off, with its index key; refused when it is already as asked. `linkOpen`
 * (the public flag) also requires the story's share link to be open (true) or closed (false): a shared
 * story counts as public already, so only the closed case moves the dashboard's count.
 */
export function flagged(
  tableName: string,
  storyId: string,
  flag: StoryFlag,
  on: boolean,
  now: string,
  linkOpen?: boolean,
): StoryUpdate {
  const { attribute, indexKey, partition } = FLAGS[flag];
  const link =
    linkOpen === undefined
      ? ''
      : linkOpen
        ? ' AND attribute_exists(link_open)'
        : ' AND attribute_not_exists(link_open)';
  return storyUpdate(tableName, storyId, {
    update: on
      ? `SET ${attribute} = :true, ${indexKey} = :pk, updated_at = :now`
      : `SET ${attribute} = :false, updated_at = :now REMOVE ${indexKey}`,
    condition:
      (on ? `attribute_exists(PK) AND ${attribute} <> :true` : `attribute_exists(PK) AND ${attribute} = :true`) + link,
    values: on ? { ':true': true, ':pk': partition, ':now': now } : { ':true': true, ':false': false, ':now': now },
  });
}

/**
 * A picture slot of this type taken: the count below the cap and the type not yet held. `legacyHeld` seeds
 * the types of a story that has no `image_types` yet (`keepsTypes` false).
 */
export function pictureSlotTaken(
  tableName: string,
  storyId: string,
  type: ImageType,
  keepsTypes: boolean,
  legacyHeld: readonly ImageType[],
): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: 'SET image_count = if_not_exists(image_count, :zero) + :one ADD image_types :types',
    condition:
      'attribute_exists(PK) AND (attribute_not_exists(image_count) OR image_count < :max) AND ' +
      (keepsTypes ? 'NOT contains(image_types, :type)' : 'attribute_not_exists(image_types)'),
    values: {
      ':zero': 0,
      ':one': 1,
      ':max': LIMITS.storyPageImagesMax,
      ':types': new Set([type, ...legacyHeld]),
      ...(keepsTypes ? { ':type': type } : {}),
    },
  });
}

/** A picture slot given back (its job failed, or its picture was removed); a removed cover leaves the card too. */
export function pictureSlotFreed(
  tableName: string,
  storyId: string,
  type: ImageType,
  removesCover = false,
): StoryUpdate {
  return storyUpdate(tableName, storyId, {
    update: removesCover
      ? 'SET image_count = image_count - :one REMOVE cover_image_url, cover_thumbnail_url DELETE image_types :type'
      : 'SET image_count = image_count - :one DELETE image_types :type',
    condition: 'image_count > :zero',
    values: { ':one': 1, ':zero': 0, ':type': new Set([type]) },
  });
}

/** A painted cover becomes the story's cover (and its card's), while the story is there. */
export function coverPainted(tableName: string, image: StoryImageItem, now: string): StoryUpdate {
  return storyUpdate(tableName, image.story_id, {
    update: 'SET cover_image_url = :url, cover_thumbnail_url = :thumb, updated_at = :now',
    condition: 'attribute_exists(PK)',
    values: { ':url': image.image_url, ':thumb': thumbnailUrlOf(image), ':now': now },
  });
}
