/**
 * `npm test`: every layer, one after another, with one summary. `npm test -- unit e2e` runs only the named
 * layers. Inside the layers that drive a local stack, two files run at a time on the layer's one stack, then
 * the few integration files that need the stack to themselves (vitest.config.ts, ALONE_INTEGRATION). A layer
 * that cannot run says exactly what is missing and fails the run: none is skipped silently.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { javaVersion } from '../bin/local/dynamodb-local.js';
import { CHROMIUM_PATH } from './support/browser.js';

type Layer = {
  name: string;
  kind: 'check' | 'vitest';
  command?: string[];
  /** The vitest projects the layer runs (vitest.config.ts); its own name when not given. */
  projects?: string[];
  needs?: () => string | undefined;
};

const needJava = () =>
  javaVersion()
    ? undefined
    : 'Java is missing (DynamoDB Local needs it). Install it: sudo apt-get install -y default-jre-headless';
const needChromium = () =>
  existsSync(CHROMIUM_PATH)
    ? undefined
    : `Chromium is missing at ${CHROMIUM_PATH} (the e2e layer drives it). Install it: sudo apt-get update && sudo apt-get install -y chromium`;

const typecheck: Layer = { name: 'typecheck', kind: 'check', command: ['npm', 'run', '--silent', 'typecheck'] };
const lint: Layer = { name: 'lint', kind: 'check', command: ['npm', 'run', '--silent', 'lint'] };
// The fast SPA tests (project "spa", happy-dom and MSW) run with the unit tests: seconds, no stack.
const unit: Layer = { name: 'unit', kind: 'vitest', projects: ['unit', 'spa'] };
const integration: Layer = {
  name: 'integration',
  kind: 'vitest',
  projects: ['integration', 'integration-alone'],
  needs: needJava,
};
const infra: Layer = { name: 'infra', kind: 'vitest' };
// What `cdk deploy` would upload, run here (README "Deploy rehearsal"): the smoke test and a family in Chromium.
const rehearsal: Layer = {
  name: 'rehearsal',
  kind: 'check',
  command: ['npm', 'run', '--silent', 'rehearse', '--', '--smoke', '--browser'],
  needs: () => needJava() ?? needChromium(),
};
const e2e: Layer = {
  name: 'e2e',
  kind: 'vitest',
  needs: () => needJava() ?? needChromium(),
};

/** The order they run in, and the summary's. */
const ORDER = [typecheck, lint, unit, integration, infra, rehearsal, e2e];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !ORDER.some((layer) => layer.name === name));
if (unknown.length) {
  console.error(`No such layer: ${unknown.join(', ')} (the layers: ${ORDER.map((l) => l.name).join(', ')})`);
  process.exit(1);
}
const isSelected = (layer: Layer) => !only.length || only.includes(layer.name);
const selected = ORDER.filter(isSelected);

// Say everything that is missing before spending minutes on the layers that can run.
const missing = [...new Set(selected.map((l) => l.needs?.()).filter((m): m is string => Boolean(m)))];
if (missing.length) {
  console.error(`Cannot run the test suite on this machine yet:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  console.error('\n0 passed, 1 failed');
  process.exit(1);
}

const reportDir = join('.local', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

type Row = { layer: string; passed: number; failed: number; skipped: number; seconds: number; ok: boolean };
/**
 * Busy core-seconds of the machine since boot, from /proc/stat (undefined where there is none): the summary
 * says how much of the machine a run kept busy, which tells a run the CPU limits from one that waits.
 */
function machineBusySeconds(): number | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const [user, nice, system, , , irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // The kernel counts in USER_HZ, 100 a second on every Linux this runs on.
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

const rows = new Map<string, Row>();
const started = performance.now();
const busyAtStart = machineBusySeconds();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);
type JestLikeReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };

/** Runs one layer's process, its output straight to the terminal. */
function runProcess(command: string[]): Promise<boolean> {
  const child = spawn(command[0] as string, command.slice(1), { stdio: 'inherit', env: process.env });
  return new Promise((resolve) => child.on('close', (status) => resolve(status === 0)));
}

async function runLayer(layer: Layer): Promise<void> {
  const t0 = performance.now();
  console.log(`\n━━ ${layer.name} ━━ starts at ${elapsed()} s`);
  if (layer.kind === 'check') {
    const ok = await runProcess(layer.command ?? []);
    const seconds = (performance.now() - t0) / 1000;
    rows.set(layer.name, { layer: layer.name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds, ok });
  } else {
    const reportFile = join(reportDir, `${layer.name}.json`);
    const ran = await runProcess([
      'npx',
      'vitest',
      'run',
      ...(layer.projects ?? [layer.name]).flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ]);
    const seconds = (performance.now() - t0) / 1000;
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JestLikeReport)
      : undefined;
    const failed = report?.numFailedTests ?? 0;
    // A layer that ran no test fails: it would otherwise hide a broken glob or a broken setup.
    const ok = ran && Boolean(report && report.numPassedTests > 0);
    rows.set(layer.name, {
      layer: layer.name,
      passed: report?.numPassedTests ?? 0,
      failed: failed > 0 || ok ? failed : 1,
      skipped: report ? report.numPendingTests + report.numTodoTests : 0,
      seconds,
      ok,
    });
  }
  const row = rows.get(layer.name);
  console.log(`\n━━ ${layer.name} ━━ ${row?.ok ? 'passed' : 'FAILED'} in ${row?.seconds.toFixed(1)} s`);
}

for (const layer of selected) await runLayer(layer);

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log('\n━━ summary ━━');
console.log(`${pad('layer', 13)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}time`);
const done = ORDER.flatMap((layer) => rows.get(layer.name) ?? []);
for (const r of done) {
  console.log(
    `${pad(r.layer, 13)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${r.seconds.toFixed(1)} s${r.ok ? '' : '  ✗'}`,
  );
}
const total = (key: 'passed' | 'failed' | 'skipped') => done.reduce((sum, r) => sum + r[key], 0);
const busyAtEnd = machineBusySeconds();
const seconds = Number(elapsed());
const cores = os.availableParallelism();
const busy =
  busyAtStart === undefined || busyAtEnd === undefined
    ? ''
    : `; the machine's ${cores} cores were busy ${Math.round(busyAtEnd - busyAtStart)} of ${seconds * cores} core-seconds`;
console.log(`total time ${seconds} s${busy}`);
console.log(`\n${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(done.every((r) => r.ok) ? 0 : 1);
