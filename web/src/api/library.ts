import type { LibraryCardView } from '../../../common/api/views';
import { api } from './client';

export type LibraryCard = LibraryCardView;

/** SPEC §2 My Library: the family's saved stories, newest saved first, and how many there are. */
export const fetchLibrary = () => api<{ stories: LibraryCard[]; count: number }>('/library');

/** Saves a story (Save on the story page); refused at the cap with LIBRARY_FULL and currentCount. */
export const saveToLibrary = (storyId: string) =>
  api<{ saved: true; created: boolean }>(`/library/${encodeURIComponent(storyId)}`, { method: 'PUT' });

/** Unsaves a story; a story the family created is deleted for good (`deleted: true`). */
export const removeFromLibrary = (storyId: string) =>
  api<{ removed: string; deleted: boolean }>(`/library/${encodeURIComponent(storyId)}`, { method: 'DELETE' });
