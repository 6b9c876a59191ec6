import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  type CfnFunction,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fromRoot } from '../paths.js';
import { bundleLambda } from './lambda-bundling.js';

/** Node 22: the runtime `npm start` and the tests use (the `node@22` devDependency), so what is tested is what runs. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

/** The template metadata key naming the handler module a function's asset bundles. */
export const ENTRY_METADATA = 'story-magic:entry';
/** The template metadata key naming the story provider a function's asset was bundled for. */
export const PROVIDER_METADATA = 'story-magic:bundled-provider';
const ENTRY_VARIABLE = 'LAMBDA_ENTRY';
const PROVIDER_VARIABLE = 'LAMBDA_STORY_PROVIDER';

export interface NodeFunctionProps {
  /** Handler module relative to the repository root, exporting `handler`, e.g. `lambdas/api/handler.ts`. */
  readonly entry: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** Application logs may carry user data: keep them only as long as debugging needs. @default one month */
  readonly logRetention?: RetentionDays;
  /**
   * Concurrency set aside for this function, which is also its ceiling: the account's other functions can
   * never take it, and it can never take more. @default none (the account's unreserved pool)
   */
  readonly reservedConcurrency?: number;
}

/**
 * A TypeScript Lambda with the project's defaults: Node 22 on ARM64, bundled by the locally installed
 * esbuild (no Docker), ESM, JSON logs into its own log group with a retention period, X-Ray active
 * tracing (the workflow adds its SDK calls: lambdas/adapters/sdk-tracing.ts), and a role that starts with
 * nothing but the right to write that log group. Each grant is added by
 * the construct that owns the resource (no AWS managed policies, no wildcards by default).
 */
export class NodeFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);
    // Bundled for the provider the function runs with, so the two cannot disagree: only a function configured
    // for the local provider carries the storyteller (lambda-bundling.ts).
    const storyProvider = props.environment.STORY_PROVIDER === 'local' ? 'local' : 'bedrock';

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs expire within weeks anyway; a retained log group would outlive the function for nothing.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one, which would attach AWSLambdaBasicExecutionRole
    // (log writes to every log group of the account).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role: ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      // Bundled here by the locally installed esbuild (lambda-bundling.ts), never in Docker; the asset's
      // hash is the bundle's, so an unchanged bundle is not uploaded again.
      code: Code.fromAsset(fromRoot('lambdas'), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: DockerImage.fromRegistry('local-bundling-only'),
          // The entry travels in the options, and the bundler reads it from there: CDK stages an asset once
          // per key made of the source path and the JSON of these options, and drops functions from that JSON.
          // With the entry in the `tryBundle` closure alone, all three functions shared one key and shipped the
          // first function's bundle (test/infra/lambda-assets.test.ts).
          environment: { [ENTRY_VARIABLE]: props.entry, [PROVIDER_VARIABLE]: storyProvider },
          local: {
            tryBundle(outputDir, options) {
              const entry = options.environment?.[ENTRY_VARIABLE];
              if (!entry) throw new Error(`bundling options name no ${ENTRY_VARIABLE}`);
              const provider = options.environment?.[PROVIDER_VARIABLE] === 'local' ? 'local' : 'bedrock';
              bundleLambda(entry, outputDir, { storyProvider: provider });
              return true;
            },
          },
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      environment: props.environment,
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
    });
    // Which entry the asset bundles, for the infra test that rebuilds it and compares (and for an operator
    // reading the template).
    (this.function.node.defaultChild as CfnFunction).addMetadata(ENTRY_METADATA, props.entry);
    (this.function.node.defaultChild as CfnFunction).addMetadata(PROVIDER_METADATA, storyProvider);
  }
}
