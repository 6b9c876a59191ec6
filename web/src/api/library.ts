import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { LibraryCardView } from '#common/api/views';
import { api } from './client';
import { keepLibraryCount, refreshProfile } from './profile';
import { queryKeys } from './query-keys';
import type { Story } from './stories';

export type LibraryCard = LibraryCardView;
type Library = { stories: LibraryCard[]; count: number };

const path = (storyId: string) => `/library/${encodeURIComponent(storyId)}`;

/** SPEC §2 My Library: the family's saved stories, newest saved first, and how many there are. */
export const fetchLibrary = () => api<Library>('/library');

/** Saves a story (Save on the story page); refused at the cap with LIBRARY_FULL and currentCount. */
export const saveToLibrary = (storyId: string) =>
  api<{ saved: true; created: boolean }>(path(storyId), { method: 'PUT' });

/** Unsaves a story; a story the family created is deleted for good (`deleted: true`). */
export const removeFromLibrary = (storyId: string) =>
  api<{ removed: string; deleted: boolean }>(path(storyId), { method: 'DELETE' });

/** While a saved story is still being written, the list refreshes itself this often. */
const LIBRARY_POLL_MS = 3000;

/**
 * Follows the list while a story in it is being written; after a passing failure while following, tries
 * again less often. A failed first read stops (the page says so and offers Try Again).
 */
function libraryPollInterval(query: Query<Library, Error>): number | false {
  const { data, error } = query.state;
  if (!data) return false;
  if (error) return LIBRARY_POLL_MS * 2;
  return data.stories.some((story) => story.status === 'generating') ? LIBRARY_POLL_MS : false;
}

/** The list, and with each read the profile's count of it (the header's create button checks that count). */
export function useLibrary() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.library,
    queryFn: async () => {
      const library = await fetchLibrary();
      keepLibraryCount(queryClient, library.count);
      return library;
    },
    refetchInterval: libraryPollInterval,
  });
}

/**
 * The story page's Saved state, changed in the cache at once; the library is read again when next shown,
 * and the profile (its count) at once.
 */
function useMarkSaved() {
  const queryClient = useQueryClient();
  return (storyId: string, inLibrary: boolean) => {
    queryClient.setQueryData<Story>(queryKeys.story(storyId), (story) => story && { ...story, inLibrary });
    void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    void refreshProfile(queryClient);
  };
}

export function useSaveToLibrary() {
  const markSaved = useMarkSaved();
  return useMutation({ mutationFn: saveToLibrary, onSuccess: (_, storyId) => markSaved(storyId, true) });
}

/** DELETE /api/library/{id}: the card leaves the cached list at once, and the list is read again. */
export function useRemoveFromLibrary() {
  const queryClient = useQueryClient();
  const markSaved = useMarkSaved();
  return useMutation({
    mutationFn: removeFromLibrary,
    onSuccess: (_, storyId) => {
      dropFromLibrary(queryClient, storyId);
      markSaved(storyId, false);
    },
  });
}

/** Takes a card out of the cached library (removed here, or found gone already). */
export function dropFromLibrary(queryClient: ReturnType<typeof useQueryClient>, storyId: string) {
  queryClient.setQueryData<Library>(
    queryKeys.library,
    (library) =>
      library && { stories: library.stories.filter((story) => story.id !== storyId), count: library.count - 1 },
  );
}
