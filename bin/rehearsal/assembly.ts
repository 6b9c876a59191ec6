import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A synthesized cloud assembly (`cdk.out`), read the way the CDK CLI reads it before a deploy: the manifest
 * names each stack's template and asset manifest; the asset manifest maps each object key the template names
 * to the file or directory `cdk deploy` uploads there. Nothing here imports the CDK app: what is read is what
 * ships.
 */

export type CfnValue = unknown;
export type CfnResource = Readonly<{
  Type: string;
  Properties?: Record<string, CfnValue>;
  Metadata?: Record<string, CfnValue>;
  DependsOn?: string | string[];
}>;
export type CfnTemplate = Readonly<{
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: CfnValue }>;
  Parameters?: Record<string, CfnValue>;
}>;

export type FileAsset = Readonly<{ path: string; packaging: 'zip' | 'file' }>;

export type AssemblyStack = Readonly<{
  name: string;
  /** The region the stack is pinned to, or undefined for an environment-agnostic stack. */
  region: string | undefined;
  template: CfnTemplate;
  /** Uploaded files by the object key the template names (`<hash>.zip`, `<hash>.json`). */
  assets: ReadonlyMap<string, FileAsset>;
}>;

export type CloudAssembly = Readonly<{ dir: string; stacks: readonly AssemblyStack[] }>;

type Manifest = {
  artifacts?: Record<
    string,
    { type: string; environment?: string; properties?: { templateFile?: string; file?: string } }
  >;
};
type AssetManifest = {
  files?: Record<
    string,
    { source: { path: string; packaging?: 'zip' | 'file' }; destinations: Record<string, { objectKey: string }> }
  >;
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

export function readCloudAssembly(dir: string): CloudAssembly {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dir} holds no cloud assembly (no manifest.json): synthesize first`);
  const artifacts = readJson<Manifest>(manifestFile).artifacts ?? {};
  const assets = new Map<string, FileAsset>();
  for (const artifact of Object.values(artifacts)) {
    if (artifact.type !== 'cdk:asset-manifest' || !artifact.properties?.file) continue;
    for (const file of Object.values(readJson<AssetManifest>(join(dir, artifact.properties.file)).files ?? {})) {
      for (const destination of Object.values(file.destinations)) {
        assets.set(destination.objectKey, {
          path: join(dir, file.source.path),
          packaging: file.source.packaging ?? 'file',
        });
      }
    }
  }
  const stacks = Object.entries(artifacts)
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack' && artifact.properties?.templateFile)
    .map(([name, artifact]) => {
      const region = /^aws:\/\/[^/]+\/([a-z0-9-]+)$/.exec(artifact.environment ?? '')?.[1];
      return {
        name,
        region: region === 'unknown-region' ? undefined : region,
        template: readJson<CfnTemplate>(join(dir, artifact.properties?.templateFile ?? '')),
        assets,
      };
    });
  return { dir, stacks };
}

/** The uploaded file or directory an `{S3Bucket, S3Key}` (or `{Bucket, Key}`) of the template names. */
export function assetOf(stack: AssemblyStack, objectKey: unknown, what: string): FileAsset {
  const asset = typeof objectKey === 'string' ? stack.assets.get(objectKey) : undefined;
  if (!asset)
    throw new Error(`${stack.name}: ${what} names ${JSON.stringify(objectKey)}, which no asset manifest lists`);
  return asset;
}

export type CloudAssemblyFunction = Readonly<{
  stack: string;
  logicalId: string;
  runtime: string;
  handler: string;
  /** The directory `cdk deploy` zips and uploads as the function's code. */
  assetDir: string;
  memorySize: number;
  timeoutSeconds: number;
  architecture: string;
  environment: Readonly<Record<string, CfnValue>>;
  reservedConcurrency: number | undefined;
  metadata: Readonly<Record<string, CfnValue>>;
}>;

/** Every AWS::Lambda::Function of a stack, with its code asset and settings as the template gives them. */
export function lambdaFunctionsOf(stack: AssemblyStack): CloudAssemblyFunction[] {
  return Object.entries(stack.template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([logicalId, resource]) => {
      const props = resource.Properties ?? {};
      const code = props.Code as { S3Key?: unknown; ZipFile?: unknown } | undefined;
      if (code?.ZipFile !== undefined) throw new Error(`${stack.name}/${logicalId}: inline code is not rehearsed`);
      const asset = assetOf(stack, code?.S3Key, `${logicalId}'s code`);
      if (asset.packaging !== 'zip') throw new Error(`${stack.name}/${logicalId}: code asset is not a directory`);
      const variables = (props.Environment as { Variables?: Record<string, CfnValue> } | undefined)?.Variables;
      const architectures = props.Architectures as string[] | undefined;
      return {
        stack: stack.name,
        logicalId,
        runtime: String(props.Runtime),
        handler: String(props.Handler),
        assetDir: asset.path,
        // Lambda's defaults when the template says nothing.
        memorySize: Number(props.MemorySize ?? 128),
        timeoutSeconds: Number(props.Timeout ?? 3),
        architecture: architectures?.[0] ?? 'x86_64',
        environment: variables ?? {},
        reservedConcurrency:
          props.ReservedConcurrentExecutions === undefined ? undefined : Number(props.ReservedConcurrentExecutions),
        metadata: resource.Metadata ?? {},
      };
    });
}
