import type { StoryImageView, StoryView } from '../../../common/api/views';
import type { GenerateStoryRequest } from '../../../common/validation/story-request';
import { api } from './client';

export type Story = StoryView;
export type StoryImage = StoryImageView;

export const generateStory = (request: GenerateStoryRequest) =>
  api<{ storyId: string; status: string }>('/stories', { method: 'POST', body: JSON.stringify(request) });

export const fetchStory = (id: string) => api<Story>(`/stories/${encodeURIComponent(id)}`);
