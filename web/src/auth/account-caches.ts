import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '#common/roles';
import { profileQuery, type Profile } from '../api/profile';
import { createQueryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';

/** Whose data a cache holds: an account (none for a visitor), its role, and the child being read for. */
export type Scope = { userId: string | undefined; role: Role | undefined; child: string | undefined };

type Cache = Scope & { client: QueryClient; generation: number };

/**
 * The query caches of one tab: one per account, role and child being read for. Signing out and in as
 * someone else, a role change, or handing the device to another child starts an empty cache, so no screen
 * can show the previous account's or child's data; `retire` then empties the caches no screen uses. A new
 * cache for the same account keeps the profile (the family's part as read, the new child's age band and
 * count from its list of children, marked to be read again at once) and the published age-band files.
 * Choosing the child the cache already reads for (a family of one choosing its only reader) keeps the cache.
 */
export class AccountCaches {
  private current: Cache;
  private readonly replaced = new Set<QueryClient>();

  constructor(scope: Scope) {
    this.current = { ...scope, client: newCache(scope), generation: 0 };
  }

  /** The cache for this scope: the current one, or a new one (the current one is then replaced). */
  for(scope: Scope): Readonly<Cache> {
    const previous = this.current;
    if (sameScope(previous, scope)) return previous;
    const profile = previous.client.getQueryData<Profile>(queryKeys.profile);
    const sameAccount = scope.userId !== undefined && scope.userId === previous.userId;
    if (sameAccount && scope.role === previous.role && scope.child !== undefined && scope.child === profile?.childId) {
      this.current = { ...previous, child: scope.child };
      return this.current;
    }
    const client = newCache(scope);
    if (sameAccount) keepForSameAccount(previous.client, client, profile, scope.child);
    this.replaced.add(previous.client);
    this.current = { ...scope, client, generation: previous.generation + 1 };
    return this.current;
  }

  /** Starts reading the profile into the scope's cache; resolves once it has answered (or failed). */
  loadProfile(scope: Scope): Promise<void> {
    return this.for(scope).client.prefetchQuery(profileQuery);
  }

  /** Empties the caches replaced since (no screen reads them any more). */
  retire(): void {
    for (const client of this.replaced) if (client !== this.current.client) client.clear();
    this.replaced.clear();
  }
}

/** A visitor (reading a shared story) has no profile: their cache never asks for one. */
function newCache(scope: Scope): QueryClient {
  const client = createQueryClient();
  if (scope.userId === undefined) client.setQueryDefaults(queryKeys.profile, { enabled: false });
  return client;
}

const sameScope = (a: Scope, b: Scope) => a.userId === b.userId && a.role === b.role && a.child === b.child;

function keepForSameAccount(
  from: QueryClient,
  to: QueryClient,
  profile: Profile | undefined,
  child: string | undefined,
) {
  // No child named: the server reads for the family's first child.
  const reader = profile?.children.find((each) => each.id === (child ?? profile.children[0]?.id));
  if (profile && reader) {
    const { ageBand, libraryCount } = reader;
    to.setQueryData<Profile>(queryKeys.profile, { ...profile, childId: reader.id, ageBand, libraryCount });
    void to.invalidateQueries({ queryKey: queryKeys.profile, refetchType: 'none' });
  }
  for (const query of from.getQueryCache().findAll({ queryKey: queryKeys.ageBandConfigs })) {
    if (query.state.status === 'success') to.setQueryData(query.queryKey, query.state.data);
  }
}
