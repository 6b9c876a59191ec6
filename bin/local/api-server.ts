import { createApi } from '../../lambdas/api/app.js';
import { createApiDeps } from '../../lambdas/api/deps.js';
import { createTokenVerifier } from '../../lambdas/api/auth/token-verifier.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import type { ServerConfig } from '../../lambdas/runtime/config.js';
import type { WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { serveOnLoopback, type LoopbackServer } from './loopback-server.js';

export type ApiServer = LoopbackServer;

/** Serves the very Hono app the Lambda wraps, on loopback. */
export async function startApiServer(
  config: ServerConfig,
  workflow: WorkflowStarter,
  port: number,
): Promise<ApiServer> {
  const app = createApi(createApiDeps(config, createAwsClients(config), createTokenVerifier(config.auth), workflow));
  return serveOnLoopback(app.fetch, port);
}
