import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { StateMachine } from 'aws-local-stepfunctions';
import { parseQuotaSetting } from '#common/models/quotas.js';
import { fromRoot } from '../../lib/paths.js';
import { startBedrockTwin } from '../local/bedrock-twin/server.js';
import { startCognitoLocal } from '../local/cognito-local.js';
import { startDynamoDbLocal } from '../local/dynamodb-local.js';
import { startPollyTwin } from '../local/polly-twin/server.js';
import { freePort } from '../local/ports.js';
import { startS3Local } from '../local/s3-local.js';
import { startSpeechEngine } from '../local/speech-engine/index.js';
import { newMediaSigningKey } from '../local/media-signing-key.js';
import { mediaSigningParameterNames } from '../../lib/media-signing-parameters.js';
import { lambdaFunctionsOf, readCloudAssembly, assetOf, type AssemblyStack, type CfnResource } from './assembly.js';
import { keyPolicyRefusal } from './key-policy.js';
import { startControlPlane, type ControlPlane, type StateMachineSpec } from './control-plane.js';
import {
  startFront,
  type FrontBehavior,
  type FrontModel,
  type FrontOrigin,
  type HeadersPolicy,
  type HttpApiRoute,
} from './front.js';
import {
  failedRule,
  regionRequiredByRules,
  resolveString,
  resolveValue,
  type PhysicalResource,
  type ResolveContext,
} from './intrinsics.js';
import {
  createFunctionPool,
  startLambdaInvokeApi,
  type FunctionFigures,
  type LambdaFunctionPool,
} from './lambda-service.js';
import {
  NOT_REHEARSED,
  createBucket,
  createTable,
  createUserPool,
  generatedSecret,
  physicalNamesOf,
  runBucketDeployment,
} from './stand-ins.js';

/**
 * The deploy rehearsal: the stack's own artifacts from a synthesized cloud assembly, run here against the
 * local emulators, as AWS would run them after `cdk deploy` (see the README's operator runbook):
 *
 * - each function's code is its asset, in a container of its own with its handler, runtime flags and
 *   environment from the template (bin/rehearsal/lambda-service.ts);
 * - the template's references resolve to the stand-ins made from its own resources: the table (keys,
 *   indexes, time to live), the buckets, the user pool (its rules, clients, groups and triggers), the
 *   secret, the SSM parameter, the guardrail, the state machine (its definition asset, its substitutions);
 * - the AWS SDK in each function reaches the stand-ins through the SDK's own `AWS_ENDPOINT_URL_<SERVICE>`
 *   variables, never through the app's local-only settings; an AWS address in a value (Cognito's issuer) is
 *   mapped to its emulator's;
 * - events come as their real triggers send them: API Gateway HTTP API v2 events from the front
 *   (bin/rehearsal/front.ts), Step Functions task payloads from the definition run by the local runner,
 *   Cognito trigger events from cognito-local, the schedule rule's input;
 * - the bucket deployment copies the SPA and its deploy-time app-config.json as the custom resource does.
 */

const ACCOUNT_ID = '123456789012';
/** The region an environment-agnostic stack is rehearsed in. */
const DEFAULT_REGION = 'us-east-1';
/** s3rver accepts only its own key pair; the other stand-ins accept any signed request. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type Rehearsal = Readonly<{
  url: string;
  /** The HTTP API's own address, around CloudFront. */
  apiUrl: string;
  stackName: string;
  region: string;
  /** What the rehearsal left to AWS, by resource, with why. */
  notRehearsed: readonly string[];
  /** The template's Outputs, resolved. */
  outputs: Readonly<Record<string, unknown>>;
  logDir: string;
  functions(): readonly FunctionFigures[];
  controlPlane: ControlPlane;
  /** Every function's output so far, by function name. */
  functionLogs(): Readonly<Record<string, string>>;
  stop(): Promise<void>;
}>;

