import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { ServerConfig } from '../../../runtime/config.js';
import { tracedClient } from '../../../adapters/sdk-tracing.js';

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
