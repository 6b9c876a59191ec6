import { handle } from 'hono/aws-lambda';
import { createAwsClients } from '../shared/aws-clients.js';
import { tracer } from '../shared/observability.js';
import { loadServerConfig } from '../shared/config.js';
import { once } from '../shared/lazy.js';
import { createSfnWorkflowStarter } from '../shared/workflow-starter.js';
import { createApi } from './app.js';
import { createApiDeps } from './deps.js';
import { createTokenVerifier } from './auth/token-verifier.js';

// Built once per Lambda container, reused across invocations.
const config = loadServerConfig();
if (!config.workflowArn) throw new Error('WORKFLOW_ARN is not set');
const workflow = createSfnWorkflowStarter(
  once(async () => {
    const { SFNClient } = await import('@aws-sdk/client-sfn');
    return tracer.captureAWSv3Client(new SFNClient({ region: config.region }));
  }),
  config.workflowArn,
);
const app = createApi(createApiDeps(config, createAwsClients(config), createTokenVerifier(config.auth), workflow));

export const handler = handle(app);