export type RehearsalOptions = Readonly<{ assemblyDir: string; port?: number; log?: (line: string) => void }>;

/** The bootstrap version this checkout's CDK CLI writes (its bootstrap template's `CdkBootstrapVersion`). */
function bootstrapVersion(): string {
  const template = readFileSync(
    fromRoot('node_modules', 'aws-cdk', 'lib', 'api', 'bootstrap', 'bootstrap-template.yaml'),
    'utf8',
  );
  const version = /CdkBootstrapVersion:[\s\S]*?Value: '(\d+)'/.exec(template)?.[1];
  if (!version) throw new Error("could not read the CDK CLI's bootstrap version");
  return version;
}

/** The stack that holds the application (the one with functions); the others are reported. */
function applicationStack(stacks: readonly AssemblyStack[]): AssemblyStack {
  const withFunctions = stacks.filter((stack) =>
    lambdaFunctionsOf(stack).some((fn) => fn.runtime.startsWith('nodejs')),
  );
  if (withFunctions.length !== 1)
    throw new Error(`expected one stack with Node functions, found ${withFunctions.length}`);
  return withFunctions[0] as AssemblyStack;
}

function resourcesOfType(stack: AssemblyStack, type: string): [string, CfnResource][] {
  return Object.entries(stack.template.Resources).filter(([, resource]) => resource.Type === type);
}

function onlyOne(stack: AssemblyStack, type: string): [string, CfnResource] {
  const found = resourcesOfType(stack, type);
  if (found.length !== 1) throw new Error(`the rehearsal stands in for one ${type}; the template has ${found.length}`);
  return found[0] as [string, CfnResource];
}

const lowerKeys = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));

