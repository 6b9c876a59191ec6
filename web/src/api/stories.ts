import type { GenerateStoryRequest } from '../../../common/validation/story-request';
import { api } from './client';

export type StoryImage = { id: string; imageType: string; imageUrl: string; createdAt: string };

/** The story as GET /api/stories/{id} answers it (lambdas/api/routes/stories.ts toStoryView). */
export type Story = {
  id: string;
  status: 'generating' | 'ready' | 'failed';
  progress: 'queued' | 'writing' | 'checking' | 'painting' | 'done';
  failureReason: string | null;
  title: string;
  content: string;
  excerpt: string;
  heroName: string;
  characterType: string;
  storyType: string;
  mission: string;
  theme: { id: string; name: string; emoji: string } | null;
  storyUniverse: string | null;
  ageRange: string;
  artStyle: string;
  generationMode: string;
  coverImageUrl: string | null;
  sourceVersion: string;
  isFeatured: boolean;
  isPublic: boolean;
  isCreator: boolean;
  authorName: string | null;
  templateVersion: number | null;
  createdAt: string;
  images: StoryImage[];
};

export const generateStory = (request: GenerateStoryRequest) =>
  api<{ storyId: string; status: string }>('/stories', { method: 'POST', body: JSON.stringify(request) });

export const fetchStory = (id: string) => api<Story>(`/stories/${encodeURIComponent(id)}`);
