import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { AwsClients } from './aws-clients.js';
import type { ServerConfig } from '../runtime/config.js';

export type DependencyState = { status: 'up' | 'down'; latencyMs: number; error?: string };

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

/** Checks each dependency the API needs (table, media bucket, the JWKS), in parallel, with a short time-out each. */
export async function checkDependencies(
  aws: Pick<AwsClients, 'dynamodb' | 's3'>,
  config: Pick<ServerConfig, 'tableName' | 'mediaBucket' | 'auth'>,
): Promise<Record<string, DependencyState>> {
  const [database, storage, auth] = await Promise.all([
    probe(() => aws.dynamodb.send(new DescribeTableCommand({ TableName: config.tableName }))),
    probe(async () => {
      const { sdk, client } = await aws.s3();
      return client.send(new sdk.HeadBucketCommand({ Bucket: config.mediaBucket }));
    }),
    probe(async () => {
      const response = await fetch(config.auth.jwksUri, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    }),
  ]);
  return { database, storage, auth };
}
