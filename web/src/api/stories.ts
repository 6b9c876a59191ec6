import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { StoryImageView, StoryStatusView, StoryView } from '#common/api/views';
import { MEDIA_GRANT_SECONDS } from '#common/media-grant';
import type { StoryEdit } from '#common/validation/story-edit';
import type { ImageRequest } from '#common/validation/story-images';
import type { GenerateStoryRequest } from '#common/validation/story-request';
import { api, ApiRequestError } from './client';
import { refreshProfile } from './profile';
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

/** While a story is being written, the screens showing it look again this often (its paragraphs move). */
const STORY_POLL_MS = 1500;
/** While only a picture is being painted, or something waits in line, at least this often. */
const SLOW_POLL_MS = 3000;
/** A place far back in line is looked at again about four times before its turn, at most this seldom. */
const MAX_POLL_MS = 15_000;

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** The story waits for a grown-up's yes (issue 36): the child is told so, and the page looks again now and then. */
export const isAwaitingApproval = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'AWAITING_APPROVAL';

/** True while the server is still making the story or one of its pictures. */
const storyInProgress = (story: Story) =>
  story.status === 'generating' || story.imageJobs.some((job) => job.status === 'pending');

/**
 * How long until the status is read again: often while paragraphs are being written, seldom far back in line
 * (a quarter of the expected wait), and backing off after a passing failure, waiting at least as long as a
 * refusal's Retry-After asks (a busy API Gateway, a rate limit); never again once the story is gone (404).
 */
function statusPollInterval(query: Query<StoryStatusView, Error>): number | false {
  const { error, data, fetchFailureCount } = query.state;
  if (error) {
    if (isNotFound(error)) return false;
    const asked = error instanceof ApiRequestError ? Number(error.details.retryAfterSeconds ?? 0) * 1000 : 0;
    return Math.max(asked, Math.min(MAX_POLL_MS * 2, SLOW_POLL_MS * 2 ** Math.min(fetchFailureCount, 4)));
  }
  const waiting = data?.queue ?? data?.pictures.queue;
  if (waiting) return Math.min(MAX_POLL_MS, Math.max(SLOW_POLL_MS, (waiting.etaSeconds * 1000) / 4));
  return data?.progress === 'writing' || data === undefined ? STORY_POLL_MS : SLOW_POLL_MS;
}

/**
 * Whether a status read says something the story already read does not, so the story is read again: it
 * changed state, or a picture came, went or failed. Writing progress and places in line are not such
 * moves: the status itself carries them (no whole story read a paragraph).
 */
const statusMoved = (story: Story, status: StoryStatusView) =>
  status.status !== story.status ||
  status.pictures.painted !== story.images.length ||
  status.pictures.pending !== story.imageJobs.filter((job) => job.status === 'pending').length ||
  status.pictures.failed !== story.imageJobs.filter((job) => job.status === 'failed').length;

/** The story as last read, with the status poll's newer progress, writing counts and places in line. */
function withLiveStatus(story: Story, status: StoryStatusView): Story {
  if (status.status !== story.status) return story;
  const picture = status.pictures.queue;
  return {
    ...story,
    progress: status.progress,
    writing: status.writing,
    queue: status.queue,
    // The first picture in line is named by the status; one that was first and is no longer has started.
    imageJobs: story.imageJobs.map((job) =>
      picture?.jobId === job.id
        ? { ...job, queue: { position: picture.position, etaSeconds: picture.etaSeconds } }
        : job.queue && (!picture || job.queue.position <= 1)
          ? { ...job, queue: null }
          : job,
    ),
  };
}

/**
 * GET /api/stories/{id}, followed while it is being made (the story page and the flipbook share it). While
 * the story or one of its pictures is being made, only its status is polled (GET …/status: a few fields,
 * no text), and its progress, counts and places in line are taken from there; the story itself is read
 * again when the status moves, or is gone.
 */
export function useStory(storyId: string) {
  const queryClient = useQueryClient();
  const story = useQuery({
    queryKey: queryKeys.story(storyId),
    queryFn: () => fetchStory(storyId),
    // A passing failure is tried again every 3 s; a story that is gone (404) is not. A story on screen is read
    // again at half its media grant's life, which renews the grant for the pictures still to load.
    refetchInterval: (query) =>
      query.state.error
        ? isNotFound(query.state.error)
          ? false
          : STORY_POLL_MS * 2
        : (MEDIA_GRANT_SECONDS * 1000) / 2,
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
  const live = useMemo(
    () => (story.data && status.data ? withLiveStatus(story.data, status.data) : story.data),
    [story.data, status.data],
  );
  return { ...story, data: live };
}

/** POST /api/stories: a new story takes a library slot, so the library and the profile's count are read again. */
export function useGenerateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateStory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.library });
      void refreshProfile(queryClient);
    },
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

/** PUT /api/stories/{id}/sharing (Grown-ups only): "Anyone with the link can read this story", on or off. */
export const setStoryLinkOpen = (storyId: string, open: boolean) =>
  api<{ linkOpen: boolean }>(`${path(storyId)}/sharing`, { method: 'PUT', body: JSON.stringify({ open }) });

/** The share link opened or closed: the cached story says so at once. */
export function useStoryLink(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => setStoryLinkOpen(storyId, open),
    onSuccess: ({ linkOpen }) => {
      queryClient.setQueryData<Story>(queryKeys.story(storyId), (story) => story && { ...story, linkOpen });
    },
  });
}

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
