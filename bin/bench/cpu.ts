import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { round } from './stats.js';

/**
 * Where the CPU went during a run, from /proc: this process (the API, the workflow, s3rver and the Lambda
 * endpoint all run in it), each child (DynamoDB Local's JVM, cognito-local, the load generator), and the
 * whole machine, so a figure measured while other work ran says so. Linux only; elsewhere it reports nothing.
 */

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** utime + stime of a process, in ticks (fields 14 and 15 of /proc/<pid>/stat, after the command name). */
function processTicks(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Busy and total ticks of the whole machine (first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } | undefined {
  const line = read('/proc/stat')?.split('\n')[0];
  if (!line) return undefined;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { busy: total - idle, total };
}

/** A readable name for one of our children. */
function nameOf(pid: number): string {
  const cmdline = read(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? '';
  if (cmdline.includes('DynamoDBLocal')) return 'dynamodbLocal';
  if (cmdline.includes('cognito-local')) return 'cognitoLocal';
  if (cmdline.includes('load-worker')) return 'loadGenerator';
  return read(`/proc/${pid}/comm`)?.trim() ?? `pid${pid}`;
}

function children(): number[] {
  const own = String(process.pid);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat && stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === own) pids.push(Number(entry));
  }
  return pids;
}

export type CpuUse = {
  /** Percent of one core, per process (a JVM with several busy threads can pass 100). */
  processes: Record<string, number>;
  /** Percent of the whole machine busy, everything included (other people's work too). */
  machineBusyPercent: number;
  cores: number;
};

/** Starts counting; the returned function gives the use since then. */
export function cpuMeter(): () => CpuUse {
  const started = performance.now();
  const pids = [process.pid, ...children()];
  const before = new Map(pids.map((pid) => [pid, processTicks(pid)]));
  const machineBefore = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const processes: Record<string, number> = {};
    // Children started since (the load generator) are counted from zero.
    for (const pid of new Set([...pids, ...children()])) {
      const now = processTicks(pid);
      if (now === undefined) continue;
      const name = pid === process.pid ? 'benchProcess' : nameOf(pid);
      const used = now - (before.get(pid) ?? 0);
      processes[name] = round((processes[name] ?? 0) + (used / TICKS_PER_SECOND / seconds) * 100);
    }
    const machineAfter = machineTicks();
    const machineBusyPercent =
      machineBefore && machineAfter
        ? round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100)
        : Number.NaN;
    return { processes, machineBusyPercent, cores: cpus().length };
  };
}
