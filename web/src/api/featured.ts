import type { FeaturedStoryView } from '../../../common/api/views';
import { api } from './client';

export type FeaturedStory = FeaturedStoryView;

/** SPEC §2 home: the featured stories, newest first. */
export const fetchFeatured = () => api<{ stories: FeaturedStory[] }>('/featured');
