import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { StoryImageView, StoryView } from '#common/api/views';
import type { StoryEdit } from '#common/validation/story-edit';
import type { ImageRequest } from '#common/validation/story-images';
import type { GenerateStoryRequest } from '#common/validation/story-request';
import { api, ApiRequestError } from './client';
import { queryKeys } from './query-keys';

export type Story = StoryView;
export type StoryImage = StoryImageView;

const path = (storyId: string) => `/stories/${encodeURIComponent(storyId)}`;

export const generateStory = (request: GenerateStoryRequest) =>
  api<{ storyId: string; status: string }>('/stories', { method: 'POST', body: JSON.stringify(request) });

export const fetchStory = (id: string) => api<Story>(path(id));

export const requestImage = (storyId: string, request: ImageRequest) =>
  api<{ jobId: string; imageType: string }>(`${path(storyId)}/images`, {
    method: 'POST',
    body: JSON.stringify(request),
  });

export const regenerateImage = (storyId: string, imageId: string, request: ImageRequest) =>
  api<{ jobId: string; imageType: string }>(`${path(storyId)}/images/${encodeURIComponent(imageId)}/regenerate`, {
    method: 'POST',
    body: JSON.stringify(request),
  });

export const deleteImage = (storyId: string, imageId: string) =>
  api<{ deleted: string }>(`${path(storyId)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });

export const dismissImageJob = (storyId: string, jobId: string) =>
  api<{ dismissed: string }>(`${path(storyId)}/image-jobs/${encodeURIComponent(jobId)}`, { method: 'DELETE' });

export const editStory = (storyId: string, edit: StoryEdit) =>
  api<{ story: Story; filtered: number }>(path(storyId), { method: 'PATCH', body: JSON.stringify(edit) });

export const exportStory = (storyId: string) =>
  api<{ html: string; title: string; fileName: string }>(`${path(storyId)}/export`);

/** While a story or one of its pictures is being made, the screens showing it look again this often. */
const STORY_POLL_MS = 1500;

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** True while the server is still making the story or one of its pictures. */
const storyInProgress = (story: Story) =>
  story.status === 'generating' || story.imageJobs.some((job) => job.status === 'pending');

/**
 * How often a story is read again: every 1.5 s while it (or a picture) is being made, every 3 s after a
 * passing failure, never once it is final or gone (404). The API has no status-only read, so each poll
 * reads the whole story view; this is the one place to change when it has one.
 */
function storyPollInterval(query: Query<Story, Error>): number | false {
  const { data, error } = query.state;
  if (error) return isNotFound(error) ? false : STORY_POLL_MS * 2;
  return data && storyInProgress(data) ? STORY_POLL_MS : false;
}

/** GET /api/stories/{id}, followed while it is being made (the story page and the flipbook share it). */
export function useStory(storyId: string) {
  return useQuery({
    queryKey: queryKeys.story(storyId),
    queryFn: () => fetchStory(storyId),
    refetchInterval: storyPollInterval,
  });
}

/** POST /api/stories: a new story takes a library slot, so the library is read again. */
export function useGenerateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.library }),
  });
}

/** A mutation on one story after which the story is read again (a picture asked for, deleted, dismissed). */
function useStoryChange<Variables, Result>(storyId: string, call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.story(storyId) }),
  });
}

export const useRequestImage = (storyId: string) =>
  useStoryChange(storyId, (request: ImageRequest) => requestImage(storyId, request));
export const useRegenerateImage = (storyId: string) =>
  useStoryChange(storyId, ({ imageId, request }: { imageId: string; request: ImageRequest }) =>
    regenerateImage(storyId, imageId, request),
  );
export const useDeleteImage = (storyId: string) =>
  useStoryChange(storyId, (imageId: string) => deleteImage(storyId, imageId));
export const useDismissImageJob = (storyId: string) =>
  useStoryChange(storyId, (jobId: string) => dismissImageJob(storyId, jobId));

/** PATCH /api/stories/{id}: the saved story replaces the cached one (no second read). */
export function useEditStory(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: StoryEdit) => editStory(storyId, edit),
    onSuccess: ({ story }) => {
      queryClient.setQueryData(queryKeys.story(storyId), story);
      void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    },
  });
}
