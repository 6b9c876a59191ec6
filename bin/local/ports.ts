import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** A port that could not be bound, named so the message says which service wanted it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
    readonly envVar: string,
  ) {
    super(`Port ${port} (${service}) is already in use. Stop whatever holds it, or set ${envVar} to another port.`);
    this.name = 'PortInUseError';
  }
}

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, LOOPBACK, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/** Fails early, with the service's name, when a configured port is taken. */
export async function assertPortFree(port: number, service: string, envVar: string): Promise<void> {
  if ((await tryListen(port)) === undefined) throw new PortInUseError(port, service, envVar);
}

/** A free loopback port chosen by the OS (tests: one per emulator per run). */
export async function freePort(): Promise<number> {
  const port = await tryListen(0);
  if (port === undefined) throw new Error('Could not find a free port on 127.0.0.1');
  return port;
}

/**
 * Polls until the service answers HTTP on the URL, or gives up with the service's name. `isService` tells the
 * service's answer from another server's: a port chosen free can be taken by another process before a slow
 * emulator (DynamoDB Local's JVM) binds it, and then that process answers here. Two minutes: on a busy
 * two-core machine DynamoDB Local's JVM once took more than 30 s to answer.
 */
export async function waitForHttp(
  url: string,
  service: string,
  isService: (response: Response) => Promise<boolean> = () => Promise.resolve(true),
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(isService, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${service} did not start within ${timeoutMs / 1000} s (${url})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
