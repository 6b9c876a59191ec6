import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LibraryCardView } from '../../../common/api/views.js';
import { storyPreview } from '../../../common/story-layout.js';
import { THEMES } from '../../../common/story-choices.js';
import { keys } from '../../shared/keys.js';
import { libraryRepository } from '../../shared/repositories/library.js';
import { LibraryFullError } from '../../shared/repositories/stories.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { callerOf, defineRoute } from './route.js';
import { mayRead, STORY_NOT_FOUND } from './stories.js';

const library = (deps: ApiDeps) => libraryRepository(deps.aws.documents, deps.config.tableName);

/**
 * Deletes a story for good: its pictures' objects first, then its library entry, then its items, so a
 * failure half-way leaves nothing unreachable and a second run finishes the job.
 */
async function deleteOwnStory(deps: ApiDeps, userId: string, storyId: string): Promise<void> {
  const found = await deps.stories.getWithImages(storyId);
  const objectKeys = (found?.images ?? []).map((image) => ({ Key: image.object_key }));
  if (objectKeys.length > 0) {
    await deps.aws.s3.send(
      new DeleteObjectsCommand({ Bucket: deps.config.mediaBucket, Delete: { Objects: objectKeys } }),
    );
  }
  await library(deps).remove(userId, storyId);
  await library(deps).deleteStoryItems(storyId);
  if (found?.story.status === 'ready') {
    await deps.aws.documents.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.stats(),
        UpdateExpression: 'ADD stories :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      }),
    );
  }
}

export const libraryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/library',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const entries = await library(deps).list(caller.userId);
      const cards: LibraryCardView[] = entries
        .filter(({ story }) => mayRead(story, caller) && story.status !== 'failed')
        .map(({ entry, story }) => {
          const theme = THEMES[story.theme_id];
          return {
            id: story.id,
            status: story.status,
            title: story.title,
            preview: storyPreview(story.content),
            heroName: story.hero_name,
            storyType: story.story_type,
            coverImageUrl: story.cover_image_url ?? null,
            theme: theme ? { id: story.theme_id, ...theme } : null,
            isCreator: story.created_by === caller.userId,
            savedAt: entry.saved_at,
          };
        });
      return c.json({ stories: cards, count: cards.length });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const story = await deps.stories.get(c.req.param('storyId') ?? '');
      if (!story || story.status !== 'ready' || !mayRead(story, caller)) throw STORY_NOT_FOUND;
      try {
        const saved = await library(deps).save(caller.userId, story.id);
        return c.json({ saved: true, created: saved });
      } catch (error) {
        if (error instanceof LibraryFullError) {
          throw new ApiError(409, 'LIBRARY_FULL', 'LIBRARY_FULL', { currentCount: error.currentCount });
        }
        throw error;
      }
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const storyId = c.req.param('storyId') ?? '';
      const story = await deps.stories.get(storyId);
      // SPEC §2: removing a story you created deletes it for good (the dialog warns); anyone else's is unsaved.
      if (story?.created_by === caller.userId) {
        await deleteOwnStory(deps, caller.userId, storyId);
        return c.json({ removed: storyId, deleted: true });
      }
      const removed = await library(deps).remove(caller.userId, storyId);
      if (!removed) throw STORY_NOT_FOUND;
      return c.json({ removed: storyId, deleted: false });
    },
  }),
];
