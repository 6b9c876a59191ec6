import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countChange, type Counter } from '../entities/counters.js';
import { SAVES_INDEX, savedBySchema } from '../entities/library-entry.js';
import type { StoryItem } from '../entities/story.js';
import { isCancelled, queryAll } from '../entities/table.js';
import { keys, type ChildKey } from '../keys.js';
import { deletePartition } from './partitions.js';

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

    /** The story item with the dashboard counters it counted in, in one transaction; gone already is done. */
    async removeStory(story: Pick<StoryItem, 'id' | 'status' | 'is_featured' | 'is_public'>): Promise<void> {
      const counters = (['stories', 'featured', 'public'] as const satisfies Counter[]).filter(
        (counter) =>
          ({ stories: story.status === 'ready', featured: story.is_featured, public: story.is_public })[counter],
      );
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.story(story.id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              ...(counters.length > 0 ? [countChange(tableName, counters, -1)] : []),
            ],
          }),
        );
      } catch (error) {
        if (!isCancelled(error)) throw error; // gone already: someone else finished the job
      }
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
