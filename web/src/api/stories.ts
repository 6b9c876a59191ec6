import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { StoryImageView, StoryStatusView, StoryView } from '#common/api/views';
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

export const fetchStoryStatus = (id: string) => api<StoryStatusView>(`${path(id)}/status`);

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

/** How often the status is read again: every 1.5 s, every 3 s after a passing failure, never once gone (404). */
function statusPollInterval(query: Query<StoryStatusView, Error>): number | false {
  const { error } = query.state;
  if (error) return isNotFound(error) ? false : STORY_POLL_MS * 2;
  return STORY_POLL_MS;
}

/** Whether a status read says something the story already read does not: then the story is read again. */
const statusMoved = (story: Story, status: StoryStatusView) =>
  status.status !== story.status ||
  status.progress !== story.progress ||
  status.writing?.paragraphs !== story.writing?.paragraphs ||
  status.writing?.attempt !== story.writing?.attempt ||
  status.pictures.painted !== story.images.length ||
  status.pictures.pending !== story.imageJobs.filter((job) => job.status === 'pending').length ||
  status.pictures.failed !== story.imageJobs.filter((job) => job.status === 'failed').length;

/**
 * GET /api/stories/{id}, followed while it is being made (the story page and the flipbook share it). While
 * the story or one of its pictures is being made, only its status is polled (GET …/status: a few fields,
 * no text); the story itself is read again when the status moves, or is gone.
 */
export function useStory(storyId: string) {
  const queryClient = useQueryClient();
  const story = useQuery({
    queryKey: queryKeys.story(storyId),
    queryFn: () => fetchStory(storyId),
    // A passing failure is tried again every 3 s; a story that is gone (404) is not.
    refetchInterval: (query) => (query.state.error && !isNotFound(query.state.error) ? STORY_POLL_MS * 2 : false),
  });
  const status = useQuery({
    queryKey: queryKeys.storyStatus(storyId),
    queryFn: () => fetchStoryStatus(storyId),
    enabled: story.data !== undefined && storyInProgress(story.data),
    refetchInterval: statusPollInterval,
    // Each poll must reach the server: a cached answer would hide the move it is looking for.
    staleTime: 0,
    gcTime: 0,
  });
  const moved =
    (story.data !== undefined && status.data !== undefined && statusMoved(story.data, status.data)) ||
    isNotFound(status.error);
  useEffect(() => {
    if (moved) void queryClient.invalidateQueries({ queryKey: queryKeys.story(storyId), exact: true });
  }, [moved, status.dataUpdatedAt, status.errorUpdatedAt, queryClient, storyId]);
  return story;
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
