import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Token } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '#common/validation/app-config.js';
import { SPA_REWRITE_FUNCTION_CODE } from '../../lib/constructs/web.js';
import { routes } from '../../lambdas/api/app.js';
import { RETENTION } from '#common/retention.js';
import { WORKFLOW_DEFINITION_FILE } from '../../lib/constructs/workflow.js';
import { tableSchema } from '../../lambdas/data/table-schema.js';
import { SPA_FIXTURE_INLINE_SCRIPT, synthesize, type Synthesized } from './synth.js';

// Managed CloudFront policies (fixed ids, documented by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
type CacheBehavior = { PathPattern: string; TargetOriginId: string } & Record<string, unknown>;
type Origin = { Id: string; DomainName: unknown; OriginAccessControlId?: unknown };

let synth: Synthesized;
let template: Template;

/** The one resource of a type (fails the test if there are several). */
function only(type: string): [string, Resource] {
  const found = Object.entries(template.findResources(type)) as [string, Resource][];
  expect(found, type).toHaveLength(1);
  return found[0] as [string, Resource];
}

const logicalIdOf = (construct: { node: { defaultChild?: unknown } }): string =>
  synth.stack.getLogicalId(construct.node.defaultChild as never);

type PolicyResource = { Properties: { Roles?: unknown[]; PolicyDocument: { Statement: Statement[] } } };

