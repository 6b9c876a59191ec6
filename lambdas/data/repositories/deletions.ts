import type * as z from 'zod';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countChange, type Counter } from '../entities/counters.js';
import { SAVES_INDEX, savedBySchema } from '../entities/library-entry.js';
import { storyItemSchema } from '../entities/story.js';
import { parseItem, queryAll, readItem, transact } from '../entities/table.js';
import { keys, type ChildKey } from '../keys.js';
import { deletePartition } from './partitions.js';

/** What a story was counted in on the dashboard, read again when it changes while being deleted. */
const COUNTED_FIELDS = ['id', 'status', 'is_featured', 'is_public', 'link_open'] as const;
const countedStorySchema = storyItemSchema.pick({
  id: true,
  status: true,
  is_featured: true,
  is_public: true,
  link_open: true,
});
type CountedStory = z.infer<typeof countedStorySchema>;

/**
 * The table's side of deleting for good (lambdas/use-cases/stories/delete-story.ts and
 * lambdas/use-cases/accounts/delete-account.ts hold the order): each call can be repeated.
 */
export function deletionRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Who has the story in their library (the sparse `saves` index: one entry per child). */
    childrenWhoSaved(storyId: string): Promise<ChildKey[]> {
      return queryAll(
        db,
        {
          TableName: tableName,
          IndexName: SAVES_INDEX,
          KeyConditionExpression: 'saved_story_pk = :story',
          ExpressionAttributeValues: { ':story': storyId },
          ProjectionExpression: 'user_id, child_id',
        },
        savedBySchema,
      );
    },

    /** The story's partition but the story item: its pictures' and jobs' items. */
    removeStoryParts(storyId: string): Promise<void> {
      return deletePartition(db, tableName, keys.storyPartition(storyId), (sk) => sk === keys.story(storyId).SK);
    },

    /**
     * The story item with the dashboard counters it counted in, in one transaction; gone already is done.
     * It counts as public when public or shared (anyone may read it). The delete holds only for the state
     * the counts were taken from, so a story changed meanwhile (its link opened, a flag turned) is read again.
     */
    async removeStory(story: CountedStory): Promise<void> {
      let seen: CountedStory | undefined = story;
      for (let attempt = 0; seen && attempt < 3; attempt++) {
        const counted = {
          stories: seen.status === 'ready',
          featured: seen.is_featured,
          public: seen.is_public || seen.link_open === true,
        };
        const counters = (['stories', 'featured', 'public'] as const satisfies Counter[]).filter((c) => counted[c]);
        const failed = await transact(db, {
          story: {
            Delete: {
              TableName: tableName,
              Key: keys.story(story.id),
              ConditionExpression: `attribute_exists(PK) AND #s = :status AND is_featured = :featured AND is_public = :public AND ${
                seen.link_open ? 'attribute_exists(link_open)' : 'attribute_not_exists(link_open)'
              }`,
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':status': seen.status,
                ':featured': seen.is_featured,
                ':public': seen.is_public,
              },
            },
          },
          count: counters.length > 0 ? countChange(tableName, counters, -1) : undefined,
        });
        if (failed.size === 0) return;
        seen = parseItem(countedStorySchema, await readItem(db, tableName, keys.story(story.id), COUNTED_FIELDS));
      }
      if (seen) throw new Error(`Story ${story.id} kept changing while it was deleted; run the deletion again`);
    },

    /**
     * Everything of an account but its profile: its partition (library entries, notes), its beta feedback,
     * its rate-limit windows and the admin activity entries about it.
     */
    async removeAccountItems(userId: string): Promise<void> {
      await deletePartition(db, tableName, keys.userPartition(userId), (sk) => sk === keys.profile(userId).SK);
      await deletePartition(db, tableName, keys.feedbackPartition(), undefined, {
        expression: 'user_id = :user',
        values: { ':user': userId },
      });
      await deletePartition(db, tableName, keys.ratePartition(userId));
      await deletePartition(db, tableName, keys.activityPartition(userId));
    },
  };
}

export type DeletionRepository = ReturnType<typeof deletionRepository>;
