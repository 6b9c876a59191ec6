import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { AGE_BAND_CONFIGS } from '../use-cases/age-band-configs.js';
import type { AwsClients } from '../adapters/aws-clients.js';
import type { ServerConfig } from '../runtime/config.js';
import { capacityGate } from '../data/capacity/gate.js';
import { mediaStore } from '../adapters/media.js';
import { createMediaCdn } from '../adapters/media-cdn.js';
import { observeInvocation } from '../runtime/observability.js';
import { tracedClient } from '../adapters/sdk-tracing.js';
import { storyDraftRepository } from '../data/repositories/story-drafts.js';
import { libraryRepository } from '../data/repositories/library.js';
import { rateLimiter } from '../data/repositories/rate-limits.js';
import { storyRepository } from '../data/repositories/stories.js';
import { templateRepository } from '../data/repositories/templates.js';
import { createBedrockProvider } from './providers/bedrock/index.js';
import { createLocalProvider } from './providers/local.js';
import type { StoryProvider } from './providers/types.js';
import type { WorkflowStarter } from '../adapters/workflow-starter.js';
import { createTaskHandlers, createWorkflowHandler } from './tasks.js';

/**
 * The real SDK client, in the configured region; locally pointed at the Bedrock twin with dummy
 * credentials (the twin reads the region from the request's signature, as AWS does).
 */
export function bedrockClient(bedrock: Pick<ServerConfig['bedrock'], 'region' | 'endpoint'>): BedrockRuntimeClient {
  const client = new BedrockRuntimeClient({
    region: bedrock.region,
    maxAttempts: 1,
    ...(bedrock.endpoint
      ? { endpoint: bedrock.endpoint, credentials: { accessKeyId: 'twin', secretAccessKey: 'twin' } }
      : {}),
  });
  // As for the other clients (aws-clients.ts): no filtered copy of every prompt for a logger.
  client.middlewareStack.remove('loggerMiddleware');
  return tracedClient(client);
}

/** The provider the configuration names: `local` (offline, default) or `bedrock`. */
export function createProvider(config: ServerConfig): StoryProvider {
  return config.storyProvider === 'bedrock'
    ? // The provider retries with its own bounded back-off; the SDK must not multiply the attempts.
      createBedrockProvider({
        client: bedrockClient(config.bedrock),
        region: config.bedrock.region,
        guardrail: config.guardrail,
        stream: config.bedrock.stream,
      })
    : createLocalProvider();
}

/** A task's log lines carry its story's id, as the API's lines about that story do. */
function storyIdOf(event: unknown): string | undefined {
  const job = (event as { job?: { storyId?: unknown } } | null)?.job;
  return typeof job?.storyId === 'string' ? job.storyId : undefined;
}

/**
 * The workflow's task handler, wired to the table, the media bucket and the provider; `workflow` starts a
 * new story's cover execution while the story streams (Step Functions in AWS, the local runner locally).
 */
export function createWorkflowTaskHandler(config: ServerConfig, aws: AwsClients, workflow?: WorkflowStarter) {
  const handle = createWorkflowHandler(
    createTaskHandlers({
      stories: storyRepository(aws.documents, config.tableName),
      gate: capacityGate(aws.documents, config.tableName, config.capacity),
      rateLimits: rateLimiter(aws.documents, config.tableName),
      library: libraryRepository(aws.documents, config.tableName),
      drafts: storyDraftRepository(aws.documents, config.tableName),
      templates: templateRepository(aws.documents, config.tableName),
      provider: createProvider(config),
      bands: AGE_BAND_CONFIGS,
      media: mediaStore(aws.s3, config.mediaBucket, createMediaCdn(config)),
      workflow,
    }),
  );
  return observeInvocation(handle, storyIdOf);
}