export async function startRehearsal(options: RehearsalOptions): Promise<Rehearsal> {
  const log = options.log ?? (() => undefined);
  const assembly = readCloudAssembly(options.assemblyDir);
  const stack = applicationStack(assembly.stacks);
  // Where the deploy would go: the stack's pinned region, or the one its rules require, or a default.
  const region = stack.region ?? regionRequiredByRules(stack.template) ?? DEFAULT_REGION;
  const identity = { region, accountId: ACCOUNT_ID, stackName: stack.name };
  const root = mkdtempSync(join(tmpdir(), 'story-magic-rehearsal-'));
  const logDir = join(root, 'logs');
  mkdirSync(logDir, { recursive: true });
  const stoppers: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const each of stoppers.reverse()) await Promise.resolve(each()).catch(() => undefined);
    stoppers.length = 0;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    // By type: how many of each the rehearsal leaves to AWS, and why.
    const notRehearsed: string[] = [];
    const counts = new Map<string, number>();
    for (const each of assembly.stacks) {
      for (const resource of Object.values(each.template.Resources)) {
        if (NOT_REHEARSED[resource.Type]) counts.set(resource.Type, (counts.get(resource.Type) ?? 0) + 1);
      }
    }
    for (const [type, count] of counts) notRehearsed.push(`${count} × ${type}: ${NOT_REHEARSED[type] ?? ''}`);

    // The emulators, and the Lambda Invoke API cognito-local calls the triggers through.
    const pools: LambdaFunctionPool[] = [];
    const lambdaApi = await startLambdaInvokeApi(pools);
    stoppers.push(lambdaApi.stop);
    const dynamo = await startDynamoDbLocal({
      port: await freePort(),
      dataDir: undefined,
      logFile: join(logDir, 'dynamodb-local.log'),
    });
    stoppers.push(dynamo.process.stop);
    const s3 = await startS3Local({ port: await freePort(), dataDir: join(root, 's3') });
    stoppers.push(s3.stop);
    const speech = await startSpeechEngine(logDir);
    stoppers.push(speech.stop);
    const polly = await startPollyTwin({ speechEngineUrl: speech.url });
    stoppers.push(polly.stop);

    // Physical names (a first pass: the user pool's ids come from cognito-local, below).
    const physical = physicalNamesOf(stack, identity, new Map());
    const secrets = new Map<string, string>();
    for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::SecretsManager::Secret')) {
      secrets.set(physical.get(logicalId)?.ref ?? '', generatedSecret(resource));
    }
    // An account bootstrapped by this checkout's CDK CLI (the version its bootstrap template writes).
    const parameters = new Map<string, string>([['/cdk-bootstrap/hnb659fds/version', bootstrapVersion()]]);
    // The operator's step before a first deploy (README runbook): the media signing public key in Parameter Store.
    const mediaKey = newMediaSigningKey();
    const mediaKeyNames = mediaSigningParameterNames(stack.name);
    parameters.set(mediaKeyNames.publicKey, mediaKey.publicKey);
    const context: ResolveContext = { ...identity, template: stack.template, physical, secrets, parameters };
    const refused = failedRule(stack.template, context);
    if (refused) throw new Error(`CloudFormation would refuse the deploy in ${region}: ${refused}`);

    const [poolLogicalId, poolResource] = onlyOne(stack, 'AWS::Cognito::UserPool');
    const lambdaConfig = (resolveValue(poolResource.Properties?.LambdaConfig ?? {}, context) ?? {}) as Record<
      string,
      string
    >;
    const cognito = await startCognitoLocal({
      port: await freePort(),
      dataDir: join(root, 'cognito'),
      lambdaEndpoint: lambdaApi.url,
      logFile: join(logDir, 'cognito-local.log'),
      triggers: lambdaConfig,
    });
    stoppers.push(cognito.process.stop);
    const cognitoClient = new CognitoIdentityProviderClient({
      region,
      endpoint: cognito.endpoint,
      credentials: CREDENTIALS,
    });
    const userPool = await createUserPool(cognitoClient, stack, poolLogicalId, `${stack.name}-${poolLogicalId}`);
    const poolArn = `arn:aws:cognito-idp:${region}:${ACCOUNT_ID}:userpool/${userPool.userPoolId}`;
    physical.set(poolLogicalId, {
      ref: userPool.userPoolId,
      attributes: {
        Arn: poolArn,
        ProviderName: `cognito-idp.${region}.amazonaws.com/${userPool.userPoolId}`,
        ProviderURL: `https://cognito-idp.${region}.amazonaws.com/${userPool.userPoolId}`,
        UserPoolId: userPool.userPoolId,
      },
    } satisfies PhysicalResource);
    for (const [logicalId, clientId] of userPool.clients)
      physical.set(logicalId, { ref: clientId, attributes: { ClientId: clientId } });
    for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::SSM::Parameter')) {
      parameters.set(
        physical.get(logicalId)?.ref ?? '',
        resolveString(resource.Properties?.Value, context, `${logicalId}.Value`),
      );
    }
    // The operator's step after it: the private key, a SecureString under the stack's own KMS key, which only
    // the functions its policy names may have SSM decrypt.
    const keyRefusal = keyPolicyRefusal(
      stack,
      context,
      mediaKeyNames.keyAlias,
      mediaKeyNames.privateKey,
      'MEDIA_SIGNING_KEY_PARAMETER',
    );
    if (keyRefusal) throw new Error(keyRefusal);
    parameters.set(mediaKeyNames.privateKey, mediaKey.privateKey);

    // The guardrails the account has: the template's, in the stack's region.
    const guardrails = resourcesOfType(stack, 'AWS::Bedrock::GuardrailVersion').map(([logicalId, resource]) => ({
      id: resolveString(resource.Properties?.GuardrailIdentifier, context, `${logicalId}.GuardrailIdentifier`),
      version: physical.get(logicalId)?.attributes?.Version ?? '1',
      region,
    }));
    // The account's quotas: those the deploy sized its capacity gate for (the workflow's BEDROCK_QUOTAS), or
    // `BEDROCK_TWIN_QUOTAS` to rehearse another account.
    const sizedFor = lambdaFunctionsOf(stack)
      .map((fn) => fn.environment.BEDROCK_QUOTAS)
      .find((value) => value !== undefined);
    const bedrock = await startBedrockTwin({
      port: 0,
      guardrails,
      quotas:
        parseQuotaSetting(process.env.BEDROCK_TWIN_QUOTAS) ??
        parseQuotaSetting(
          sizedFor === undefined ? undefined : resolveString(sizedFor, context, 'BEDROCK_QUOTAS'),
          'BEDROCK_QUOTAS',
        ),
    });
    stoppers.push(bedrock.stop);

    // AWS's addresses in values (the token issuer and its keys) point at their emulators here.
    const localize = (value: string) =>
      value.replaceAll(`https://cognito-idp.${region}.amazonaws.com`, cognito.endpoint);

    const machines: StateMachineSpec[] = [];
    const controlPlane = await startControlPlane({
      region,
      stateMachines: machines,
      functions: pools,
      parameters,
      secureParameters: new Set([mediaKeyNames.privateKey]),
    });
    stoppers.push(controlPlane.stop);

    // The SDK's own endpoint variables: each service the functions call, at its stand-in. Any other service
    // reaches the control plane, which answers that it is not rehearsed (so the log names it).
    const endpoints: Record<string, string> = {
      AWS_ENDPOINT_URL: controlPlane.url,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SFN: controlPlane.url,
      AWS_ENDPOINT_URL_SSM: controlPlane.url,
      AWS_ENDPOINT_URL_CLOUDFRONT: controlPlane.url,
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
      AWS_ENDPOINT_URL_POLLY: polly.url,
    };

    for (const fn of lambdaFunctionsOf(stack).filter((each) => each.runtime.startsWith('nodejs'))) {
      const names = physical.get(fn.logicalId);
      const environment: Record<string, string> = { ...endpoints };
      for (const [name, value] of Object.entries(fn.environment)) {
        try {
          environment[name] = localize(resolveString(value, context, name));
        } catch (error) {
          throw new Error(`${fn.logicalId}: environment variable ${name}: ${(error as Error).message}`, {
            cause: error,
          });
        }
      }
      const place = {
        taskRoot: join(root, 'functions', fn.logicalId, 'task'),
        tmp: join(root, 'functions', fn.logicalId, 'tmp'),
        logFile: join(logDir, `${fn.logicalId}.log`),
      };
      pools.push(
        createFunctionPool(
          {
            name: names?.ref ?? fn.logicalId,
            arn: names?.attributes?.Arn ?? '',
            logicalId: fn.logicalId,
            runtime: fn.runtime,
            handler: fn.handler,
            assetDir: fn.assetDir,
            memorySize: fn.memorySize,
            timeoutSeconds: fn.timeoutSeconds,
            reservedConcurrency: fn.reservedConcurrency,
            environment,
          },
          place,
          { region, credentials: CREDENTIALS },
        ),
      );
    }
    stoppers.push(() => pools.forEach((pool) => pool.stop()));

    for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::StepFunctions::StateMachine')) {
      const props = resource.Properties ?? {};
      const location = props.DefinitionS3Location as { Key?: unknown } | undefined;
      let text = location
        ? readFileSync(assetOf(stack, location.Key, `${logicalId}'s definition`).path, 'utf8')
        : typeof props.DefinitionString === 'string'
          ? props.DefinitionString
          : resolveString(props.DefinitionString, context, `${logicalId}.DefinitionString`);
      const substitutions = (resolveValue(props.DefinitionSubstitutions ?? {}, context) ?? {}) as Record<
        string,
        string
      >;
      for (const [key, value] of Object.entries(substitutions)) text = text.replaceAll(`\${${key}}`, value);
      const names = physical.get(logicalId);
      machines.push({
        arn: names?.ref ?? '',
        name: names?.attributes?.Name ?? logicalId,
        definition: JSON.parse(text) as ConstructorParameters<typeof StateMachine>[0],
      });
    }

    // The data stand-ins, from the template's properties.
    const dynamoClient = new DynamoDBClient({ region, endpoint: dynamo.endpoint, credentials: CREDENTIALS });
    for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::DynamoDB::Table')) {
      await createTable(dynamoClient, physical.get(logicalId)?.ref ?? '', resource.Properties ?? {});
    }
    const s3Client = new S3Client({ region, endpoint: s3.endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    for (const [logicalId] of resourcesOfType(stack, 'AWS::S3::Bucket')) {
      await createBucket(s3Client, physical.get(logicalId)?.ref ?? '');
    }
    let deployed = 0;
    for (const [, resource] of resourcesOfType(stack, 'Custom::CDKBucketDeployment')) {
      deployed += await runBucketDeployment(s3Client, stack, resource, context);
    }
    log(`deployed ${deployed} files of the web app to its bucket, as the bucket deployment does`);

    const frontPort = options.port ?? (await freePort());
    const frontUrl = `http://127.0.0.1:${frontPort}`;
    const cognitoProxy = { path: '/cognito-idp', target: cognito.endpoint };
    const frontModel = { ...buildFrontModel(stack, context, pools, localize), cognitoProxy };
    const appBucket = frontModel.behaviors.find((each) => each.pathPattern === undefined)?.origin;
    if (appBucket?.kind === 's3')
      await pointAppConfigAtCognito(s3Client, appBucket.bucket, `${frontUrl}${cognitoProxy.path}`);
    const front = await startFront(frontModel, s3Client, frontPort);
    stoppers.push(front.stop);

    // Schedules: each rule's targets are invoked with the rule's input once now, then at its rate.
    for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::Events::Rule')) {
      const props = (resolveValue(resource.Properties ?? {}, context) ?? {}) as {
        ScheduleExpression?: string;
        Targets?: { Arn: string; Input?: string }[];
      };
      const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(props.ScheduleExpression ?? '');
      const minutes = Number(rate?.[1]) * ({ minute: 1, hour: 60, day: 24 * 60 }[rate?.[2] ?? ''] ?? 0);
      if (!minutes) {
        notRehearsed.push(
          `${stack.name}/${logicalId} (AWS::Events::Rule): ${props.ScheduleExpression ?? 'no schedule'}`,
        );
        continue;
      }
      const fire = () => {
        for (const target of props.Targets ?? []) {
          const pool = pools.find((each) => each.spec.arn === target.Arn);
          if (!pool) throw new Error(`${logicalId}: target ${target.Arn} is not a function of the template`);
          void pool.invoke(target.Input ? JSON.parse(target.Input) : {}).then((outcome) => {
            if (!outcome.ok)
              log(`✗ ${logicalId} → ${pool.spec.logicalId}: ${outcome.errorType} ${outcome.errorMessage}`);
          });
        }
      };
      fire();
      const timer = setInterval(fire, minutes * 60_000);
      timer.unref();
      stoppers.push(() => clearInterval(timer));
    }

    const outputs = Object.fromEntries(
      Object.entries(stack.template.Outputs ?? {}).map(([name, output]) => [name, resolveValue(output.Value, context)]),
    );
    return {
      url: front.url,
      apiUrl: front.apiUrl,
      stackName: stack.name,
      region,
      notRehearsed,
      outputs,
      logDir,
      functions: () => pools.map((pool) => pool.figures()),
      controlPlane,
      functionLogs: () =>
        Object.fromEntries(
          readdirSync(logDir)
            .filter((file) => pools.some((pool) => file === `${pool.spec.logicalId}.log`))
            .map((file) => [file.replace(/\.log$/, ''), readFileSync(join(logDir, file), 'utf8')]),
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The web app's deploy-time settings name the account's Cognito; here the browser (and the smoke test)
 * must reach cognito-local instead, so the deployed app-config.json gets an endpoint, as `npm start`'s has:
 * the front's Cognito path, on the site's own origin, which the deployed content security policy allows.
 * The one change the rehearsal makes to what was deployed.
 */
async function pointAppConfigAtCognito(s3: S3Client, bucket: string, endpoint: string): Promise<void> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'app-config.json' }));
  const config = JSON.parse((await object.Body?.transformToString()) ?? '{}') as Record<string, unknown>;
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: 'app-config.json',
      Body: JSON.stringify({ ...config, userPoolEndpoint: endpoint }),
      ContentType: object.ContentType ?? 'application/json',
      ...(object.CacheControl ? { CacheControl: object.CacheControl } : {}),
    }),
  );
}

