import { deleteNarrationObjects, deletePictureObjects, type S3Connection } from '../../adapters/media.js';
import type { MediaCdn } from '../../adapters/media-cdn.js';
import type { DeletionRepository } from '../../data/repositories/deletions.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { StoryRepository } from '../../data/repositories/stories.js';

export type StoryDeletionDeps = Readonly<{
  stories: StoryRepository;
  library: LibraryRepository;
  deletions: DeletionRepository;
  s3: S3Connection;
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
  const found = await deps.stories.getWithImages(storyId);
  if (!found) return false;
  const { story, images } = found;
  await deletePictureObjects(deps.s3, deps.mediaBucket, images, deps.cdn);
  await deleteNarrationObjects(deps.s3, deps.mediaBucket, storyId, deps.cdn);

  for (const child of await deps.deletions.childrenWhoSaved(storyId)) await deps.library.remove(child, storyId);
  await deps.deletions.removeStoryParts(storyId);
  await deps.deletions.removeStory(story);
  return true;
}
