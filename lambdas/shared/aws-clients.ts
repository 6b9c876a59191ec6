import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { ServerConfig } from './config.js';

/** s3rver accepts only its well-known key pair; the other emulators accept anything. Real AWS uses the
 * Lambda role through the SDK's default chain instead. */
const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type AwsClients = Readonly<{
  dynamodb: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  cognito: CognitoIdentityProviderClient;
}>;

/** Creates the SDK clients once per process (module scope in the Lambda, once in the local stack). */
export function createAwsClients(config: Pick<ServerConfig, 'region' | 'endpoints'>): AwsClients {
  const { endpoints, region } = config;
  const dynamodb = new DynamoDBClient({
    region,
    ...(endpoints.dynamodb ? { endpoint: endpoints.dynamodb, credentials: localCredentials } : {}),
  });
  const documents = DynamoDBDocumentClient.from(dynamodb, {
    marshallOptions: { removeUndefinedValues: true },
  });
  const s3 = new S3Client({
    region,
    ...(endpoints.s3 ? { endpoint: endpoints.s3, forcePathStyle: true, credentials: localCredentials } : {}),
  });
  const cognito = new CognitoIdentityProviderClient({
    region,
    ...(endpoints.cognito ? { endpoint: endpoints.cognito, credentials: localCredentials } : {}),
  });
  return { dynamodb, documents, s3, cognito };
}
