import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { ApiDeps } from '../deps.js';
import { defineRoute } from './route.js';

type DependencyState = { status: 'up' | 'down'; latencyMs: number; error?: string };

const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: message };
  }
}

/** Checks each dependency the API needs, in parallel, with a short time-out each. */
export async function checkDependencies(deps: ApiDeps): Promise<Record<string, DependencyState>> {
  const { aws, config } = deps;
  const [database, storage, auth] = await Promise.all([
    probe(() => aws.dynamodb.send(new DescribeTableCommand({ TableName: config.tableName }))),
    probe(() => aws.s3.send(new HeadBucketCommand({ Bucket: config.mediaBucket }))),
    probe(async () => {
      const response = await fetch(config.auth.jwksUri, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    }),
  ]);
  return { database, storage, auth };
}

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    async handle(c, deps) {
      const dependencies = await checkDependencies(deps);
      const allUp = Object.values(dependencies).every((d) => d.status === 'up');
      // Error details help an operator; they name a dependency, never a secret.
      return c.json({ status: allUp ? 'ok' : 'degraded', dependencies }, allUp ? 200 : 503);
    },
  }),
];
