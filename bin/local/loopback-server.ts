import { serve, type ServerType } from '@hono/node-server';
import { LOOPBACK } from './ports.js';

/** An HTTP server of the local stack: its address, and how to stop it. */
export type LoopbackServer = Readonly<{ url: string; stop(): Promise<void> }>;

/** Serves a fetch handler (a Hono app's) on 127.0.0.1 only; fails if the port cannot be bound. */
export async function serveOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
): Promise<LoopbackServer> {
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: LOOPBACK }, () => resolve(s));
    s.once('error', reject);
  });
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
