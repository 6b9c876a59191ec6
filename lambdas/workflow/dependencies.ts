import { AGE_BAND_CONFIGS } from '../use-cases/age-band-configs.js';
import type { AwsClients } from '../adapters/aws-clients.js';
import type { ServerConfig } from '../runtime/config.js';
import { capacityGate } from '../data/capacity/gate.js';
import { mediaStore } from '../adapters/media.js';
import { createMediaCdn } from '../adapters/media-cdn.js';
import { observeInvocation } from '../runtime/observability.js';
import { once } from '../runtime/lazy.js';
import { storyDraftRepository } from '../data/repositories/story-drafts.js';
import { libraryRepository } from '../data/repositories/library.js';
import { rateLimiter } from '../data/repositories/rate-limits.js';
import { storyRepository } from '../data/repositories/stories.js';
import { templateRepository } from '../data/repositories/templates.js';
import { createLocalProvider } from './providers/local.js';
import type { StoryProvider } from './providers/types.js';
import type { WorkflowStarter } from '../adapters/workflow-starter.js';
import { createTaskHandlers, createWorkflowHandler } from './tasks.js';

/**
 * Bedrock's provider, loaded with the first task that writes, describes or paints: a cold start for a place
 * in line or a status does not compile the Bedrock SDK, the prompts or the safety lists they check.
 */
function bedrockProvider(config: ServerConfig): StoryProvider {
  const load = once(async () => {
    const [{ createBedrockProvider }, { bedrockClient }] = await Promise.all([
      import('./providers/bedrock/index.js'),
      import('./providers/bedrock/client.js'),
    ]);
    // The provider retries with its own bounded back-off; the SDK must not multiply the attempts.
    return createBedrockProvider({
      client: bedrockClient(config.bedrock),
      region: config.bedrock.region,
      guardrail: config.guardrail,
      stream: config.bedrock.stream,
    });
  });
  return {
    name: 'bedrock',
    writeStory: async (request, progress) => (await load()).writeStory(request, progress),
    // The streamed provider's alone (its answers hold the cover's scene only): providers/bedrock/index.ts.
    ...(config.bedrock.stream
      ? {
          describeScenes: async (request) => {
            const { describeScenes } = await load();
            if (!describeScenes) throw new Error('The streamed Bedrock provider describes scenes');
            return describeScenes(request);
          },
        }
      : {}),
    drawIllustration: async (request) => (await load()).drawIllustration(request),
  };
}

/** The provider the configuration names: `local` (offline, default) or `bedrock`. */
export function createProvider(config: ServerConfig): StoryProvider {
  return config.storyProvider === 'bedrock' ? bedrockProvider(config) : createLocalProvider();
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
