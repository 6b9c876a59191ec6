/**
 * `npm run bench`: builds the SPA, starts the local stack on free ports and prints figures, as a JSON
 * report (also kept in .local/bench/report.json) and a short table. Benchmarks are not tests: they report,
 * and `--check` compares with the budgets. `--only web,lambdas,pictures,lighthouse,generation,api,admin-users` runs a part;
 * `--seconds N` sets each API load run's length (default 30).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { benchAdminUsers } from './bench/admin-users.js';
import { benchApiLoad } from './bench/api-load.js';
import { cpuMeter } from './bench/cpu.js';
import { benchGeneration } from './bench/generation.js';
import { benchLighthouse } from './bench/lighthouse.js';
import { seedFeatured } from './bench/mixed-load.js';
import { BUDGETS, printTable, rows, type BenchReport } from './bench/report.js';
import { benchLambdaBundles } from './bench/lambda-bundles.js';
import { buildWeb, measureWebBundle } from './bench/web-bundle.js';
import { startLocalStack } from './local/stack.js';
import { benchPictures } from './bench/pictures.js';

const SECTIONS = ['web', 'lambdas', 'pictures', 'lighthouse', 'generation', 'api', 'admin-users'] as const;
/** The sections that measure the running local stack (the others measure build output). */
const NEEDS_STACK: readonly Section[] = ['lighthouse', 'generation', 'api', 'admin-users'];
type Section = (typeof SECTIONS)[number];

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
  if (NEEDS_STACK.some((section) => run.has(section))) {
    await benchStack(run, report, { outDir, webDir, seconds, wholeRun });
  } else {
    conditions.wholeRun = wholeRunFigures(wholeRun);
  }

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

function wholeRunFigures(wholeRun: ReturnType<typeof cpuMeter>) {
  const use = wholeRun();
  return {
    machineBusyPercent: use.machineBusyPercent,
    ourProcessesPercentOfOneCore: use.processes,
    note: 'machine busy includes work that is not the benchmark (other test runs on a shared machine)',
  };
}

async function benchStack(
  run: Set<Section>,
  report: BenchReport,
  options: { outDir: string; webDir: string; seconds: number; wholeRun: ReturnType<typeof cpuMeter> },
): Promise<void> {
  const { outDir, webDir, seconds, wholeRun } = options;
  const stack = await startLocalStack({
    ports: { web: 0, api: 0, dynamodb: 0, cognito: 0, s3: 0, lambda: 0 },
    dataDir: undefined,
    web: run.has('lighthouse') ? 'preview' : 'none',
    webOutDir: webDir,
    admin: { email: 'bench-admin@storymagic.test', password: 'Benchmark123' },
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
    // Read before the stack stops: a child that has exited can no longer be asked for its CPU time.
    report.conditions.wholeRun = wholeRunFigures(wholeRun);
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
