import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { storyPreview } from '#common/story-layout.js';
import { countChange } from '../entities/counters.js';
import {
  adminListKeyOf,
  adminListPartition,
  adminRowSchema,
  storyIndexes,
  storyItemSchema,
  type StoryItem,
} from '../entities/story.js';
import { editorialSaved, flagged, putNewStory, type StoryFlag } from '../entities/story-lifecycle.js';
import { isConditionFailure, parseItem, queryPage, readItem, transact } from '../entities/table.js';
import { StoryNotFoundError } from '../../use-cases/errors.js';
import { entityTypes, keys } from '../keys.js';
import { decodeCursor, encodeCursor, indexCursorSchema } from './cursor.js';

/** The admin editor's fields, already sanitised. */
export type EditorialFields = {
  title: string;
  heroName: string;
  content: string;
  excerpt: string;
  storyUniverse?: string;
};

export type { StoryFlag } from '../entities/story-lifecycle.js';

/** The dashboard counter each flag keeps. */
const FLAG_COUNTERS = { featured: 'featured', public: 'public' } as const satisfies Record<StoryFlag, string>;

/** Each flag's attribute, and what a flag change reads of the story first. */
const FLAG_ATTRIBUTES = { featured: 'is_featured', public: 'is_public' } as const satisfies Record<StoryFlag, string>;
const FLAG_STATE_FIELDS = ['is_featured', 'is_public', 'link_open'] as const;
const flagStateSchema = storyItemSchema.pick({ is_featured: true, is_public: true, link_open: true });

const cursorSchema = indexCursorSchema('STORY#', 'META', entityTypes.story);

/** A row of the admin stories list, as its projection reads it. */
export type AdminStoryItem = Pick<
  StoryItem,
  'id' | 'title' | 'created_by' | 'story_universe' | 'status' | 'is_featured' | 'is_public' | 'link_open' | 'created_at'
>;

/** What the admin area does to stories: the list, the editor's create and update, and the two flags. */
export function storyAdminRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * One page of ready stories, newest first, optionally only titles containing `search` (any case). The
     * title test runs here, over pages of the `entity` index read with a small projection, so every story
     * ever written is searchable without a second copy of its title.
     */
    async listPage(query: { search?: string | undefined; cursor?: string | undefined; limit: number }) {
      const needle = query.search?.toLowerCase();
      const { rows, more } = await queryPage(
        db,
        {
          TableName: tableName,
          IndexName: storyIndexes.adminList,
          KeyConditionExpression: 'entity_pk = :type',
          ExpressionAttributeValues: { ':type': adminListPartition('ready') },
          ProjectionExpression:
            'PK, SK, entity_pk, id, title, created_by, story_universe, #s, is_featured, is_public, link_open, created_at',
          ExpressionAttributeNames: { '#s': 'status' },
          ScanIndexForward: false,
        },
        adminRowSchema,
        {
          limit: query.limit,
          startKey: decodeCursor(query.cursor, cursorSchema),
          ...(needle ? { keep: (story: AdminStoryItem) => story.title.toLowerCase().includes(needle) } : {}),
        },
      );
      const last = rows.at(-1);
      return { stories: rows, nextCursor: last && more ? encodeCursor(adminListKeyOf(last)) : null };
    },

    /**
     * A story written by the Guardian team (SPEC §4: saved as featured, no creator). It is ready at once,
     * so it is counted as a story and as a featured one in the same transaction.
     */
    async createFeatured(id: string, fields: EditorialFields, seed: number, now = new Date()): Promise<StoryItem> {
      const createdAt = now.toISOString();
      const story: StoryItem = {
        id,
        status: 'ready',
        progress: 'done',
        title: fields.title,
        content: fields.content,
        preview: storyPreview(fields.content),
        excerpt: fields.excerpt,
        hero_name: fields.heroName,
        character_type: 'Explorer',
        story_type: 'Adventure',
        mission: 'Treasure',
        theme_id: 'treasure-hunt',
        narrative_structure: 'quest',
        writing_style: '',
        art_style: 'pixar-3d',
        generation_mode: 'express',
        age_band: 'B',
        age_range: '8-10',
        ...(fields.storyUniverse ? { story_universe: fields.storyUniverse } : {}),
        content_type: 'text',
        created_by: null,
        is_featured: true,
        is_public: false,
        source_version: 'json_v1',
        image_count: 0,
        seed,
        created_at: createdAt,
        updated_at: createdAt,
      };
      const failed = await transact(db, {
        story: putNewStory(tableName, story),
        count: countChange(tableName, ['stories', 'featured'], 1),
      });
      if (failed.size > 0) throw new Error(`A story with id ${id} exists already`);
      return story;
    },

    /** The editor's save: title, hero name, content, excerpt and universe (an empty universe clears it). */
    async updateFields(id: string, fields: EditorialFields, now = new Date()): Promise<StoryItem> {
      try {
        const result = await db.send(
          new UpdateCommand({
            ...editorialSaved(tableName, id, fields, now.toISOString()).Update,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return storyItemSchema.parse(result.Attributes);
      } catch (error) {
        if (isConditionFailure(error)) throw new StoryNotFoundError(id);
        throw error;
      }
    },

    /**
     * Turns a flag on or off (SPEC §4 story flags): the boolean, its sparse index key and the dashboard
     * counter change in one transaction that runs only when the flag really changes, so repeating a
     * toggle never counts twice. A story whose share link is open counts as public already, so the public
     * flag moves the count only while the link is closed; the write holds only for the link state read, so
     * a family opening or closing the link meanwhile makes it read again. Returns whether anything changed.
     */
    async setFlag(id: string, flag: StoryFlag, on: boolean, now = new Date()): Promise<boolean> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const seen = parseItem(flagStateSchema, await readItem(db, tableName, keys.story(id), FLAG_STATE_FIELDS));
        if (!seen) throw new StoryNotFoundError(id);
        if (seen[FLAG_ATTRIBUTES[flag]] === on) return false; // already as asked
        const linkOpen = flag === 'public' ? seen.link_open === true : undefined;
        const story = flagged(tableName, id, flag, on, now.toISOString(), linkOpen);
        // A shared story counts as public already.
        const count = linkOpen ? undefined : countChange(tableName, [FLAG_COUNTERS[flag]], on ? 1 : -1);
        const failed = await transact(db, { story, count });
        if (failed.size === 0) return true;
      }
      return false; // changed under us each time: left as the others made it
    },
  };
}

export type StoryAdminRepository = ReturnType<typeof storyAdminRepository>;
