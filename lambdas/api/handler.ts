import { handle } from 'hono/aws-lambda';
import { createAwsClients } from '../shared/aws-clients.js';
import { loadServerConfig } from '../shared/config.js';
import { createApi } from './app.js';
import { createApiDeps } from './deps.js';
import { createTokenVerifier } from './auth/token-verifier.js';

// Built once per Lambda container, reused across invocations.
const config = loadServerConfig();
const app = createApi(createApiDeps(config, createAwsClients(config), createTokenVerifier(config.auth)));

export const handler = handle(app);
