import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys, type ChildKey } from '../keys.js';
import { deleteNarrationObjects, deletePictureObjects, type S3Connection } from '../media.js';
import type { MediaCdn } from '../media-cdn.js';
import { countChange, type Counter } from '../entities/counters.js';
import { SAVES_INDEX, savedBySchema } from '../entities/library-entry.js';
import { isCancelled, parseItems } from '../entities/table.js';
import { libraryRepository } from '../repositories/library.js';
import { deletePartition } from '../repositories/partitions.js';
import { storyRepository } from '../repositories/stories.js';

export type StoryDeletionDeps = Readonly<{
  db: DynamoDBDocumentClient;
  s3: S3Connection;
  tableName: string;
  mediaBucket: string;
  cdn: MediaCdn;
}>;

/** Deleting a story for good, bound to its dependencies once (see lambdas/api/deps.ts). */
export type StoryDeletion = (storyId: string) => Promise<boolean>;

/**
 * Deletes a story for good (its creator removing it, an admin deleting it, an account being deleted):
 * 1. its pictures' and its narration's objects, 2. every family's library entry of it, each with that family's count,
 * 3. its pictures' and jobs' items, 4. the story with the dashboard counters, in one transaction.
 * Each step is safe to repeat, and the story itself goes last, so a failure half-way leaves it findable
 * and a second run finishes the job. Returns false when there was no story to delete.
 */
export async function deleteStoryForGood(deps: StoryDeletionDeps, storyId: string): Promise<boolean> {
  const found = await storyRepository(deps.db, deps.tableName).getWithImages(storyId);
  if (!found) return false;
  const { story, images } = found;
  await deletePictureObjects(deps.s3, deps.mediaBucket, images, deps.cdn);
  await deleteNarrationObjects(deps.s3, deps.mediaBucket, storyId, deps.cdn);

  const library = libraryRepository(deps.db, deps.tableName);
  for (const child of await childrenWhoSaved(deps, storyId)) await library.remove(child, storyId);
  await deletePartition(deps.db, deps.tableName, keys.storyPartition(storyId), (sk) => sk === keys.story(storyId).SK);

  // What the dashboard counted this story as.
  const counters = (['stories', 'featured', 'public'] as const satisfies Counter[]).filter(
    (counter) => ({ stories: story.status === 'ready', featured: story.is_featured, public: story.is_public })[counter],
  );
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: deps.tableName,
              Key: keys.story(storyId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          ...(counters.length > 0 ? [countChange(deps.tableName, counters, -1)] : []),
        ],
      }),
    );
  } catch (error) {
    if (!isCancelled(error)) throw error; // gone already: someone else finished the job
  }
  return true;
}

/** Who has the story in their library (the sparse `saves` index: one entry per child). */
async function childrenWhoSaved(deps: StoryDeletionDeps, storyId: string): Promise<ChildKey[]> {
  const children: ChildKey[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tableName,
        IndexName: SAVES_INDEX,
        KeyConditionExpression: 'saved_story_pk = :story',
        ExpressionAttributeValues: { ':story': storyId },
        ProjectionExpression: 'user_id, child_id',
        ExclusiveStartKey: startKey,
      }),
    );
    children.push(...parseItems(savedBySchema, page.Items));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return children;
}
