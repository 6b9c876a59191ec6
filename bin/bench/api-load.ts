import type { LocalStack } from '../local/stack.js';
import { loadFamilies, runMixedLoad, type MixedLoadResult } from './mixed-load.js';
import { round } from './stats.js';

/**
 * The API under the mixed load, two ways:
 * - `capacity`: at several numbers of connections that each send their next request the moment the last
 *   is answered (no think time), so every connection is a request in flight and the report shows how
 *   latency and throughput grow until the machine is saturated;
 * - `paced`: that many signed-in families each making `pacePerUser` requests a second, what a family
 *   clicking through the app does (a busy one: a page view makes one or two calls, and people read what
 *   they open). The latency budget applies here: it is what a family waits for.
 */
export async function benchApiLoad(
  stack: LocalStack,
  options: {
    users: readonly number[];
    pacedUsers: readonly number[];
    pacePerUser: number;
    seconds: number;
    featured: readonly string[];
  },
) {
  const { featured } = options;
  const preparing = performance.now();
  const families = await loadFamilies(stack, Math.max(...options.users, ...options.pacedUsers), featured);
  const prepareSeconds = round((performance.now() - preparing) / 1000);
  // Warm-up, not counted: JIT, the JWKS cache, the account-status cache, DynamoDB Local's first queries.
  await runMixedLoad(stack, families, Math.min(10, families.length), 5);
  const capacity: MixedLoadResult[] = [];
  for (const users of options.users) capacity.push(await runMixedLoad(stack, families, users, options.seconds));
  const paced: MixedLoadResult[] = [];
  for (const users of options.pacedUsers) {
    paced.push(await runMixedLoad(stack, families, users, options.seconds, options.pacePerUser));
  }
  return {
    featuredStories: featured.length,
    families: families.length,
    prepareSeconds,
    mix: 'per family, in a loop: GET /api/featured, PUT /api/library/{id}, GET /api/library, GET /api/stories/{id}, DELETE /api/library/{id}',
    capacity,
    paced,
  };
}

export type ApiLoadReport = Awaited<ReturnType<typeof benchApiLoad>>;
