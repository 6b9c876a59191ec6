import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { SSMClient } from '@aws-sdk/client-ssm';
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../runtime/config.js';
import { once } from '../runtime/lazy.js';
import { log } from '../runtime/observability.js';
import { tracedClient } from './sdk-tracing.js';

/**
 * What sits between the media bucket and a viewer. CloudFront caches `/media/*` objects `immutable` for a
 * year, so a deleted or repainted picture must also leave the cache (its key is never reused).
 */
export type MediaCdn = Readonly<{
  /** Drops these object keys (their `/<key>` paths) from the cache; called after the objects are deleted. */
  invalidate(objectKeys: readonly string[]): Promise<void>;
}>;

/** Locally s3rver serves `/media/*` straight from the bucket: there is no cache to invalidate. */
export const NO_CDN: MediaCdn = { invalidate: () => Promise.resolve() };

/** CloudFront takes at most 3,000 paths in flight per distribution; one call stays well under it. */
export const INVALIDATION_BATCH = 1000;

/**
 * CloudFront, its distribution id read once from an SSM parameter: the distribution's origin is the API,
 * so the API's Lambda cannot take the id in its environment without a dependency cycle (lib/constructs/web.ts).
 */
export function cloudFrontCdn(
  clients: () => Promise<{ cloudFront: CloudFrontClient; ssm: SSMClient }>,
  distributionIdParameter: string,
): MediaCdn {
  const distributionId = once(async () => {
    const { GetParameterCommand } = await import('@aws-sdk/client-ssm');
    const { ssm } = await clients();
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: distributionIdParameter }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${distributionIdParameter} holds no distribution id`);
    return Parameter.Value;
  });
  return {
    async invalidate(objectKeys) {
      if (objectKeys.length === 0) return;
      try {
        const id = await distributionId(); // read once; a failed read is tried again next time
        const { CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
        const { cloudFront } = await clients();
        for (let start = 0; start < objectKeys.length; start += INVALIDATION_BATCH) {
          const items = objectKeys.slice(start, start + INVALIDATION_BATCH).map((key) => `/${key}`);
          await cloudFront.send(
            new CreateInvalidationCommand({
              DistributionId: id,
              InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: items.length, Items: items } },
            }),
          );
        }
      } catch (error) {
        // The objects are already gone: failing the deletion now would only make the family retry a
        // deletion that happened. The log (the alarmable part) names the count and the code, never a path.
        log.error('media invalidation failed', {
          paths: objectKeys.length,
          code: error instanceof Error ? error.name : 'unknown',
        });
      }
    },
  };
}

/**
 * CloudFront in AWS (the CDK app sets MEDIA_DISTRIBUTION_PARAMETER); locally, explicitly, none. The two SDK
 * packages (a fifth of the API's bundle) load on the first deletion, not in every cold start.
 */
export function createMediaCdn(config: Pick<ServerConfig, 'region' | 'mediaDistributionParameter'>): MediaCdn {
  if (!config.mediaDistributionParameter) return NO_CDN;
  const clients = once(async () => {
    const [{ CloudFrontClient }, { SSMClient }] = await Promise.all([
      import('@aws-sdk/client-cloudfront'),
      import('@aws-sdk/client-ssm'),
    ]);
    return {
      cloudFront: tracedClient(new CloudFrontClient({ region: config.region })),
      ssm: tracedClient(new SSMClient({ region: config.region })),
    };
  });
  return cloudFrontCdn(clients, config.mediaDistributionParameter);
}
