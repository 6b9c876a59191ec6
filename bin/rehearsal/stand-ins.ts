import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { CreateTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { assetOf, type AssemblyStack, type CfnResource } from './assembly.js';
import { resolveString, resolveValue, type PhysicalResource, type ResolveContext } from './intrinsics.js';

/**
 * The rehearsal's stand-in for each resource of the template: its physical name and attributes (what
 * `Ref` and `Fn::GetAtt` answer), and, for the resources an emulator holds, the resource itself, made from
 * the template's own properties (the table's keys and indexes, the user pool's rules, the buckets, what a
 * bucket deployment copies). Resource types no stand-in exists for are named, never skipped in silence.
 */

/** Resource types the rehearsal makes, answers for, or knowingly leaves to AWS (with why). */
export const NOT_REHEARSED: Readonly<Record<string, string>> = {
  'AWS::IAM::Role': 'IAM is not enforced here; test/infra/iam-coverage.test.ts checks each call is granted',
  'AWS::IAM::Policy': 'IAM is not enforced here; test/infra/iam-coverage.test.ts checks each call is granted',
  'AWS::Logs::LogGroup': 'function output goes to the rehearsal log folder',
  'AWS::Lambda::Permission': 'every caller may invoke here',
  'AWS::S3::BucketPolicy': 'S3 access is not enforced here',
  'AWS::CloudFront::OriginAccessControl': 'the front reads the buckets directly',
  'AWS::Lambda::LayerVersion': 'only the bucket deployment (run by the rehearsal itself) uses it',
  'AWS::Bedrock::GuardrailVersion': 'the Bedrock twin stands in for the guardrail',
  'AWS::Budgets::Budget': 'no spending here',
  'AWS::WAFv2::WebACL': 'the web ACL is not in front of the rehearsal',
  'AWS::CloudWatch::Alarm': 'no metrics are collected here',
  'AWS::SNS::Topic': 'no alarms are sent here',
  'AWS::SNS::Subscription': 'no alarms are sent here',
  'AWS::CloudWatch::Dashboard': 'no metrics are collected here',
  'AWS::KMS::Key': 'nothing is encrypted here (its key policy is checked: it names each function that reads the key)',
};

const suffix = () => randomBytes(6).toString('hex').toUpperCase();
const lowerSuffix = () => randomBytes(4).toString('hex');

export type Identity = Readonly<{ region: string; accountId: string; stackName: string }>;

/** The physical name and attributes CloudFormation would give each resource, made up in its own format. */
export function physicalNamesOf(
  stack: AssemblyStack,
  identity: Identity,
  known: ReadonlyMap<string, PhysicalResource>,
): Map<string, PhysicalResource> {
  const { region, accountId, stackName } = identity;
  const arn = (service: string, resource: string) => `arn:aws:${service}:${region}:${accountId}:${resource}`;
  const physical = new Map<string, PhysicalResource>(known);
  for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
    if (physical.has(logicalId)) continue;
    const props = resource.Properties ?? {};
    const generated = `${stackName}-${logicalId}`.slice(0, 50);
    switch (resource.Type) {
      case 'AWS::S3::Bucket': {
        const name = `${stackName}-${logicalId}`.toLowerCase().slice(0, 50) + `-${lowerSuffix()}`;
        physical.set(logicalId, {
          ref: name,
          attributes: {
            Arn: `arn:aws:s3:::${name}`,
            DomainName: `${name}.s3.amazonaws.com`,
            RegionalDomainName: `${name}.s3.${region}.amazonaws.com`,
          },
        });
        break;
      }
      case 'AWS::DynamoDB::Table': {
        const name = typeof props.TableName === 'string' ? props.TableName : `${generated}-${suffix()}`;
        physical.set(logicalId, { ref: name, attributes: { Arn: arn('dynamodb', `table/${name}`) } });
        break;
      }
      case 'AWS::Lambda::Function': {
        const name =
          typeof props.FunctionName === 'string' ? props.FunctionName : `${generated}-${suffix()}`.slice(0, 64);
        physical.set(logicalId, { ref: name, attributes: { Arn: arn('lambda', `function:${name}`) } });
        break;
      }
      case 'AWS::StepFunctions::StateMachine': {
        const name = typeof props.StateMachineName === 'string' ? props.StateMachineName : `${generated}-${suffix()}`;
        const machineArn = arn('states', `stateMachine:${name}`);
        physical.set(logicalId, { ref: machineArn, attributes: { Arn: machineArn, Name: name } });
        break;
      }
      case 'AWS::SecretsManager::Secret': {
        const secretArn = arn('secretsmanager', `secret:${logicalId}-${lowerSuffix()}`);
        physical.set(logicalId, { ref: secretArn, attributes: { Id: secretArn } });
        break;
      }
      case 'AWS::SSM::Parameter': {
        const name = typeof props.Name === 'string' ? props.Name : `CFN-${logicalId}-${suffix()}`;
        physical.set(logicalId, { ref: name, attributes: { Type: String(props.Type ?? 'String') } });
        break;
      }
      case 'AWS::Bedrock::Guardrail': {
        const id = lowerSuffix() + lowerSuffix().slice(0, 4);
        physical.set(logicalId, {
          ref: arn('bedrock', `guardrail/${id}`),
          attributes: { GuardrailId: id, GuardrailArn: arn('bedrock', `guardrail/${id}`), Version: 'DRAFT' },
        });
        break;
      }
      case 'AWS::Bedrock::GuardrailVersion':
        physical.set(logicalId, { ref: `${logicalId}|1`, attributes: { Version: '1' } });
        break;
      case 'AWS::ApiGatewayV2::Api': {
        const id = lowerSuffix() + lowerSuffix().slice(0, 2);
        physical.set(logicalId, {
          ref: id,
          attributes: { ApiEndpoint: `https://${id}.execute-api.${region}.amazonaws.com`, ApiId: id },
        });
        break;
      }
      case 'AWS::CloudFront::Distribution': {
        const id = `E${suffix()}${suffix().slice(0, 1)}`;
        physical.set(logicalId, {
          ref: id,
          attributes: { DomainName: `d${lowerSuffix()}rehearsal.cloudfront.net`, Id: id },
        });
        break;
      }
      case 'AWS::CloudFront::Function':
        physical.set(logicalId, {
          ref: generated,
          attributes: { FunctionARN: `arn:aws:cloudfront::${accountId}:function/${generated}`, Stage: 'LIVE' },
        });
        break;
      case 'AWS::CloudFront::PublicKey': {
        const id = `K${suffix()}${suffix().slice(0, 1)}`;
        physical.set(logicalId, { ref: id, attributes: { Id: id } });
        break;
      }
      case 'AWS::CloudFront::KeyGroup': {
        const id = `${lowerSuffix()}-${lowerSuffix()}`;
        physical.set(logicalId, { ref: id, attributes: { Id: id } });
        break;
      }
      case 'AWS::CloudFront::OriginAccessControl':
        physical.set(logicalId, { ref: `E${suffix()}`, attributes: { Id: `E${suffix()}` } });
        break;
      case 'AWS::Logs::LogGroup': {
        const name = typeof props.LogGroupName === 'string' ? props.LogGroupName : `${generated}-${suffix()}`;
        physical.set(logicalId, { ref: name, attributes: { Arn: arn('logs', `log-group:${name}:*`) } });
        break;
      }
      case 'AWS::IAM::Role':
        physical.set(logicalId, {
          ref: generated,
          attributes: { Arn: `arn:aws:iam::${accountId}:role/${generated}`, RoleId: suffix() },
        });
        break;
      case 'AWS::Events::Rule':
        physical.set(logicalId, { ref: generated, attributes: { Arn: arn('events', `rule/${generated}`) } });
        break;
      case 'AWS::KMS::Key': {
        const id = `${lowerSuffix()}-${lowerSuffix().slice(0, 4)}-${lowerSuffix().slice(0, 4)}`;
        physical.set(logicalId, { ref: id, attributes: { Arn: arn('kms', `key/${id}`), KeyId: id } });
        break;
      }
      case 'AWS::Lambda::LayerVersion':
        physical.set(logicalId, { ref: arn('lambda', `layer:${generated}:1`) });
        break;
      default:
        // Anything else answers Ref with a made-up id; a GetAtt of it fails, naming it (intrinsics.ts).
        physical.set(logicalId, { ref: `${generated}-${suffix()}` });
    }
  }
  return physical;
}

