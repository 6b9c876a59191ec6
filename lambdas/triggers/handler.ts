import { createAwsClients } from '../shared/aws-clients.js';
import { loadDataConfig } from '../shared/config.js';
import { observeInvocation } from '../shared/observability.js';
import { profileRepository } from '../shared/repositories/profiles.js';
import { createCognitoTriggers } from './cognito-triggers.js';

const config = loadDataConfig();
const { documents } = createAwsClients(config);

// Cognito names no request id a trigger could share with the API: each invocation gets one of its own.
export const handler = observeInvocation(
  createCognitoTriggers({ profiles: profileRepository(documents, config.tableName) }),
  () => undefined,
);
