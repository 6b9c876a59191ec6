import type { AwsClients } from '../shared/aws-clients.js';
import type { ServerConfig } from '../shared/config.js';
import { profileRepository, type ProfileRepository } from '../shared/repositories/profiles.js';
import type { TokenVerifier } from './auth/token-verifier.js';

/** Everything a route needs from the outside world, built once per process. */
export type ApiDeps = Readonly<{
  config: ServerConfig;
  aws: AwsClients;
  tokens: TokenVerifier;
  profiles: ProfileRepository;
}>;

export function createApiDeps(config: ServerConfig, aws: AwsClients, tokens: TokenVerifier): ApiDeps {
  return { config, aws, tokens, profiles: profileRepository(aws.documents, config.tableName) };
}
