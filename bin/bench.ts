/**
 * `npm run bench`: builds the SPA, starts the local stack on free ports and prints figures, as a JSON
 * report (also kept in .local/bench/report.json) and a short table. Benchmarks are not tests: they report,
 * and `--check` compares with the budgets.
 * `--only web,lambdas,pictures,storyteller,safety,lighthouse,generation,narration,api,admin-users,bedrock,peak` runs a
 * part;
 * `--seconds N` sets each API load run's length (default 30). `bedrock` starts its own stacks (the Bedrock
 * provider against the twin's public-figure timings, streamed and sequential); `--stories N` sets its stories
 * per band and workflow (default 10). `peak` (bin/bench/peak.ts) is opening night compressed: `--families N`
 * (default 1,000) starting stories across `--window M` minutes (default 10), `--time-scale S` times faster
 * (default 10), with the capacity gate and then without it (`--gate on` or `--gate off` runs one of the two).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { benchAdminUsers } from './bench/admin-users.js';
import { benchApiLoad } from './bench/api-load.js';
import { cpuMeter } from './bench/cpu.js';
import { bedrockReport, benchBedrockWorkflow, type Workflow } from './bench/bedrock-generation.js';
import { benchGeneration } from './bench/generation.js';
import { benchLighthouse } from './bench/lighthouse.js';
import { benchNarration } from './bench/narration.js';
import { seedFeatured } from './bench/mixed-load.js';
import { BUDGETS, printTable, rows, type BenchReport } from './bench/report.js';
import { benchLambdaBundles } from './bench/lambda-bundles.js';
import { buildWeb, measureWebBundle } from './bench/web-bundle.js';
import { startLocalStack } from './local/stack.js';
import { BENCH_STACK } from './bench/bench-stack.js';
import { benchPeak } from './bench/peak.js';
import { benchPictures } from './bench/pictures.js';
import { benchStoryteller } from './bench/storyteller.js';
import { benchSafety } from './bench/safety.js';

const SECTIONS = [
  'web',
  'lambdas',
  'pictures',
  'storyteller',
  'safety',
  'lighthouse',
  'generation',
  'narration',
  'api',
  'admin-users',
  'bedrock',
  'peak',
] as const;
type Section = (typeof SECTIONS)[number];
/** The sections measured on the local stack with the offline provider (web and lambdas measure build output). */
const LOCAL_STACK: readonly Section[] = ['lighthouse', 'generation', 'narration', 'api', 'admin-users'];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function sections(): Set<Section> {
  const only = option('--only');
  if (!only) return new Set(SECTIONS);
  const chosen = only.split(',').map((s) => s.trim());
  const unknown = chosen.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`--only: unknown ${unknown.join(', ')} (choose from ${SECTIONS.join(', ')})`);
  return new Set(chosen as Section[]);
}

