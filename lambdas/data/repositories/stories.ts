import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ImageType } from '#common/story-choices.js';
import { spentSlotSchema } from '../entities/rate-window.js';
import type { SpentSlot } from './rate-limits.js';
import { countChange } from '../entities/counters.js';
import { releaseLibrarySlot, reserveLibrarySlot } from '../entities/library-entry.js';
import { storyChildOf, storyItemSchema, type StoryItem, type StoryProgress } from '../entities/story.js';
import {
  approved,
  coverQueuedEarly,
  created,
  edited,
  failed,
  madeReady,
  progressed,
  scenesAdded,
  shared,
  textSaved,
  type NewStory,
} from '../entities/story-lifecycle.js';
import { coverJobQueued, type ImageJobItem } from '../entities/story-image.js';
import { isCancelled, isConditionFailure, transact } from '../entities/table.js';
import { LibraryFullError } from '../../use-cases/errors.js';
import type { ChildKey } from '../keys.js';
import { libraryCountOf } from './library.js';
import { storyPictures } from './story-pictures.js';
import { storyReads } from './story-reads.js';

export type { NewStory } from '../entities/story-lifecycle.js';
export type { ToldStory } from './story-reads.js';

/** What a cover job is given by its caller; the rest (its story, type, state and time) is filled in here. */
type CoverJob = Omit<ImageJobItem, 'status' | 'created_at' | 'story_id' | 'image_type'>;

/**
 * The stories: their reads (story-reads.ts), their pictures (story-pictures.ts) and, here, their lifecycle
 * writes, each the transition the story entity builds (entities/story-lifecycle.ts) sent with what goes
 * with it in the same write (a library slot, a cover job, the dashboard's count).
 */
export function storyRepository(db: DynamoDBDocumentClient, tableName: string) {
  const reads = storyReads(db, tableName);

  /** Sends one of the entity's story updates alone; false when its condition refused it. */
  async function update(write: { Update: ConstructorParameters<typeof UpdateCommand>[0] }): Promise<boolean> {
    try {
      await db.send(new UpdateCommand(write.Update));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  const coverJob = (storyId: string, job: CoverJob, now: string): ImageJobItem => ({
    ...job,
    story_id: storyId,
    image_type: 'cover',
    status: 'pending',
    created_at: now,
  });

  return {
    ...reads,
    ...storyPictures(db, tableName, reads.get),

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
      const refused = await transact(db, {
        count: slot.count,
        story: created(tableName, story, createdAt),
        entry: slot.entry,
      });
      if (refused.has('story')) return false;
      if (refused.has('count')) throw new LibraryFullError(await libraryCountOf(db, tableName, child));
      if (refused.size > 0) throw new Error(`Story ${story.id} was not created: ${[...refused].join(', ')} refused`);
      return true;
    },

    /** Sets what the progress screen shows; `writing` counts go with `writing` only (see the entity). */
    async setProgress(storyId: string, progress: StoryProgress, writing?: StoryItem['writing']): Promise<void> {
      await db.send(
        new UpdateCommand(progressed(tableName, storyId, progress, writing, new Date().toISOString()).Update),
      );
    },

    /**
     * Queues a new story's cover while its text is still being written: pins the cover's scene on the story,
     * takes its picture slot and writes the pending job, in one write. False when the story already has a
     * cover queued (a retried or rewritten attempt) or is no longer being made.
     */
    async queueEarlyCover(storyId: string, scene: string, job: CoverJob): Promise<boolean> {
      const now = new Date().toISOString();
      const refused = await transact(db, {
        story: coverQueuedEarly(tableName, storyId, scene, now),
        cover: coverJobQueued(tableName, coverJob(storyId, job, now), true),
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
      await db.send(new UpdateCommand(textSaved(tableName, storyId, text, new Date().toISOString()).Update));
    },

    /**
     * Adds scenes described after the story was saved (a streamed answer's later scenes). A scene already
     * there (an admin's edit) is kept; a story deleted meanwhile is left alone. Returns whether it was there.
     */
    async addScenes(storyId: string, scenes: Partial<Record<ImageType, string>>): Promise<boolean> {
      const write = scenesAdded(tableName, storyId, scenes);
      return write ? update(write) : true;
    },

    /**
     * Marks the story ready and counts it for the dashboard, and queues its cover as a picture job in the
     * same write (the job holds the cover's slot), so the story page of a ready story always sees its cover
     * painted, being painted, or failed. Idempotent: refused when the story is not generating any more (a
     * retried task), so nothing is counted or queued twice. Says whether this call made it ready.
     */
    async markReady(storyId: string, job: CoverJob | undefined): Promise<boolean> {
      const now = new Date().toISOString();
      // Without a cover job (queued early, see queueEarlyCover) its slot was taken then: only the story moves.
      const refused = await transact(db, {
        story: madeReady(tableName, storyId, job !== undefined, now),
        cover: job && coverJobQueued(tableName, coverJob(storyId, job, now)),
        count: countChange(tableName, ['stories'], 1),
      });
      return refused.size === 0;
    },

    /**
     * Marks the story failed (listed nowhere any more) and frees its library slot in its child's library,
     * only if the entry is still there (so a retried task never frees a slot twice).
     */
    async markFailed(storyId: string, reason: string): Promise<void> {
      let child: ChildKey | undefined;
      try {
        const result = await db.send(
          new UpdateCommand({
            ...failed(tableName, storyId, reason, new Date().toISOString()).Update,
            ReturnValues: 'ALL_NEW',
          }),
        );
        child = storyChildOf(storyItemSchema.parse(result.Attributes));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Not generating any more: only a story that did fail (a retried MarkFailed) gives its slot back;
        // one that became ready meanwhile (the stale sweep racing a slow finish) keeps it.
        const current = await reads.get(storyId);
        if (current?.status !== 'failed') return;
        child = storyChildOf(current);
      }
      if (!child) return;
      // Refused when the entry is gone already or the count is at zero: nothing left to free either way.
      await transact(db, releaseLibrarySlot(tableName, child, storyId)).catch((error: unknown) => {
        if (!isCancelled(error)) throw error;
      });
    },

    /** Saves an already-sanitised edit of the creator's text. */
    async updateText(storyId: string, text: { title: string; heroName: string; content: string }): Promise<void> {
      await db.send(new UpdateCommand(edited(tableName, storyId, text, new Date().toISOString()).Update));
    },

    /**
     * Opens or closes the family's share link (issue 36): only a ready story its family made, that no grown-up
     * still has to say yes to. False when the story is not (or no longer) such a story. A story that is not
     * public is counted as public while its link is open, in the same transaction as the link; each try's
     * condition holds in one case only, so an admin's flag changing between two tries is met by the next.
     */
    async setLinkOpen(storyId: string, familyId: string, open: boolean): Promise<boolean> {
      const now = new Date().toISOString();
      for (const counted of [true, false, true, false]) {
        const story = shared(tableName, storyId, familyId, open, counted, now);
        const count = counted ? countChange(tableName, ['public'], open ? 1 : -1) : undefined;
        const refused = await transact(db, { story, count });
        if (refused.size === 0) return true;
      }
      return false;
    },

    /** A grown-up says yes to a ready story of their family: it is the child's to read. False if not such a story. */
    async approve(storyId: string, familyId: string): Promise<boolean> {
      return update(approved(tableName, storyId, familyId, new Date().toISOString()));
    },

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
  };
}

export type StoryRepository = ReturnType<typeof storyRepository>;
