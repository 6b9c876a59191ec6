import type { StoryImageView, StoryView } from '../../../common/api/views';
import type { StoryEdit } from '../../../common/validation/story-edit';
import type { ImageRequest } from '../../../common/validation/story-images';
import type { GenerateStoryRequest } from '../../../common/validation/story-request';
import { api } from './client';

export type Story = StoryView;
export type StoryImage = StoryImageView;

export const generateStory = (request: GenerateStoryRequest) =>
  api<{ storyId: string; status: string }>('/stories', { method: 'POST', body: JSON.stringify(request) });

export const fetchStory = (id: string) => api<Story>(`/stories/${encodeURIComponent(id)}`);

export const requestImage = (storyId: string, request: ImageRequest) =>
  api<{ jobId: string; imageType: string }>(`/stories/${encodeURIComponent(storyId)}/images`, {
    method: 'POST',
    body: JSON.stringify(request),
  });

export const regenerateImage = (storyId: string, imageId: string, request: ImageRequest) =>
  api<{ jobId: string; imageType: string }>(
    `/stories/${encodeURIComponent(storyId)}/images/${encodeURIComponent(imageId)}/regenerate`,
    { method: 'POST', body: JSON.stringify(request) },
  );

export const deleteImage = (storyId: string, imageId: string) =>
  api<{ deleted: string }>(`/stories/${encodeURIComponent(storyId)}/images/${encodeURIComponent(imageId)}`, {
    method: 'DELETE',
  });

export const dismissImageJob = (storyId: string, jobId: string) =>
  api<{ dismissed: string }>(`/stories/${encodeURIComponent(storyId)}/image-jobs/${encodeURIComponent(jobId)}`, {
    method: 'DELETE',
  });

export const editStory = (storyId: string, edit: StoryEdit) =>
  api<{ story: Story; filtered: number }>(`/stories/${encodeURIComponent(storyId)}`, {
    method: 'PATCH',
    body: JSON.stringify(edit),
  });

export const exportStory = (storyId: string) =>
  api<{ html: string; title: string; fileName: string }>(`/stories/${encodeURIComponent(storyId)}/export`);
