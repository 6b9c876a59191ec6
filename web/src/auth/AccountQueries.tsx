import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { useAuth } from './AuthContext';

/**
 * The query cache, one per signed-in account: signing out and in as someone else starts an empty cache,
 * so no screen ever shows the previous account's stories, even for a moment.
 */
export function AccountQueries({ children }: { children: ReactNode }) {
  const { userId } = useAuth();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new cache for each account is the point
  const queryClient = useMemo(() => createQueryClient(), [userId]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
