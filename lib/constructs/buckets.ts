import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface BucketLifecycleProps {
  readonly removalPolicy: RemovalPolicy;
  /** Empty the bucket when the stack is deleted (only for throwaway environments). */
  readonly autoDeleteObjects: boolean;
}

export interface SecureBucketProps extends BucketLifecycleProps {
  /** Where S3 server access logs go, and under which key prefix. */
  readonly accessLogs: { readonly bucket: IBucket; readonly prefix: string };
}

/** The settings every bucket of the app shares: private, TLS only, encrypted at rest. */
const secureDefaults = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: BucketEncryption.S3_MANAGED,
  versioned: false,
} as const satisfies BucketProps;

/** A private bucket served only through CloudFront (OAC), with its access logged. */
export function secureBucket(scope: Construct, id: string, props: SecureBucketProps): Bucket {
  return new Bucket(scope, id, {
    ...secureDefaults,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: props.accessLogs.bucket,
    serverAccessLogsPrefix: props.accessLogs.prefix,
    removalPolicy: props.removalPolicy,
    autoDeleteObjects: props.autoDeleteObjects,
  });
}

/**
 * The destination of S3 server access logs and CloudFront standard logs. Logs hold viewers' IP
 * addresses, so they expire after 90 days. CloudFront's standard logs are delivered with an ACL grant,
 * so this bucket (and only this one) keeps ACLs enabled for the bucket owner.
 */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: BucketLifecycleProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      ...secureDefaults,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(90) }],
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
  }
}
