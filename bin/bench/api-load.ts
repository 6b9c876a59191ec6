import type { LocalStack } from '../local/stack.js';
import { loadFamilies, runMixedLoad, type MixedLoadResult } from './mixed-load.js';
import { round } from './stats.js';

/**
 * The API under the mixed load at several numbers of concurrent families, so the report shows how latency
 * and throughput grow with load. Each connection is a closed loop (no think time): `users` is also the
 * number of requests in flight, the hardest case for a given count of families.
 */
export async function benchApiLoad(
  stack: LocalStack,
  options: { users: readonly number[]; seconds: number; featured: readonly string[] },
) {
  const { featured } = options;
  const preparing = performance.now();
  const families = await loadFamilies(stack, Math.max(...options.users), featured);
  const prepareSeconds = round((performance.now() - preparing) / 1000);
  // Warm-up, not counted: JIT, the JWKS cache, the account-status cache, DynamoDB Local's first queries.
  await runMixedLoad(stack, families, Math.min(10, families.length), 5);
  const runs: MixedLoadResult[] = [];
  for (const users of options.users) runs.push(await runMixedLoad(stack, families, users, options.seconds));
  return {
    featuredStories: featured.length,
    families: families.length,
    prepareSeconds,
    mix: 'per family, in a loop: GET /api/featured, PUT /api/library/{id}, GET /api/library, GET /api/stories/{id}, DELETE /api/library/{id}',
    runs,
  };
}

export type ApiLoadReport = Awaited<ReturnType<typeof benchApiLoad>>;
