import { startApiServer } from '../../bin/local/api-server.js';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import type { LatencyProfileName } from '../../bin/local/bedrock-twin/latency.js';
import type { BedrockQuotas } from '#common/models/quotas.js';
import { freePort } from '../../bin/local/ports.js';
import { startWebServer } from '../../bin/local/web-server.js';
import { createLocalWorkflowStarter } from '../../bin/local/workflow-runner.js';
import { DEFAULT_BEDROCK_REGION } from '#common/models/catalogue.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { loadServerConfig, type ServerConfig } from '../../lambdas/runtime/config.js';
import type { WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { createWorkflowTaskHandler } from '../../lambdas/workflow/dependencies.js';
import type { StackContext } from './stack-context.js';

export const TWIN_GUARDRAIL = { id: 'kidsafe', version: '1' } as const;

/**
 * A second API and workflow on the test stack's emulators, configured exactly as the local stack is with
 * `STORY_PROVIDER=bedrock`: the real Bedrock provider and SDK client, pointed at a Bedrock twin of its own
 * (so a test's scripted answers reach only its own calls). Families, tables and buckets are shared.
 */
export async function startBedrockApi(
  stack: StackContext,
  options: {
    region?: string;
    latency?: LatencyProfileName;
    stream?: boolean;
    quotas?: BedrockQuotas;
    /** Size the capacity gate from the quotas (default), or leave it open to see the twin throttle. */
    gate?: boolean;
  } = {},
): Promise<{
  context: StackContext;
  twin: BedrockTwin;
  config: ServerConfig;
  idle(): Promise<void>;
  stop(): Promise<void>;
}> {
  const twin = await startBedrockTwin({ latency: options.latency ?? 'off', quotas: options.quotas });
  const { userPoolId, userPoolClientId } = stack.appConfig;
  const issuer = `${stack.cognitoEndpoint}/${userPoolId}`;
  const config = loadServerConfig({
    AWS_REGION: 'us-east-1',
    TABLE_NAME: stack.tableName,
    MEDIA_BUCKET: stack.mediaBucket,
    USER_POOL_ID: userPoolId,
    AUTH_ISSUER: issuer,
    AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`,
    AUTH_CLIENT_ID: userPoolClientId,
    STORY_PROVIDER: 'bedrock',
    DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
    S3_ENDPOINT: stack.s3Endpoint,
    COGNITO_ENDPOINT: stack.cognitoEndpoint,
    MEDIA_KEY_PAIR_ID: stack.mediaSigning.keyPairId,
    MEDIA_SIGNING_PRIVATE_KEY: stack.mediaSigning.privateKey,
    BEDROCK_ENDPOINT: twin.url,
    BEDROCK_REGION: options.region ?? DEFAULT_BEDROCK_REGION,
    BEDROCK_GUARDRAIL_ID: TWIN_GUARDRAIL.id,
    BEDROCK_GUARDRAIL_VERSION: TWIN_GUARDRAIL.version,
    BEDROCK_STREAM: String(options.stream ?? true),
    // The capacity gate sized from the twin's quotas, as the local stack sizes it.
    ...(options.quotas && options.gate !== false ? { BEDROCK_QUOTAS: JSON.stringify(options.quotas) } : {}),
  });
  // As in bin/local/stack.ts: WriteStory starts a streamed story's cover through the same starter.
  const starter: WorkflowStarter = { start: (job) => workflow.start(job) };
  const workflow = createLocalWorkflowStarter(createWorkflowTaskHandler(config, createAwsClients(config), starter));
  const api = await startApiServer(config, workflow, await freePort());
  return {
    context: { ...stack, apiUrl: api.url },
    twin,
    config,
    /** Resolves once no execution (story or picture) is running. */
    idle: () => workflow.idle(),
    stop: async () => {
      await api.stop();
      await workflow.idle();
      await twin.stop();
    },
  };
}

/**
 * The production build served in front of a Bedrock-provider API (startBedrockApi), for the e2e layer: the
 * SPA at `url` talks to the real Bedrock provider and SDK client, and they to the twin.
 */
export async function startBedrockSite(
  stack: StackContext,
  options: Parameters<typeof startBedrockApi>[1] = {},
): Promise<Awaited<ReturnType<typeof startBedrockApi>> & { url: string }> {
  const api = await startBedrockApi(stack, options);
  const web = await startWebServer({
    mode: 'preview',
    port: await freePort(),
    apiUrl: api.context.apiUrl,
    mediaUrl: `${stack.s3Endpoint}/${stack.mediaBucket}`,
    appConfig: stack.appConfig,
    trustedMediaKeys: new Map([[stack.mediaSigning.keyPairId, stack.mediaSigning.publicKey]]),
    outDir: stack.webDir,
  });
  return {
    ...api,
    url: web.url,
    stop: async () => {
      await web.stop();
      await api.stop();
    },
  };
}
