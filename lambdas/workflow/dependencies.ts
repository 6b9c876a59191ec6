import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { AGE_BAND_CONFIGS } from '../shared/age-band-configs.js';
import type { AwsClients } from '../shared/aws-clients.js';
import type { ServerConfig } from '../shared/config.js';
import { storyRepository } from '../shared/repositories/stories.js';
import { templateRepository } from '../shared/repositories/templates.js';
import { createBedrockProvider } from './providers/bedrock/index.js';
import { createLocalProvider } from './providers/local/index.js';
import type { StoryProvider } from './providers/types.js';
import { createTaskHandlers, createWorkflowHandler } from './tasks.js';

/** The provider the configuration names: `local` (offline, default) or `bedrock`. */
export function createProvider(config: ServerConfig): StoryProvider {
  return config.storyProvider === 'bedrock'
    ? // The provider retries with its own bounded back-off; the SDK must not multiply the attempts.
      createBedrockProvider({
        client: new BedrockRuntimeClient({ region: config.region, maxAttempts: 1 }),
        guardrail: config.guardrail,
      })
    : createLocalProvider();
}

/** The workflow's task handler, wired to the table, the media bucket and the provider. */
export function createWorkflowTaskHandler(config: ServerConfig, aws: AwsClients) {
  return createWorkflowHandler(
    createTaskHandlers({
      stories: storyRepository(aws.documents, config.tableName),
      templates: templateRepository(aws.documents, config.tableName),
      provider: createProvider(config),
      bands: AGE_BAND_CONFIGS,
      s3: aws.s3,
      mediaBucket: config.mediaBucket,
    }),
  );
}