/** Every statement of the inline policies attached to a role. */
function policyStatements(roleLogicalId: string): Statement[] {
  return (Object.values(template.findResources('AWS::IAM::Policy')) as PolicyResource[])
    .filter((p) => p.Properties.Roles?.some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleLogicalId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** The directory a Lambda's code asset was staged to in the cloud assembly. */
function assetDirOf(functionLogicalId: string): string {
  const fn = template.findResources('AWS::Lambda::Function')[functionLogicalId] as {
    Properties: { Code: { S3Key: string } };
  };
  return join(synth.outdir, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
}

beforeAll(() => {
  // One synthesis for the whole file, with real esbuild bundling of both Lambdas.
  synth = synthesize();
  template = synth.template;
});
afterAll(() => synth.cleanup());

describe('the stack', () => {
  it('is environment-agnostic: no account or region baked in, so synth needs no credentials or lookups', () => {
    expect(Token.isUnresolved(synth.stack.account)).toBe(true);
    expect(Token.isUnresolved(synth.stack.region)).toBe(true);
    expect(existsSync(join(synth.outdir, 'cdk.context.json'))).toBe(false);
  });

  it('outputs the site URL, user pool, client, table and media bucket', () => {
    for (const name of ['SiteUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'MediaBucketName']) {
      template.hasOutput(name, {});
    }
    template.hasOutput('SiteUrl', { Value: { 'Fn::Join': ['', ['https://', Match.anyValue()]] } });
  });
});

describe('auth (Cognito)', () => {
  it('signs in by e-mail, allows self sign-up and recovers accounts by e-mail', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it("enforces the product's password rules: 8+ characters, an uppercase letter and a digit", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireLowercase: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('is retained and deletion-protected by default', () => {
    const [, pool] = only('AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
  });

  it('has the admin and moderator groups', () => {
    const groups = Object.values(template.findResources('AWS::Cognito::UserPoolGroup')).map(
      (g) => (g as Resource).Properties.GroupName,
    );
    expect(groups.sort()).toEqual(['admin', 'moderator']);
  });

  it('gives the SPA a public client (no secret) with SRP, password and refresh-token flows and no OAuth', () => {
    const [, client] = only('AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
    expect((client.Properties.ExplicitAuthFlows as string[]).sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
  });
});

describe('data (DynamoDB)', () => {
  it('builds the one table from table-schema.ts: keys, TTL and all four GSIs', () => {
    const [, table] = only('AWS::DynamoDB::Table');
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: tableSchema.timeToLiveAttribute,
      Enabled: true,
    });
    const indexes = table.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: unknown;
      Projection: unknown;
    }[];
    expect(indexes).toHaveLength(tableSchema.globalSecondaryIndexes.length);
    for (const gsi of tableSchema.globalSecondaryIndexes) {
      expect(indexes).toContainEqual({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });

  it('is on-demand, with point-in-time recovery and encryption at rest', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('is deletion-protected and retained by default', () => {
    const [, table] = only('AWS::DynamoDB::Table');
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
  });
});

describe('buckets (media, web, access logs)', () => {
  it('block all public access and encrypt with S3-managed keys', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as Resource[];
    expect(buckets).toHaveLength(3);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
  });

  it('refuse every request that is not over TLS', () => {
    const bucketIds = Object.keys(template.findResources('AWS::S3::Bucket'));
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')) as Resource[];
    for (const bucketId of bucketIds) {
      const policy = policies.find((p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: bucketId }));
      expect(policy, bucketId).toBeDefined();
      const statements = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('expire "Read to me" sound (objects tagged retention=narration) after the days the data policy states', () => {
    const media = template.findResources('AWS::S3::Bucket')[logicalIdOf(synth.stack.media.bucket)] as Resource;
    expect(media.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'narration-expires',
          Status: 'Enabled',
          TagFilters: [{ Key: 'retention', Value: 'narration' }],
          ExpirationInDays: RETENTION.narrationDays,
        },
      ],
    });
  });

  it('log media and web bucket access to the log bucket', () => {
    const logBucketId = logicalIdOf(synth.stack.accessLogs.bucket);
    const buckets = template.findResources('AWS::S3::Bucket');
    for (const [bucket, prefix] of [
      [synth.stack.media.bucket, 's3/media/'],
      [synth.stack.web.bucket, 's3/web/'],
    ] as const) {
      expect((buckets[logicalIdOf(bucket)] as Resource).Properties.LoggingConfiguration).toEqual({
        DestinationBucketName: { Ref: logBucketId },
        LogFilePrefix: prefix,
      });
    }
  });
});

describe('web (CloudFront)', () => {
  let distribution: {
    DefaultCacheBehavior: Record<string, unknown>;
    CacheBehaviors: CacheBehavior[];
    Origins: Origin[];
  } & Record<string, unknown>;
  const originOf = (behavior: Record<string, unknown>): Origin => {
    const origin = distribution.Origins.find((o) => o.Id === behavior.TargetOriginId);
    expect(origin).toBeDefined();
    return origin as Origin;
  };
  const behavior = (path: string): CacheBehavior => {
    const found = distribution.CacheBehaviors.find((b) => b.PathPattern === path);
    expect(found, path).toBeDefined();
    return found as CacheBehavior;
  };

  beforeAll(() => {
    const [, resource] = only('AWS::CloudFront::Distribution');
    distribution = resource.Properties.DistributionConfig as typeof distribution;
  });

  it('has exactly three behaviours: the SPA (default), /api/* and /media/*', () => {
    expect(distribution.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/media/*']);
  });

  it('serves the SPA from the web bucket through Origin Access Control, HTTPS only', () => {
    const origin = originOf(distribution.DefaultCacheBehavior);
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(synth.stack.web.bucket), 'RegionalDomainName'] });
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(distribution.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      CachePolicyId: CACHING_OPTIMIZED,
    });
    template.resourcePropertiesCountIs(
      'AWS::CloudFront::OriginAccessControl',
      {
        OriginAccessControlConfig: {
          OriginAccessControlOriginType: 's3',
          SigningBehavior: 'always',
          SigningProtocol: 'sigv4',
        },
      },
      2,
    );
  });

  it('falls back to index.html with a viewer-request function on the default behaviour only, never with error responses', () => {
    const [functionId, fn] = only('AWS::CloudFront::Function');
    expect(fn.Properties.FunctionCode).toBe(SPA_REWRITE_FUNCTION_CODE);
    expect(fn.Properties.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    for (const b of distribution.CacheBehaviors) expect(b.FunctionAssociations, b.PathPattern).toBeUndefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('routes /api/* to the HTTP API uncached, with every method and the viewer headers except Host', () => {
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    );
    const origin = originOf(api) as Origin & { CustomOriginConfig: unknown };
    expect(JSON.stringify(origin.DomainName)).toContain(logicalIdOf(synth.stack.api.httpApi));
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('routes /media/* to the media bucket through Origin Access Control, cached', () => {
    const media = behavior('/media/*');
    expect(media).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, ViewerProtocolPolicy: 'redirect-to-https' });
    const origin = originOf(media);
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(synth.stack.media.bucket), 'RegionalDomainName'] });
    expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('serves /media/* only with cookies signed by the media key group, whose public key comes from SSM at deploy', () => {
    const [keyGroupId, keyGroup] = only('AWS::CloudFront::KeyGroup');
    const [publicKeyId, publicKey] = only('AWS::CloudFront::PublicKey');
    expect(behavior('/media/*').TrustedKeyGroups).toEqual([{ Ref: keyGroupId }]);
    expect(keyGroup.Properties).toMatchObject({ KeyGroupConfig: { Items: [{ Ref: publicKeyId }] } });
    // The encoded key is a deploy-time SSM parameter, not text in the template.
    const encoded = (publicKey.Properties.PublicKeyConfig as { EncodedKey: { Ref: string } }).EncodedKey;
    const parameter = (template.toJSON() as { Parameters: Record<string, { Type: string; Default: string }> })
      .Parameters[encoded.Ref];
    expect(parameter).toEqual({
      Type: 'AWS::SSM::Parameter::Value<String>',
      Default: `/${synth.stack.stackName}/media-signing/public-key`,
    });
    // No other behaviour asks for signed requests: the SPA and the API stay as they were.
    expect(distribution.DefaultCacheBehavior.TrustedKeyGroups).toBeUndefined();
    expect(behavior('/api/*').TrustedKeyGroups).toBeUndefined();
  });

  it('keeps the media signing private key out of the template: the API reads its SecureString parameter at run time', () => {
    const text = JSON.stringify(template.toJSON());
    expect(text).not.toMatch(/PRIVATE KEY|BEGIN [A-Z ]*KEY/);
    const api = template.findResources('AWS::Lambda::Function')[logicalIdOf(synth.stack.api.handler.function)] as {
      Properties: { Environment: { Variables: Record<string, unknown> } };
    };
    expect(api.Properties.Environment.Variables).toMatchObject({
      MEDIA_KEY_PAIR_ID: { Ref: only('AWS::CloudFront::PublicKey')[0] },
      MEDIA_SIGNING_KEY_PARAMETER: `/${synth.stack.stackName}/media-signing/private-key`,
    });
    expect(api.Properties.Environment.Variables).not.toHaveProperty('MEDIA_SIGNING_PRIVATE_KEY');
    const reads = policyStatements(logicalIdOf(synth.stack.api.handler.role))
      .filter((statement) => actionsOf(statement).includes('ssm:GetParameter'))
      .map((statement) => JSON.stringify(statement.Resource));
    expect(reads.some((resource) => resource.includes('media-signing/private-key'))).toBe(true);
  });

  it('speaks HTTP/2 and HTTP/3 and writes access logs', () => {
    expect(distribution.HttpVersion).toBe('http2and3');
    expect(distribution.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  it('adds the security headers (HSTS, nosniff, same-origin framing, referrer policy, strict CSP) to the app and the API', () => {
    const [policyId, policy] = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find(
      ([, p]) => JSON.stringify(p).includes("script-src 'self'"),
    ) as [string, Resource];
    const config = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> })
      .SecurityHeadersConfig;
    expect(config).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify(
      (config.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    // Same-origin scripts, plus only YouTube's player API for the welcome video (loaded on demand), and the
    // built page's own inline script by its hash: no other inline script runs.
    const inlineHash = createHash('sha256').update(SPA_FIXTURE_INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' https://www.youtube.com 'sha256-${inlineHash}';`);
    expect(/script-src ([^;]*);/.exec(csp)?.[1]).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com;/);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com;");
    expect(csp).toContain("frame-ancestors 'self';");
    expect(config).toMatchObject({ FrameOptions: { FrameOption: 'SAMEORIGIN' } });
    expect(csp).not.toContain('unsafe-eval');
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(behavior('/api/*').ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('serves media with a sandboxing, script-free CSP', () => {
    const ref = behavior('/media/*').ResponseHeadersPolicyId as { Ref: string };
    const policy = template.findResources('AWS::CloudFront::ResponseHeadersPolicy')[ref.Ref] as Resource;
    expect(JSON.stringify(policy.Properties)).toContain(
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    );
  });

  it('deploys the SPA with /app-config.json and invalidates the distribution', () => {
    const distributionId = logicalIdOf(synth.stack.web.distribution);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: logicalIdOf(synth.stack.web.bucket) },
      DistributionId: { Ref: distributionId },
      DistributionPaths: ['/*'],
      Prune: true,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    // Hashed bundles: immutable and never pruned, deployed before the index.html that references them.
    template.hasResource('Custom::CDKBucketDeployment', {
      Properties: Match.objectLike({ DestinationBucketKeyPrefix: 'assets/', Prune: false }),
    });
  });

  it('writes an app-config.json that matches the SPA contract (common/app-config.ts)', () => {
    const configDir = readdirAssetsContaining('app-config.json');
    const config: unknown = JSON.parse(readFileSync(join(configDir, 'app-config.json'), 'utf8'));
    // Deploy-time values are markers the deployment replaces; the shape and fixed paths are checked here.
    const parsed = appConfigSchema.parse(config);
    expect(parsed).toMatchObject({ apiBasePath: '/api', mediaBasePath: '/media' });
    expect(parsed.userPoolEndpoint).toBeUndefined();
  });
});

/** The staged asset directory holding a given file name (asset directories come from the assets manifest). */
function readdirAssetsContaining(fileName: string): string {
  const assetsFile = join(synth.outdir, `${synth.stack.artifactId}.assets.json`);
  const manifest = JSON.parse(readFileSync(assetsFile, 'utf8')) as {
    files: Record<string, { source: { path: string } }>;
  };
  const candidates = Object.values(manifest.files)
    .map((f) => join(synth.outdir, f.source.path))
    .filter((dir) => existsSync(join(dir, fileName)));
  expect(candidates, fileName).toHaveLength(1);
  return candidates[0] as string;
}

describe('api (API Gateway HTTP API)', () => {
  it('leaves GET /api/health public and puts the Cognito JWT authorizer on ANY /api/{proxy+}', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/health',
      AuthorizationType: 'NONE',
    });
    const [authorizerId] = only('AWS::ApiGatewayV2::Authorizer');
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/{proxy+}',
      AuthorizationType: 'JWT',
      AuthorizerId: { Ref: authorizerId },
    });
    // A visitor reads a story whose link is open: its reader routes pass without a token (the app checks one when sent).
    for (const path of ['/api/stories/{id}', '/api/stories/{id}/status', '/api/stories/{id}/narration/{part}']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `GET ${path}`,
        AuthorizationType: 'NONE',
      });
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 5);
  });

  it("lets through without a token exactly the app's reader routes", () => {
    const readerPaths = routes
      .filter((route) => route.access === 'reader')
      .map((route) => `${route.method} /api${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const open = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[])
      .filter((route) => route.Properties.AuthorizationType === 'NONE')
      .map((route) => String(route.Properties.RouteKey))
      .filter((key) => key !== 'GET /api/health');
    expect(open.sort()).toEqual(readerPaths.sort());
  });

  it("checks the pool's issuer and the web client as audience", () => {
    const poolId = logicalIdOf(synth.stack.auth.userPool);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(synth.stack.auth.webClient) }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: poolId }]],
        },
      },
    });
  });

  it('throttles the default stage and writes access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
  });

  it('integrates the api Lambda as a proxy (payload 2.0)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [logicalIdOf(synth.stack.api.handler.function), 'Arn'] },
    });
  });
});

describe('Lambda functions', () => {
  it('run our four handlers (api, workflow tasks, Cognito triggers, retention) on Node.js 22, ARM64, with JSON logs, source maps and X-Ray tracing', () => {
    const ours = template.findResources('AWS::Lambda::Function', {
      Properties: { Handler: 'index.handler', Runtime: Match.stringLikeRegexp('^nodejs') },
    });
    expect(Object.keys(ours).sort()).toEqual(
      [
        logicalIdOf(synth.stack.api.handler.function),
        logicalIdOf(synth.stack.workflow.tasks.function),
        logicalIdOf(synth.stack.auth.triggers.function),
        logicalIdOf(synth.stack.retention.job.function),
      ].sort(),
    );
    for (const fn of Object.values(ours) as Resource[]) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        LoggingConfig: { LogFormat: 'JSON' },
        TracingConfig: { Mode: 'Active' },
      });
      // Source maps are not loaded at start-up: each chunk's map parsed on every cold start (lambda-bundling.ts).
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain('enable-source-maps');
    }
  });

  it('give both functions the server configuration of lambdas/runtime/config.ts; only the api one gets WORKFLOW_ARN', () => {
    const env = (fn: { node: { defaultChild?: unknown } }) =>
      (
        (template.findResources('AWS::Lambda::Function')[logicalIdOf(fn)] as Resource).Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    const shared = [
      'TABLE_NAME',
      'MEDIA_BUCKET',
      'USER_POOL_ID',
      'AUTH_ISSUER',
      'AUTH_JWKS_URI',
      'AUTH_CLIENT_ID',
      'STORY_PROVIDER',
    ];
    const api = env(synth.stack.api.handler.function);
    const tasks = env(synth.stack.workflow.tasks.function);
    for (const name of shared) {
      expect(api[name], name).toBeDefined();
      expect(tasks[name], name).toBeDefined();
    }
    expect(api.STORY_PROVIDER).toBe('bedrock');
    expect(api.WORKFLOW_ARN).toEqual({ Ref: logicalIdOf(synth.stack.workflow.stateMachine) });
    // The tasks start a streamed story's cover on the same machine, named so its ARN needs no reference.
    expect(JSON.stringify(tasks.WORKFLOW_ARN)).toContain(`:stateMachine:${synth.stack.stackName}-generation`);
    expect(api.NARRATOR).toBe('polly'); // "Read to me" with Amazon Polly
    expect(api.AWS_REGION).toBeUndefined(); // reserved: Lambda sets it
  });

  it('are bundled by esbuild into ESM that Node 22 can load', () => {
    const dir = assetDirOf(logicalIdOf(synth.stack.api.handler.function));
    expect(existsSync(join(dir, 'index.mjs'))).toBe(true);
    expect(existsSync(join(dir, 'index.mjs.map'))).toBe(true);
    // Import the bundle in a fresh Node process (no network: SDK clients are only constructed).
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(join(dir, 'index.mjs'))}); console.log(typeof m.handler);`,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          AWS_REGION: 'eu-west-1',
          TABLE_NAME: 'table',
          MEDIA_BUCKET: 'bucket',
          USER_POOL_ID: 'eu-west-1_pool',
          AUTH_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_pool',
          AUTH_JWKS_URI: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_pool/.well-known/jwks.json',
          AUTH_CLIENT_ID: 'client',
          STORY_PROVIDER: 'bedrock',
          WORKFLOW_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:story-magic',
        },
      },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(probe.stdout.trim()).toBe('function');
  });
});

describe('least privilege', () => {
  const apiRole = () => logicalIdOf(synth.stack.api.handler.role);
  const tasksRole = () => logicalIdOf(synth.stack.workflow.tasks.role);

  it('never allows Scan, never uses AWS managed policies on our roles', () => {
    const all = (Object.values(template.findResources('AWS::IAM::Policy')) as PolicyResource[]).flatMap(
      (p) => p.Properties.PolicyDocument.Statement,
    );
    expect(all.flatMap(actionsOf)).not.toContain('dynamodb:Scan');
    for (const role of [apiRole(), tasksRole()]) {
      expect((template.findResources('AWS::IAM::Role')[role] as Resource).Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('lets the api function start the workflow and run the admin Cognito actions on the pool only', () => {
    const statements = policyStatements(apiRole());
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'states:StartExecution',
        Resource: { Ref: logicalIdOf(synth.stack.workflow.stateMachine) },
      }),
    );
    const cognito = statements.find((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito?.Resource).toEqual({ 'Fn::GetAtt': [logicalIdOf(synth.stack.auth.userPool), 'Arn'] });
    expect(actionsOf(cognito as Statement).sort()).toEqual(
      [
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminUserGlobalSignOut',
      ].sort(),
    );
  });

  it('lets the tasks function start executions of its own state machine only (a streamed story’s cover)', () => {
    const start = policyStatements(tasksRole()).find((s) => actionsOf(s).includes('states:StartExecution'));
    const arn = JSON.stringify(start?.Resource);
    expect(arn).toContain(':stateMachine:');
    expect(arn).toContain(`:stateMachine:${synth.stack.stackName}-generation"`);
    // The machine carries that very name, so the ARN built from it is this machine's and no other's.
    const [, machine] = only('AWS::StepFunctions::StateMachine');
    expect(machine.Properties.StateMachineName).toBe(`${synth.stack.stackName}-generation`);
  });

  it('lets only the api function read stories aloud: exactly polly:SynthesizeSpeech, on lexicons, never *', () => {
    const polly = (role: string) =>
      policyStatements(role).filter((s) => actionsOf(s).some((action) => action.startsWith('polly:')));
    const [statement, ...others] = polly(apiRole());
    expect(others).toEqual([]);
    expect(actionsOf(statement as Statement)).toEqual(['polly:SynthesizeSpeech']);
    expect(JSON.stringify(statement?.Resource)).toContain(':lexicon/*');
    expect(polly(tasksRole())).toEqual([]);
  });

  it('scopes table access to the table and its named indexes, and media access to media/*', () => {
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(synth.stack.data.table), 'Arn'] };
    for (const role of [apiRole(), tasksRole()]) {
      const statements = policyStatements(role);
      const indexQuery = statements.find((s) => s.Action === 'dynamodb:Query' && Array.isArray(s.Resource));
      expect((indexQuery?.Resource as unknown[]).length).toBe(tableSchema.globalSecondaryIndexes.length);
      expect(statements).toContainEqual(expect.objectContaining({ Resource: tableArn }));
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
          Resource: {
            'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIdOf(synth.stack.media.bucket), 'Arn'] }, '/media/*']],
          },
        }),
      );
    }
  });

  it('lets the tasks function call Bedrock models (invoke, whole or streamed) when the provider is bedrock, and the API only apply the guardrail', () => {
    expect(policyStatements(tasksRole())).toContainEqual(
      expect.objectContaining({
        Action: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        Resource: expect.anything(),
      }),
    );
    // The API checks family text at the door (ApplyGuardrail) and never writes or draws.
    const apiBedrockActions = policyStatements(apiRole())
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('bedrock:'));
    expect(apiBedrockActions).toEqual(['bedrock:ApplyGuardrail']);
  });
});

describe('workflow (Step Functions)', () => {
  type Definition = { StartAt: string; States: Record<string, { Type: string; Resource?: string }> };
  let machine: Resource;
  let definition: Definition;

  beforeAll(() => {
    [, machine] = only('AWS::StepFunctions::StateMachine');
    const location = machine.Properties.DefinitionS3Location as { Key: string };
    definition = JSON.parse(readFileSync(join(synth.outdir, `asset.${location.Key}`), 'utf8')) as Definition;
  });

  it('is a Standard state machine with tracing and ALL-level logging (without execution data)', () => {
    expect(machine.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
  });

  it('runs the very definition file the local stack runs, with the tasks function substituted in every Task', () => {
    const source = JSON.parse(readFileSync(WORKFLOW_DEFINITION_FILE, 'utf8')) as Definition;
    expect(definition).toEqual(source);
    expect(Object.keys(definition.States)).toEqual(
      expect.arrayContaining(['WriteStory', 'CheckStory', 'SaveStory', 'MarkReady', 'PaintImage', 'MarkFailed']),
    );
    const tasks = Object.values(definition.States).filter((s) => s.Type === 'Task');
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(task.Resource).toBe('${TasksFunctionArn}');
    expect(machine.Properties.DefinitionSubstitutions).toEqual({
      TasksFunctionArn: { 'Fn::GetAtt': [logicalIdOf(synth.stack.workflow.tasks.function), 'Arn'] },
    });
  });

  it('may invoke exactly the tasks function', () => {
    const statements = policyStatements(logicalIdOf(synth.stack.workflow.stateMachine.role));
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::GetAtt': [logicalIdOf(synth.stack.workflow.tasks.function), 'Arn'] },
      }),
    );
  });
});

describe('Cognito triggers', () => {
  it('attaches the one triggers function to sign-up, confirmation, sign-in and token issue', () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0] as Resource;
    const triggers = logicalIdOf(synth.stack.auth.triggers.function);
    const config = pool.Properties.LambdaConfig as Record<string, unknown>;
    for (const trigger of ['PreSignUp', 'PostConfirmation', 'PostAuthentication', 'PreTokenGeneration']) {
      expect(config[trigger], trigger).toEqual({ 'Fn::GetAtt': [triggers, 'Arn'] });
    }
  });

  it('gives the triggers function only the table name, and item access to the table', () => {
    const fn = template.findResources('AWS::Lambda::Function')[
      logicalIdOf(synth.stack.auth.triggers.function)
    ] as Resource;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['TABLE_NAME']);
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).toContain('dynamodb:PutItem');
  });
});
