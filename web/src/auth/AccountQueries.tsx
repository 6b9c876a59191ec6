import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { Role } from '#common/roles';
import { profileQuery } from '../api/profile';
import { useChosenChild } from '../family/reader-choice';
import type { AccountCaches } from './account-caches';

/**
 * The query cache of the account, role and child on screen (account-caches.ts). Each new cache remounts the
 * screens below, so every query of theirs reads from it: no screen keeps showing what it read for the
 * previous account or child.
 */
export function AccountQueries(props: {
  caches: AccountCaches;
  userId: string | undefined;
  role: Role | undefined;
  children: ReactNode;
}) {
  const { caches, userId, role } = props;
  const child = useChosenChild(userId);
  const cache = caches.for({ userId, role, child });
  useEffect(() => {
    caches.retire();
    // Asked for as soon as the session is known, not once the first screen's code has loaded: the shell's
    // greeting and the choice of reader wait for it.
    if (cache.userId) void cache.client.prefetchQuery(profileQuery);
  }, [caches, cache]);
  return (
    <QueryClientProvider key={cache.generation} client={cache.client}>
      {props.children}
    </QueryClientProvider>
  );
}
