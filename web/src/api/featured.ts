import { useQuery } from '@tanstack/react-query';
import type { FeaturedStoryView } from '#common/api/views';
import { api } from './client';
import { queryKeys } from './query-keys';

export type FeaturedStory = FeaturedStoryView;

/** SPEC §2 home: the featured stories, newest first. */
export const fetchFeatured = () => api<{ stories: FeaturedStory[] }>('/featured');

export const useFeatured = () => useQuery({ queryKey: queryKeys.featured, queryFn: fetchFeatured });
