import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** Every child we start, so a crash or Ctrl-C can still take them all down (no orphaned `java`). */
const children = new Set<ChildProcess>();

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
process.once('exit', killAll);

export type ManagedProcess = Readonly<{
  child: ChildProcess;
  /** Recent output, for an error message when the process dies at start-up. */
  recentOutput(): string;
  stop(): Promise<void>;
}>;

/**
 * Spawns a long-running emulator. Its output is not printed (it would drown the start-up summary): the
 * last 50 lines are kept for error messages, and everything goes to `logFile` when one is given.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile?: string | undefined },
): ManagedProcess {
  const { logFile, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 50) lines.splice(0, lines.length - 50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => {
    children.delete(child);
    log?.end();
  });
  child.on('error', (error) => lines.push(`${name}: ${error.message}`));

  return {
    child,
    recentOutput: () => lines.join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
