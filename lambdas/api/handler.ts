import { handle } from 'hono/aws-lambda';
import { createAwsClients } from '../adapters/aws-clients.js';
import { loadServerConfig } from '../runtime/config.js';
import { stepFunctionsStarter } from '../adapters/workflow-starter.js';
import { createApi } from './app.js';
import { createApiDeps } from './deps.js';
import { createTokenVerifier } from './auth/token-verifier.js';

// Built once per Lambda container, reused across invocations.
const config = loadServerConfig();
const workflow = stepFunctionsStarter(config);
if (!workflow) throw new Error('WORKFLOW_ARN is not set');
const app = createApi(createApiDeps(config, createAwsClients(config), createTokenVerifier(config.auth), workflow));

export const handler = handle(app);
