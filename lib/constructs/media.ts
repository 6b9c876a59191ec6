import { Duration } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { NARRATION_RETENTION_TAG, RETENTION } from '#common/retention.js';
import { secureBucket, type SecureBucketProps } from './buckets.js';

/** Key prefix of every media object. CloudFront serves `/media/*` from this bucket, so a key is its own URL path. */
export const MEDIA_PREFIX = 'media/';

export type MediaProps = SecureBucketProps;

/** Story images and exports: written by the Lambdas, read by viewers through CloudFront `/media/*`. */
export class Media extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    this.bucket = secureBucket(this, 'Bucket', props);
    // "Read to me" sound is kept RETENTION.narrationDays ("How we keep your family's data"): every narration
    // object carries the tag (lambdas/adapters/media.ts), and is made again when asked for after.
    this.bucket.addLifecycleRule({
      id: 'narration-expires',
      tagFilters: { [NARRATION_RETENTION_TAG.key]: NARRATION_RETENTION_TAG.value },
      expiration: Duration.days(RETENTION.narrationDays),
    });
  }

  /**
   * Read, write (with tags) and delete objects under `media/`, plus ListBucket: the health check's HeadBucket needs
   * it, a missing object then answers 404 rather than 403, and an account's files can be found to
   * delete them. Narrower than `bucket.grantReadWrite`, which grants wildcard actions on every key.
   */
  grantObjectAccess(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        // PutObjectTagging: narration is written with its retention tag (PutObject with x-amz-tagging).
        actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
        resources: [this.bucket.arnForObjects(`${MEDIA_PREFIX}*`)],
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    );
  }
}
