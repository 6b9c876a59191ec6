import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  type IKeyGroup,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APP_CONFIG_PATH } from '#common/app-config-path.js';
import type { AppConfig } from '#common/app-config.js';
import { API_BASE_PATH } from './api.js';
import type { Auth } from './auth.js';
import { secureBucket } from './buckets.js';
import { MEDIA_PREFIX } from './media.js';
import { ORIGIN_SECRET_HEADER } from '#common/origin-header.js';
import {
  inlineScriptHashes,
  MEDIA_CONTENT_SECURITY_POLICY,
  spaContentSecurityPolicy,
} from '#common/security-headers.js';
import { SecurityHeaders } from './security-headers.js';

/**
 * SPA fallback as a viewer-request CloudFront Function on the default behaviour only: a path whose last
 * segment has no file extension is a client-side route and gets the app shell. Distribution-wide error
 * responses would do the same to the API's JSON 404s and to missing media.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

const spaIndex = (props: WebProps) => join(props.spaDistDir, 'index.html');

/** Both deployments share one CDK handler Lambda (it is a singleton per memory size). */
const DEPLOYMENT_MEMORY_MB = 512;

export interface WebProps {
  readonly auth: Auth;
  /** Host name of the HTTP API's default endpoint. */
  readonly apiDomainName: string;
  /** Sent to the API as `x-story-magic-origin` (a deploy-time secret; see common/origin-header.ts). */
  readonly originSecret: string;
  readonly mediaBucket: IBucket;
  /** The key group whose signed cookies `/media/*` requires (lib/constructs/media-signing.ts). */
  readonly mediaKeyGroup: IKeyGroup;
  /** Destination of S3 server access logs and CloudFront standard logs. */
  readonly logBucket: IBucket;
  /** The embedded third-party feedback form, if any: written to app-config.json and allowed to be framed. */
  readonly feedbackFormUrl?: string | undefined;
  /** The CloudFront web ACL (AWS WAF) from the us-east-1 WAF stack, when deployed. */
  readonly webAclArn?: string | undefined;
  /** Vite's output directory; deployed only when it holds an index.html. */
  readonly spaDistDir: string;
  readonly removalPolicy: RemovalPolicy;
  readonly autoDeleteObjects: boolean;
}

/**
 * The one public entry point: a CloudFront distribution serving the SPA from a private bucket, `/api/*`
 * from the HTTP API and `/media/*` from the media bucket, all on one origin (no CORS), with security
 * headers on every response. Deploys the built SPA and its runtime config (`/app-config.json`).
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = secureBucket(this, 'Bucket', {
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
      accessLogs: { bucket: props.logBucket, prefix: 's3/web/' },
    });

    const appHeaders = new SecurityHeaders(this, 'AppHeaders', {
      comment: 'Story Magic app and API: HSTS, CSP, no framing',
      contentSecurityPolicy: spaContentSecurityPolicy({
        idpOrigin: props.auth.idpOrigin,
        frameSources: props.feedbackFormUrl ? [new URL(props.feedbackFormUrl).origin] : [],
        // The built page's own inline script, by hash; none when only app-config.json is deployed.
        inlineScripts: existsSync(spaIndex(props)) ? inlineScriptHashes(readFileSync(spaIndex(props), 'utf8')) : [],
      }),
    });
    const mediaHeaders = new SecurityHeaders(this, 'MediaHeaders', {
      comment: 'Story Magic media: sandboxed, no scripts',
      contentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serve /index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Story Magic',
      defaultRootObject: 'index.html',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: appHeaders.policy,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${API_BASE_PATH}/*`]: {
          origin: new HttpOrigin(props.apiDomainName, {
            // The API refuses requests without it (lambdas/api/origin-guard.ts); CloudFront replaces a
            // viewer's header of the same name.
            customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret },
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would turn a POST into a GET; plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization, query strings and cookies; Host must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: appHeaders.policy,
        },
        [`/${MEDIA_PREFIX}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders.policy,
          // Private pictures and sound: served only with the API's signed cookies for the story's folder.
          trustedKeyGroups: [props.mediaKeyGroup],
        },
      },
    });
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    this.deploy(props);
  }

  /**
   * Two deployments so caching can differ: Vite's content-hashed bundles under `assets/` are immutable
   * and never pruned (a page loaded before a deploy keeps its chunks), while everything else, including
   * index.html and app-config.json, is revalidated on each load and invalidated in CloudFront.
   */
  private deploy(props: WebProps): void {
    const appConfig = {
      region: Stack.of(this).region,
      userPoolId: props.auth.userPool.userPoolId,
      userPoolClientId: props.auth.webClient.userPoolClientId,
      apiBasePath: API_BASE_PATH,
      mediaBasePath: `/${MEDIA_PREFIX.replace(/\/$/, '')}`,
      ...(props.feedbackFormUrl ? { feedbackFormUrl: props.feedbackFormUrl } : {}),
    } satisfies AppConfig;
    const configSource = Source.jsonData(APP_CONFIG_PATH.replace(/^\//, ''), appConfig);

    const hasSpa = existsSync(spaIndex(props));
    if (!hasSpa) {
      Annotations.of(this).addWarningV2(
        'story-magic:web-not-built',
        `${spaIndex(props)} is missing, so only app-config.json is deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
    }

    // Bundles first: the shared deployment handler then takes this deployment's AWS CLI layer, so the
    // index.html deployment can wait for it without a dependency cycle.
    const assetsDir = join(props.spaDistDir, 'assets');
    const assets =
      hasSpa && existsSync(assetsDir)
        ? new BucketDeployment(this, 'DeploySpaAssets', {
            destinationBucket: this.bucket,
            destinationKeyPrefix: 'assets/',
            sources: [Source.asset(assetsDir)],
            cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
            prune: false,
            memoryLimit: DEPLOYMENT_MEMORY_MB,
          })
        : undefined;

    const shell = new BucketDeployment(this, 'DeploySpa', {
      destinationBucket: this.bucket,
      sources: hasSpa ? [Source.asset(props.spaDistDir, { exclude: ['assets'] }), configSource] : [configSource],
      // Keeps pruning away from the hashed bundles, which the other deployment owns.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: DEPLOYMENT_MEMORY_MB,
    });
    // The new index.html must not go live before the chunks it references.
    if (assets) shell.node.addDependency(assets);
  }
}
