import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CognitoConnection } from './cognito-accounts.js';
import type { ServerConfig } from '../runtime/config.js';
import type { PollyConnection } from './narration/polly-narrator.js';
import { once } from '../runtime/lazy.js';
import type { S3Connection } from './media.js';
import { tracedClient } from './sdk-tracing.js';

/** s3rver accepts only its well-known key pair; the other emulators accept anything. Real AWS uses the
 * Lambda role through the SDK's default chain instead. */
const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type AwsClients = Readonly<{
  dynamodb: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  /** Loaded by the first request that reads or writes an object: most never do. */
  s3: S3Connection;
  /** Loaded by the first account action: most requests never need the package. */
  cognito: CognitoConnection;
}>;

/**
 * The SDK's logger middleware builds a filtered copy of every command's input and output for its logger,
 * even when the logger does nothing (its default): for a page of stories that copy costs more than the
 * rest of the call. The app logs for itself (never the SDK's payloads), so the middleware goes. In Lambda
 * the workflow's calls become X-Ray subsegments (sdk-tracing.ts).
 */
function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return tracedClient(client);
}

/** Creates the SDK clients once per process (module scope in the Lambda, once in the local stack). */
export function createAwsClients(config: Pick<ServerConfig, 'region' | 'endpoints'>): AwsClients {
  const { endpoints, region } = config;
  const dynamodb = withoutSdkLogging(
    new DynamoDBClient({
      region,
      ...(endpoints.dynamodb ? { endpoint: endpoints.dynamodb, credentials: localCredentials } : {}),
    }),
  );
  const documents = withoutSdkLogging(
    DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } }),
  );
  const s3 = once(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = withoutSdkLogging(
      new sdk.S3Client({
        region,
        ...(endpoints.s3 ? { endpoint: endpoints.s3, forcePathStyle: true, credentials: localCredentials } : {}),
      }),
    );
    return { sdk, client };
  });
  const cognito = once(async () => {
    const sdk = await import('@aws-sdk/client-cognito-identity-provider');
    const client = withoutSdkLogging(
      new sdk.CognitoIdentityProviderClient({
        region,
        ...(endpoints.cognito ? { endpoint: endpoints.cognito, credentials: localCredentials } : {}),
      }),
    );
    return { sdk, client };
  });
  return { dynamodb, documents, s3, cognito };
}

/**
 * Polly, for the API's narrator in AWS (the local stack reads aloud with its own engine): the package loads
 * with the first story read aloud. One attempt: the narrator waits out Polly's rate itself (POLLY_PATIENCE),
 * so the wait is bounded in one place.
 */
export const pollyConnection = (config: Pick<ServerConfig, 'region'>): PollyConnection =>
  once(async () => {
    const sdk = await import('@aws-sdk/client-polly');
    return { sdk, client: withoutSdkLogging(new sdk.PollyClient({ region: config.region, maxAttempts: 1 })) };
  });