/** The machine and how busy it was: figures from a shared, loaded machine are not comparable with a quiet one. */
function machine() {
  const chromium = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout?.trim();
  return {
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromium || 'not found',
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const run = sections();
  const seconds = Number(option('--seconds') ?? 30);
  const outDir = resolve('.local', 'bench');
  const webDir = join(outDir, 'web');
  mkdirSync(outDir, { recursive: true });
  const conditions: Record<string, unknown> = machine();
  const wholeRun = cpuMeter();

  const report: BenchReport = { date: new Date().toISOString(), conditions };
  if (run.has('web') || run.has('lighthouse')) buildWeb(webDir);
  if (run.has('web')) report.web = measureWebBundle(webDir);
  if (run.has('lambdas')) report.lambdas = benchLambdaBundles(join(outDir, 'lambdas'));
  if (run.has('pictures')) report.pictures = await benchPictures(join(outDir, 'pictures'));
  if (run.has('storyteller')) report.storyteller = benchStoryteller();
  if (run.has('safety')) report.safety = await benchSafety(join(outDir, 'safety'));

  // Read before the last stack stops: a child that has exited can no longer be asked for its CPU time.
  const recordCpu = () => {
    const use = wholeRun();
    conditions.wholeRun = {
      machineBusyPercent: use.machineBusyPercent,
      ourProcessesPercentOfOneCore: use.processes,
      note: 'machine busy includes work that is not the benchmark (other test runs on a shared machine)',
    };
  };
  if (run.has('bedrock')) report.bedrock = await benchBedrock(Number(option('--stories') ?? 10));
  if (run.has('peak')) {
    const peak = {
      families: Number(option('--families') ?? 1000),
      windowMinutes: Number(option('--window') ?? 10),
      timeScale: Number(option('--time-scale') ?? 10),
    };
    const gate = option('--gate') ?? 'both';
    if (!['on', 'off', 'both'].includes(gate)) throw new Error(`--gate must be on, off or both, got ${gate}`);
    const withGate = gate === 'off' ? undefined : await benchPeak({ ...peak, gate: true });
    // The same evening with the gate open: the difference it makes, measured rather than claimed.
    const withoutGate = gate === 'on' ? undefined : await benchPeak({ ...peak, gate: false });
    report.peak = { withGate, withoutGate };
  }
  if (LOCAL_STACK.some((section) => run.has(section))) {
    await benchLocal(report, run, { seconds, webDir, outDir, recordCpu });
  } else recordCpu();
  finish(report, outDir, check);
}

/**
 * The Bedrock provider's workflow against the twin with public-figure timings: a stack streamed and one
 * strictly sequential, one after the other on this machine, each measured the same way.
 */
async function benchBedrock(count: number) {
  const measured: Partial<Record<Workflow, Awaited<ReturnType<typeof benchBedrockWorkflow>>>> = {};
  for (const workflow of ['sequential', 'streamed'] as const) {
    const stack = await startLocalStack({
      ...BENCH_STACK,
      storyProvider: 'bedrock',
      bedrockTwin: { latency: 'public', stream: workflow === 'streamed' },
    });
    try {
      // One story at a time: the figure is a family's wait, not the machine's throughput.
      measured[workflow] = await benchBedrockWorkflow(stack, { count, concurrency: 1 });
    } finally {
      await stack.stop();
    }
  }
  return bedrockReport(measured.streamed as never, measured.sequential as never, count);
}

async function benchLocal(
  report: BenchReport,
  run: Set<Section>,
  { seconds, webDir, outDir, recordCpu }: { seconds: number; webDir: string; outDir: string; recordCpu: () => void },
) {
  const stack = await startLocalStack({
    ...BENCH_STACK,
    web: run.has('lighthouse') ? 'preview' : 'none',
    webOutDir: webDir,
    storyProvider: 'local',
  });
  try {
    // Featured stories for home's grid (Lighthouse) and for the families to save and unsave (API load).
    const featured = run.has('lighthouse') || run.has('api') ? await seedFeatured(stack) : [];
    // Lighthouse first, while nothing else of ours has run: it is the figure most sensitive to a busy CPU.
    if (run.has('lighthouse')) {
      report.lighthouse = await benchLighthouse(stack, { runs: 3, saveDir: join(outDir, 'lighthouse') });
    }
    if (run.has('generation')) {
      report.generation = await benchGeneration(stack, { count: 100, concurrentFamilies: 10 });
    }
    if (run.has('narration')) report.narration = await benchNarration(stack, 10);
    if (run.has('api')) {
      report.api = await benchApiLoad(stack, {
        users: [1, 50, 200],
        pacedUsers: [50, 200],
        pacePerUser: BUDGETS.apiPacePerUser,
        seconds,
        featured,
      });
    }
    if (run.has('admin-users')) report.adminUsers = await benchAdminUsers(stack, 10_000);
  } finally {
    recordCpu();
    await stack.stop();
  }
}

function finish(report: BenchReport, outDir: string, check: boolean) {
  writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  console.log(`\n(also in ${join(outDir, 'report.json')})\n`);
  const table = rows(report);
  printTable(table);
  const missed = table.filter((row) => row.pass === false);
  if (check && missed.length > 0) {
    console.error(`\nBudget missed: ${missed.map((row) => row.figure).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
