import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { profileItem } from '../../lambdas/data/entities/profile.js';
import type { LocalStack } from '../local/stack.js';
import { adminToken } from './families.js';
import { percentile, round } from './stats.js';

const FIRST_NAMES = ['Maya', 'Leo', 'Ana', 'Rafi', 'Zed', 'Ivy', 'Omar', 'Nora', 'Theo', 'Lina'];

/** Writes `count` profiles straight into the table (as the sign-up trigger shapes them), 25 a request. */
async function seedProfiles(stack: LocalStack, count: number): Promise<void> {
  const { documents } = createAwsClients(stack.serverConfig);
  const start = Date.now() - count * 1000;
  const items = Array.from({ length: count }, (_, i) =>
    profileItem(
      {
        userId: randomUUID(),
        email: `family-${i}@bench.storymagic.test`,
        displayName: `${FIRST_NAMES[i % FIRST_NAMES.length]} Family ${i}`,
        authorName: i % 3 === 0 ? `Author ${i}` : '',
        ageBand: i % 2 === 0 ? 'A' : 'B',
        role: i % 500 === 0 ? 'moderator' : 'user',
      },
      new Date(start + i * 1000),
    ),
  );
  const batches = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  // Eight writers at once: DynamoDB Local takes a while for 10,000 items one request at a time.
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).map(async (batch) => {
        let requests: Record<string, unknown>[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
        while (requests && requests.length > 0) {
          const answer: BatchWriteCommandOutput = await documents.send(
            new BatchWriteCommand({ RequestItems: { [stack.serverConfig.tableName]: requests } }),
          );
          requests = answer.UnprocessedItems?.[stack.serverConfig.tableName];
        }
      }),
    );
  }
}

/**
 * The admin users screen with `count` families: latency of its first page, a search that matches one
 * family (the whole index is read), a search that matches many, and the role filter. 20 calls each.
 */
export async function benchAdminUsers(stack: LocalStack, count: number) {
  const seeding = performance.now();
  await seedProfiles(stack, count);
  const seedMs = performance.now() - seeding;
  const headers = { authorization: `Bearer ${await adminToken(stack)}` };
  const queries = {
    firstPage: '/api/admin/users?limit=25',
    searchOne: `/api/admin/users?q=${encodeURIComponent(`family-${count - 7}@bench`)}&limit=25`,
    searchMany: '/api/admin/users?q=maya&limit=25',
    moderators: '/api/admin/users?role=moderator&limit=25',
  };
  const results: Record<string, { medianMs: number; p95Ms: number; rows: number }> = {};
  for (const [name, path] of Object.entries(queries)) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await fetch(`${stack.urls.api}${path}`, { headers });
      const body = (await response.json()) as { users?: unknown[] };
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      rows = body.users?.length ?? 0;
    }
    results[name] = { medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), rows };
  }
  return { users: count, seedSeconds: round(seedMs / 1000), queries: results };
}

export type AdminUsersReport = Awaited<ReturnType<typeof benchAdminUsers>>;
