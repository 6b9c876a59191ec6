import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, watchFile, unwatchFile } from 'node:fs';

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
  /** The end of the process's log, for an error message when it dies at start-up. */
  recentOutput(): string;
  stop(): Promise<void>;
}>;

/** Calls `onLine` with each line appended to a file from now on (polling: works for any writer). */
function followLines(file: string, onLine: (line: string) => void): () => void {
  let offset = statSync(file).size;
  let partial = '';
  const read = () => {
    const size = statSync(file).size;
    if (size <= offset) return;
    const text = readFileSync(file).subarray(offset, size).toString();
    offset = size;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) onLine(line);
  };
  watchFile(file, { interval: 250 }, read);
  return () => unwatchFile(file, read);
}

/**
 * Spawns a long-running emulator with its output going straight to `logFile` (not through this
 * process: a pipe we read could stall the child, and its output would drown the start-up summary).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; onLine?: ((line: string) => void) | undefined },
): ManagedProcess {
  const { logFile, onLine, ...spawnOptions } = options;
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', fd, fd] });
  closeSync(fd); // the child holds its own copy
  children.add(child);
  const stopFollowing = onLine ? followLines(logFile, onLine) : undefined;
  child.on('exit', () => {
    children.delete(child);
    stopFollowing?.();
  });

  return {
    child,
    recentOutput: () => `${name} log (${logFile}):\n${readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`,
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
