import { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in app's query cache (AuthRoot provides it; the landing page never loads this library).
 * - No automatic retries: each screen decides what a failure shows (SPEC §8 toasts), and the polling
 *   queries keep trying on their own interval (see `useStory`).
 * - No refetch on window focus: screens refresh when the family acts or while something is being made.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