/** A response headers policy's headers, as CloudFront adds them. */
function headersPolicyOf(config: Record<string, unknown>): HeadersPolicy {
  const set: { name: string; value: string; override: boolean }[] = [];
  const security = (config.SecurityHeadersConfig ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const csp = security.ContentSecurityPolicy;
  if (csp)
    set.push({
      name: 'content-security-policy',
      value: String(csp.ContentSecurityPolicy),
      override: Boolean(csp.Override),
    });
  if (security.ContentTypeOptions)
    set.push({
      name: 'x-content-type-options',
      value: 'nosniff',
      override: Boolean(security.ContentTypeOptions.Override),
    });
  const frame = security.FrameOptions;
  if (frame) set.push({ name: 'x-frame-options', value: String(frame.FrameOption), override: Boolean(frame.Override) });
  const referrer = security.ReferrerPolicy;
  if (referrer)
    set.push({ name: 'referrer-policy', value: String(referrer.ReferrerPolicy), override: Boolean(referrer.Override) });
  const hsts = security.StrictTransportSecurity;
  if (hsts) {
    const value = `max-age=${String(hsts.AccessControlMaxAgeSec)}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`;
    set.push({ name: 'strict-transport-security', value, override: Boolean(hsts.Override) });
  }
  const custom =
    (config.CustomHeadersConfig as { Items?: { Header: string; Value: string; Override: boolean }[] } | undefined)
      ?.Items ?? [];
  for (const item of custom) set.push({ name: item.Header.toLowerCase(), value: item.Value, override: item.Override });
  return { set };
}

/** The front's behaviours and API from the template's distribution and HTTP API. */
function buildFrontModel(
  stack: AssemblyStack,
  context: ResolveContext,
  pools: readonly LambdaFunctionPool[],
  localize: (value: string) => string,
): Omit<FrontModel, 'cognitoProxy'> {
  const [, distribution] = onlyOne(stack, 'AWS::CloudFront::Distribution');
  const config = resolveValue((distribution.Properties ?? {}).DistributionConfig, context) as {
    Origins: {
      Id: string;
      DomainName: string;
      OriginPath?: string;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[];
    }[];
    DefaultCacheBehavior: Record<string, unknown>;
    CacheBehaviors?: Record<string, unknown>[];
    DefaultRootObject?: string;
  };
  const [apiLogicalId] = onlyOne(stack, 'AWS::ApiGatewayV2::Api');
  const apiId = context.physical.get(apiLogicalId)?.ref ?? '';
  const buckets = new Map(
    resourcesOfType(stack, 'AWS::S3::Bucket').map(([logicalId]) => {
      const names = context.physical.get(logicalId);
      return [names?.attributes?.RegionalDomainName ?? '', names?.ref ?? ''] as const;
    }),
  );
  const origins = new Map<string, FrontOrigin>(
    config.Origins.map((origin) => {
      const bucket = buckets.get(origin.DomainName);
      if (bucket) return [origin.Id, { kind: 's3', bucket, originPath: origin.OriginPath ?? '' }];
      if (origin.DomainName.startsWith(`${apiId}.execute-api.`)) {
        const customHeaders = lowerKeys(
          Object.fromEntries(
            (origin.OriginCustomHeaders ?? []).map((header) => [header.HeaderName, header.HeaderValue]),
          ),
        );
        return [origin.Id, { kind: 'api', customHeaders, host: origin.DomainName }];
      }
      throw new Error(`distribution origin ${origin.Id} (${origin.DomainName}) is neither a bucket nor the HTTP API`);
    }),
  );
  const functionCode = new Map(
    resourcesOfType(stack, 'AWS::CloudFront::Function').map(([logicalId, resource]) => [
      context.physical.get(logicalId)?.attributes?.FunctionARN ?? '',
      String(resource.Properties?.FunctionCode ?? ''),
    ]),
  );
  const policies = new Map(
    resourcesOfType(stack, 'AWS::CloudFront::ResponseHeadersPolicy').map(([logicalId, resource]) => [
      context.physical.get(logicalId)?.ref ?? '',
      headersPolicyOf(
        resolveValue(resource.Properties?.ResponseHeadersPolicyConfig, context) as Record<string, unknown>,
      ),
    ]),
  );
  // CloudFront's key groups: each one's public keys (their ids are the cookies' Key-Pair-Id), by group id.
  const publicKeys = new Map(
    resourcesOfType(stack, 'AWS::CloudFront::PublicKey').map(([logicalId, resource]) => [
      context.physical.get(logicalId)?.ref ?? '',
      resolveString(
        (resource.Properties?.PublicKeyConfig as { EncodedKey?: unknown } | undefined)?.EncodedKey,
        context,
        `${logicalId}.EncodedKey`,
      ),
    ]),
  );
  const keyGroups = new Map(
    resourcesOfType(stack, 'AWS::CloudFront::KeyGroup').map(([logicalId, resource]) => {
      const { Items } = resolveValue(resource.Properties?.KeyGroupConfig, context) as { Items: string[] };
      return [
        context.physical.get(logicalId)?.ref ?? '',
        Items.map((id) => [id, publicKeys.get(id) ?? ''] as const),
      ] as const;
    }),
  );
  const trustedKeysOf = (groups: unknown) =>
    Array.isArray(groups) && groups.length > 0
      ? new Map(groups.flatMap((group) => keyGroups.get(String(group)) ?? []))
      : undefined;
  const behaviorOf = (behavior: Record<string, unknown>): FrontBehavior => {
    const origin = origins.get(String(behavior.TargetOriginId));
    if (!origin) throw new Error(`cache behaviour targets unknown origin ${String(behavior.TargetOriginId)}`);
    const associations = (behavior.FunctionAssociations ?? []) as { EventType: string; FunctionARN: string }[];
    const viewerRequest = associations.find((each) => each.EventType === 'viewer-request');
    if (associations.some((each) => each.EventType !== 'viewer-request')) {
      throw new Error('only viewer-request CloudFront Functions are rehearsed');
    }
    return {
      pathPattern: behavior.PathPattern as string | undefined,
      allowedMethods: (behavior.AllowedMethods as string[] | undefined) ?? ['GET', 'HEAD'],
      origin,
      viewerRequest: viewerRequest ? functionCode.get(viewerRequest.FunctionARN) : undefined,
      headersPolicy: behavior.ResponseHeadersPolicyId
        ? policies.get(String(behavior.ResponseHeadersPolicyId))
        : undefined,
      trustedKeys: trustedKeysOf(behavior.TrustedKeyGroups),
    };
  };

  const ofApi = (resource: CfnResource) =>
    JSON.stringify(resource.Properties?.ApiId) === JSON.stringify({ Ref: apiLogicalId });
  const integrations = new Map(
    resourcesOfType(stack, 'AWS::ApiGatewayV2::Integration')
      .filter(([, resource]) => ofApi(resource))
      .map(([logicalId, resource]) => {
        const props = resolveValue(resource.Properties ?? {}, context) as {
          IntegrationType: string;
          IntegrationUri: string;
          PayloadFormatVersion?: string;
          TimeoutInMillis?: number;
        };
        if (props.IntegrationType !== 'AWS_PROXY' || props.PayloadFormatVersion !== '2.0') {
          throw new Error(`${logicalId}: only Lambda proxy integrations with payload format 2.0 are rehearsed`);
        }
        const pool = pools.find((each) => each.spec.arn === props.IntegrationUri);
        if (!pool) throw new Error(`${logicalId}: ${props.IntegrationUri} is not a function of the template`);
        return [
          context.physical.get(logicalId)?.ref ?? '',
          { pool, timeoutMs: props.TimeoutInMillis ?? 30_000 },
        ] as const;
      }),
  );
  const authorizers = new Map(
    resourcesOfType(stack, 'AWS::ApiGatewayV2::Authorizer')
      .filter(([, resource]) => ofApi(resource))
      .map(([logicalId, resource]) => {
        const jwt = resolveValue(resource.Properties?.JwtConfiguration, context) as {
          Issuer: string;
          Audience: string[];
        };
        return [
          context.physical.get(logicalId)?.ref ?? '',
          { issuer: localize(jwt.Issuer), audiences: jwt.Audience },
        ] as const;
      }),
  );
  const routes: HttpApiRoute[] = [];
  let integration: { pool: LambdaFunctionPool; timeoutMs: number } | undefined;
  let authorizer: { issuer: string; audiences: string[] } | undefined;
  for (const [logicalId, resource] of resourcesOfType(stack, 'AWS::ApiGatewayV2::Route').filter(([, r]) => ofApi(r))) {
    const props = resolveValue(resource.Properties ?? {}, context) as {
      RouteKey: string;
      AuthorizationType?: string;
      AuthorizerId?: string;
      Target: string;
    };
    const [method, path] = props.RouteKey.split(' ');
    const target = integrations.get(props.Target.replace(/^integrations\//, ''));
    if (!target) throw new Error(`${logicalId}: target ${props.Target} is not an integration of the API`);
    if (integration && integration.pool !== target.pool)
      throw new Error('the rehearsal runs one integration function per API');
    integration = target;
    const jwt = props.AuthorizationType === 'JWT';
    if (jwt) {
      const found = authorizers.get(props.AuthorizerId ?? '');
      if (!found) throw new Error(`${logicalId}: authorizer ${String(props.AuthorizerId)} not found`);
      authorizer = found;
    } else if (props.AuthorizationType && props.AuthorizationType !== 'NONE') {
      throw new Error(`${logicalId}: authorization ${props.AuthorizationType} is not rehearsed`);
    }
    routes.push({ method: method ?? 'ANY', path: path ?? '/', routeKey: props.RouteKey, jwt });
  }
  if (!integration) throw new Error('the HTTP API has no routes');
  const stage = resourcesOfType(stack, 'AWS::ApiGatewayV2::Stage').find(([, resource]) => ofApi(resource))?.[1];
  const throttling = stage?.Properties?.DefaultRouteSettings as
    { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number } | undefined;

  return {
    behaviors: [...(config.CacheBehaviors ?? []).map(behaviorOf), behaviorOf(config.DefaultCacheBehavior)],
    defaultRootObject: config.DefaultRootObject,
    region: context.region,
    accountId: context.accountId,
    api: {
      apiId,
      routes,
      authorizer,
      throttle:
        throttling?.ThrottlingRateLimit !== undefined
          ? {
              rate: throttling.ThrottlingRateLimit,
              burst: throttling.ThrottlingBurstLimit ?? throttling.ThrottlingRateLimit,
            }
          : undefined,
      integration: integration.pool,
      timeoutMs: Math.min(integration.timeoutMs, 30_000),
    },
  };
}
