import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../bin/local/dynamodb-local.js';
import { freePort, LOOPBACK, PortInUseError } from '../../bin/local/ports.js';

/** The JVMs of DynamoDB Local started on this port that are still running. */
function jvmsOn(port: number): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.some((arg) => arg.endsWith('DynamoDBLocal.jar')) && args.includes(String(port)) ? [pid] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/**
 * DynamoDB Local on a port another server took first. A port chosen free can be taken by another process before
 * the JVM binds it (a CI run of two integration files at a time: the restarted stack of faults.test.ts read
 * another server's answer as DynamoDB's and failed on its JSON). The JVM then logs "Failed to bind" and stays up
 * without listening; before, the start took the other server's answer for DynamoDB Local's.
 */
describe('DynamoDB Local on a taken port', () => {
  const dir = mkdtempSync(join(tmpdir(), 'story-magic-dynamodb-'));
  let other: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => other?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the port is in use, names the service, and leaves no JVM behind', async () => {
    const port = await freePort();
    other = createServer((_, response) => response.end('null and then some'));
    await new Promise<void>((resolve) => other?.listen(port, LOOPBACK, resolve));
    const logFile = join(dir, 'dynamodb-local.log');

    const started = startDynamoDbLocal({ port, logFile });
    const error: unknown = await started.then(
      (local) => local.process.stop().then(() => undefined),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as PortInUseError).message).toBe(
      `Port ${port} (DynamoDB Local) is already in use. Stop whatever holds it, or set DYNAMODB_PORT to another port.`,
    );
    expect(readFileSync(logFile, 'utf8')).toMatch(/Failed to bind/);
    expect(jvmsOn(port)).toEqual([]);
  }, 60_000);
});
