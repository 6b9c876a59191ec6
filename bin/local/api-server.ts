import { serve, type ServerType } from '@hono/node-server';
import { createApi } from '../../lambdas/api/app.js';
import { createApiDeps } from '../../lambdas/api/deps.js';
import { createTokenVerifier } from '../../lambdas/api/auth/token-verifier.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import type { ServerConfig } from '../../lambdas/runtime/config.js';
import type { WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { LOOPBACK } from './ports.js';

export type ApiServer = Readonly<{ url: string; stop(): Promise<void> }>;

/** Serves the very Hono app the Lambda wraps, on loopback. */
export async function startApiServer(
  config: ServerConfig,
  workflow: WorkflowStarter,
  port: number,
): Promise<ApiServer> {
  const app = createApi(createApiDeps(config, createAwsClients(config), createTokenVerifier(config.auth), workflow));
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: LOOPBACK }, () => resolve(s));
    s.once('error', reject);
  });
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
