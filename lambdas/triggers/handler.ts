import { untilRevocationSettles } from '../api/auth/revocation.js';
import { createAwsClients } from '../adapters/aws-clients.js';
import { loadDataConfig } from '../runtime/config.js';
import { observeInvocation } from '../runtime/observability.js';
import { profileRepository } from '../data/repositories/profiles.js';
import { createCognitoTriggers } from './cognito-triggers.js';

const config = loadDataConfig();
const { documents, cognito } = createAwsClients(config);

// Cognito names no request id a trigger could share with the API: each invocation gets one of its own.
export const handler = observeInvocation(
  createCognitoTriggers({
    profiles: profileRepository(documents, config.tableName),
    // The pool comes with the event: the function's environment names no pool (no dependency cycle).
    // Only this call of Cognito's (the function may make no other: test/infra/iam-coverage.test.ts).
    signOutEverywhere: async (userPoolId, userId) => {
      const { sdk, client } = await cognito();
      await client.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userId }));
    },
    untilRevocationSettles,
  }),
  () => undefined,
);
