import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from './config.js';
import { log, tracer } from './observability.js';

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
  clients: { cloudFront: CloudFrontClient; ssm: SSMClient },
  distributionIdParameter: string,
): MediaCdn {
  let distributionId: Promise<string> | undefined;
  const readId = async () => {
    const { Parameter } = await clients.ssm.send(new GetParameterCommand({ Name: distributionIdParameter }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${distributionIdParameter} holds no distribution id`);
    return Parameter.Value;
  };
  return {
    async invalidate(objectKeys) {
      if (objectKeys.length === 0) return;
      try {
        distributionId ??= readId().catch((error: unknown) => {
          distributionId = undefined; // read again next time
          throw error;
        });
        const id = await distributionId;
        for (let start = 0; start < objectKeys.length; start += INVALIDATION_BATCH) {
          const items = objectKeys.slice(start, start + INVALIDATION_BATCH).map((key) => `/${key}`);
          await clients.cloudFront.send(
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

/** CloudFront in AWS (the CDK app sets MEDIA_DISTRIBUTION_PARAMETER); locally, explicitly, none. */
export function createMediaCdn(config: Pick<ServerConfig, 'region' | 'mediaDistributionParameter'>): MediaCdn {
  if (!config.mediaDistributionParameter) return NO_CDN;
  return cloudFrontCdn(
    {
      cloudFront: tracer.captureAWSv3Client(new CloudFrontClient({ region: config.region })),
      ssm: tracer.captureAWSv3Client(new SSMClient({ region: config.region })),
    },
    config.mediaDistributionParameter,
  );
}
