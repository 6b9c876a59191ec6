import type { AgeBand } from '../../common/age-bands.js';
import type { AgeBandConfig } from '../../common/age-band-config.js';
import { AGE_BAND_CONFIGS } from '../shared/age-band-configs.js';
import { cognitoAccounts } from '../shared/accounts/cognito-accounts.js';
import type { AwsClients } from '../shared/aws-clients.js';
import type { ServerConfig } from '../shared/config.js';
import { createMediaCdn, type MediaCdn } from '../shared/media-cdn.js';
import { profileRepository, type ProfileRepository } from '../shared/repositories/profiles.js';
import { rateLimiter, type RateLimiter } from '../shared/repositories/rate-limits.js';
import { storyRepository, type StoryRepository } from '../shared/repositories/stories.js';
import type { WorkflowStarter } from '../shared/workflow-starter.js';
import type { TokenVerifier } from './auth/token-verifier.js';

/** Everything a route needs from the outside world, built once per process. */
export type ApiDeps = Readonly<{
  config: ServerConfig;
  aws: AwsClients;
  cdn: MediaCdn;
  tokens: TokenVerifier;
  profiles: ProfileRepository;
  stories: StoryRepository;
  rateLimits: RateLimiter;
  workflow: WorkflowStarter;
  bands: Readonly<Record<AgeBand, AgeBandConfig>>;
}>;

export function createApiDeps(
  config: ServerConfig,
  aws: AwsClients,
  tokens: TokenVerifier,
  workflow: WorkflowStarter,
): ApiDeps {
  return {
    config,
    aws,
    cdn: createMediaCdn(config),
    tokens,
    workflow,
    profiles: profileRepository(aws.documents, config.tableName),
    stories: storyRepository(aws.documents, config.tableName),
    rateLimits: rateLimiter(aws.documents, config.tableName),
    bands: AGE_BAND_CONFIGS,
  };
}

/** What deleting a story (or an account) for good needs: the table and the media bucket. */
export const deletionDepsOf = (deps: ApiDeps) => ({
  db: deps.aws.documents,
  s3: deps.aws.s3,
  tableName: deps.config.tableName,
  mediaBucket: deps.config.mediaBucket,
  cdn: deps.cdn,
});

/** The user pool's account actions (disable, roles, password reset, delete): the admin's and the account owner's. */
export const accountsOf = (deps: ApiDeps) =>
  cognitoAccounts(deps.aws.cognito, deps.config.userPoolId, deps.config.auth.clientId);