/** A secret's value as `GenerateSecretString` would make it. */
export function generatedSecret(resource: CfnResource): string {
  const props = (resource.Properties?.GenerateSecretString ?? {}) as {
    PasswordLength?: number;
    ExcludePunctuation?: boolean;
  };
  const alphabet = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789${props.ExcludePunctuation ? '' : '!#$%&()*+,-./:;<=>?@[]^_{|}~'}`;
  const bytes = randomBytes(props.PasswordLength ?? 32);
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Creates a DynamoDB table in DynamoDB Local from its template properties (keys, indexes, time to live). */
export async function createTable(client: DynamoDBClient, name: string, props: Record<string, unknown>): Promise<void> {
  const indexes = props.GlobalSecondaryIndexes as
    { IndexName: string; KeySchema: unknown; Projection: unknown }[] | undefined;
  await client.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: props.AttributeDefinitions as never,
      KeySchema: props.KeySchema as never,
      BillingMode: (props.BillingMode as 'PAY_PER_REQUEST' | undefined) ?? 'PROVISIONED',
      ...(props.BillingMode === 'PAY_PER_REQUEST'
        ? {}
        : { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }),
      ...(indexes?.length
        ? {
            GlobalSecondaryIndexes: indexes.map((index) => ({
              IndexName: index.IndexName,
              KeySchema: index.KeySchema as never,
              Projection: index.Projection as never,
            })),
          }
        : {}),
    }),
  );
  const ttl = props.TimeToLiveSpecification as { AttributeName?: string; Enabled?: boolean } | undefined;
  if (ttl?.Enabled && ttl.AttributeName) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true },
      }),
    );
  }
}

export async function createBucket(client: S3Client, name: string): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: name }));
}

/** A user pool, its app clients and groups in cognito-local, from the template's properties. */
export async function createUserPool(
  client: CognitoIdentityProviderClient,
  stack: AssemblyStack,
  poolLogicalId: string,
  poolName: string,
): Promise<{ userPoolId: string; clients: Map<string, string> }> {
  const props = stack.template.Resources[poolLogicalId]?.Properties ?? {};
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: poolName,
      Policies: props.Policies as never,
      UsernameAttributes: props.UsernameAttributes as never,
      AutoVerifiedAttributes: props.AutoVerifiedAttributes as never,
      UsernameConfiguration: props.UsernameConfiguration as never,
      MfaConfiguration: props.MfaConfiguration as never,
      AdminCreateUserConfig: props.AdminCreateUserConfig as never,
    }),
  );
  const userPoolId = created.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local made a user pool without an id');
  const clients = new Map<string, string>();
  const ofPool = (resource: CfnResource) =>
    JSON.stringify(resource.Properties?.UserPoolId) === JSON.stringify({ Ref: poolLogicalId });
  for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
    if (resource.Type === 'AWS::Cognito::UserPoolClient' && ofPool(resource)) {
      const p = resource.Properties ?? {};
      const answer = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: String(p.ClientName ?? logicalId),
          GenerateSecret: Boolean(p.GenerateSecret),
          ExplicitAuthFlows: p.ExplicitAuthFlows as never,
          AccessTokenValidity: p.AccessTokenValidity as number | undefined,
          IdTokenValidity: p.IdTokenValidity as number | undefined,
          RefreshTokenValidity: p.RefreshTokenValidity as number | undefined,
          TokenValidityUnits: p.TokenValidityUnits as never,
          PreventUserExistenceErrors: p.PreventUserExistenceErrors as never,
          EnableTokenRevocation: p.EnableTokenRevocation as boolean | undefined,
        }),
      );
      const clientId = answer.UserPoolClient?.ClientId;
      if (!clientId) throw new Error(`cognito-local made ${logicalId} without an id`);
      clients.set(logicalId, clientId);
    }
  }
  for (const resource of Object.values(stack.template.Resources)) {
    if (resource.Type === 'AWS::Cognito::UserPoolGroup' && ofPool(resource)) {
      const p = resource.Properties ?? {};
      await client.send(
        new CreateGroupCommand({
          UserPoolId: userPoolId,
          GroupName: String(p.GroupName),
          Precedence: p.Precedence as number | undefined,
          Description: p.Description as string | undefined,
        }),
      );
    }
  }
  return { userPoolId, clients };
}

/** Content types as the bucket deployment's `aws s3 sync` guesses them, for the files the SPA has. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** `aws s3 sync`'s --exclude/--include patterns: `*` matches any characters, slashes too. */
const globMatches = (pattern: string, key: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(key);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * What CDK's bucket deployment (Custom::CDKBucketDeployment) does at deploy time: each source asset's files
 * into the destination bucket under its prefix, its deploy-time values (`<<marker:…>>`) substituted, the
 * excluded and included patterns applied, and the metadata (cache-control, content type) set.
 */
export async function runBucketDeployment(
  s3: S3Client,
  stack: AssemblyStack,
  resource: CfnResource,
  context: ResolveContext,
): Promise<number> {
  const props = resource.Properties ?? {};
  const bucket = resolveString(props.DestinationBucketName, context, 'DestinationBucketName');
  const prefix = props.DestinationBucketKeyPrefix
    ? resolveString(props.DestinationBucketKeyPrefix, context, 'DestinationBucketKeyPrefix')
    : '';
  const keys = props.SourceObjectKeys as string[];
  const markers = (resolveValue(props.SourceMarkers ?? [], context) as Record<string, string>[]) ?? [];
  const markersConfig = (props.SourceMarkersConfig ?? []) as { jsonEscape?: boolean }[];
  const exclude = (props.Exclude ?? []) as string[];
  const include = (props.Include ?? []) as string[];
  const metadata = (props.SystemMetadata ?? {}) as Record<string, string>;
  let copied = 0;
  for (const [index, key] of keys.entries()) {
    const asset = assetOf(stack, key, 'a bucket deployment source');
    if (asset.packaging !== 'zip' || !statSync(asset.path).isDirectory()) {
      throw new Error(`bucket deployment source ${key} is not a directory asset`);
    }
    const sourceMarkers = markers[index] ?? {};
    const escape = markersConfig[index]?.jsonEscape ?? false;
    for (const file of filesUnder(asset.path)) {
      const included = include.some((pattern) => globMatches(pattern, file));
      if (exclude.some((pattern) => globMatches(pattern, file)) && !included) continue;
      let body: Buffer = readFileSync(join(asset.path, file));
      const markerNames = Object.keys(sourceMarkers);
      if (markerNames.length > 0) {
        let text = body.toString('utf8');
        for (const name of markerNames) {
          const value = String(sourceMarkers[name]);
          text = text.replaceAll(name, escape ? JSON.stringify(value).slice(1, -1) : value);
        }
        body = Buffer.from(text);
      }
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${file}`,
          Body: body,
          ContentType: metadata['content-type'] ?? CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          ...(metadata['cache-control'] ? { CacheControl: metadata['cache-control'] } : {}),
        }),
      );
      copied += 1;
    }
  }
  return copied;
}
