import { serve, type ServerType } from '@hono/node-server';
import { LOOPBACK } from './ports.js';

/** A local HTTP service on loopback: where it answers, and how to stop it. */
export type LoopbackServer = Readonly<{ url: string; stop(): Promise<void> }>;

/** Serves `fetch` on loopback at `port`; refuses (rejects) when the port cannot be bound. */
export async function serveOnLoopback(fetch: (request: Request) => Response | Promise<Response>, port: number) {
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: LOOPBACK }, () => resolve(s));
    s.once('error', reject);
  });
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies LoopbackServer;
}
