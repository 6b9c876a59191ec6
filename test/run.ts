/**
 * `npm test`: every layer, with one summary. `npm test -- unit e2e` runs only the named layers.
 *
 * By default the layers run one after another, e2e as one process: the run CI makes, and the one that has
 * passed whole on a clean clone. `npm test -- --lanes` runs them in three lanes at once instead: on this
 * two-core machine the layers that drive a local stack mostly wait on it (measured: the integration layer
 * keeps about 0.6 of a core busy over its run, e2e about 0.5), while the others are CPU-bound.
 * - the CPU lane: typecheck and lint side by side (each mostly one thread), then unit, infra, rehearsal;
 * - integration, on a local stack of its own;
 * - e2e, as two shards side by side (vitest --shard, balanced by time: test/support/balanced-shards.ts), each
 *   with a local stack and a build of the SPA of its own (test/e2e/global-setup.ts), so nothing one shard
 *   makes (families, featured stories, templates, dashboard counts) reaches the other.
 * The lanes are not the default yet: the e2e shards have not had a run here without a timing failure
 * (README "Tests"). Every stack is on free ports and in a temporary folder; the rehearsal builds web/dist,
 * which nothing else reads while it runs. A layer alone on the command line prints as it runs; layers side by
 * side print each line with the layer's name in front, and each layer's whole output is also kept in
 * .local/test-reports/<layer>.log. A layer that cannot run says exactly what is missing and fails the run:
 * none is skipped silently.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { javaVersion } from '../bin/local/dynamodb-local.js';
import { CHROMIUM_PATH } from './support/browser.js';

type Layer = {
  name: string;
  kind: 'check' | 'vitest';
  command?: string[];
  /** The vitest projects the layer runs (vitest.config.ts); its own name when not given. */
  projects?: string[];
  /** Run as this many vitest shards side by side (`--shard=i/n`), counted as one layer. */
  shards?: number;
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
const integration: Layer = { name: 'integration', kind: 'vitest', needs: needJava };
const infra: Layer = { name: 'infra', kind: 'vitest' };
// What `cdk deploy` would upload, run here (README "Deploy rehearsal"): the smoke test and a family in Chromium.
const rehearsal: Layer = {
  name: 'rehearsal',
  kind: 'check',
  command: ['npm', 'run', '--silent', 'rehearse', '--', '--smoke', '--browser'],
  needs: () => needJava() ?? needChromium(),
};
const serial = !process.argv.includes('--lanes');
const e2e: Layer = {
  name: 'e2e',
  kind: 'vitest',
  shards: serial ? 1 : 2,
  needs: () => needJava() ?? needChromium(),
};

/** The summary's order. */
const ORDER = [typecheck, lint, unit, integration, infra, rehearsal, e2e];
/** A lane runs its steps one after another; the layers of one step run side by side; the lanes run at once. */
const LANES: Layer[][][] = serial
  ? [ORDER.map((layer) => [layer])]
  : [[[typecheck, lint], [unit], [infra], [rehearsal]], [[integration]], [[e2e]]];

const only = process.argv.slice(2).filter((arg) => arg !== '--lanes');
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
const rows = new Map<string, Row>();
const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);
/** Several processes at once (layers side by side, or shards): each line is named after its process. */
const tagged = !serial && (selected.length > 1 || selected.some((layer) => (layer.shards ?? 1) > 1));

type JestLikeReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };

/** Runs one process of a layer; its output is tagged with `label` and kept in `<label>.log` when tagged. */
function runProcess(label: string, command: string[]): Promise<boolean> {
  const child = spawn(command[0] as string, command.slice(1), {
    stdio: tagged ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  const lines: Promise<void>[] = [];
  if (tagged) {
    const log = createWriteStream(join(reportDir, `${label.replace('/', '-of-')}.log`));
    const tag = `${label.padEnd(11)} │ `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      const reader = createInterface({ input: stream });
      reader.on('line', (line) => {
        log.write(`${line}\n`);
        out.write(`${tag}${line}\n`);
      });
      lines.push(new Promise((resolve) => reader.on('close', resolve)));
    }
    child.on('close', () => void Promise.all(lines).then(() => log.end()));
  }
  return new Promise((resolve) => child.on('close', (status) => resolve(status === 0)));
}

async function runLayer(layer: Layer): Promise<void> {
  const t0 = performance.now();
  console.log(`\n━━ ${layer.name} ━━ starts at ${elapsed()} s`);
  if (layer.kind === 'check') {
    const ok = await runProcess(layer.name, layer.command ?? []);
    const seconds = (performance.now() - t0) / 1000;
    rows.set(layer.name, { layer: layer.name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds, ok });
  } else {
    const shards = layer.shards ?? 1;
    const runs = Array.from({ length: shards }, (_, i) => {
      const reportFile = join(reportDir, shards > 1 ? `${layer.name}-${i + 1}.json` : `${layer.name}.json`);
      const command = [
        'npx',
        'vitest',
        'run',
        ...(layer.projects ?? [layer.name]).flatMap((project) => ['--project', project]),
        ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ];
      const label = shards > 1 ? `${layer.name} ${i + 1}/${shards}` : layer.name;
      return runProcess(label, command).then((ok) => ({ ok, reportFile }));
    });
    const results = await Promise.all(runs);
    const seconds = (performance.now() - t0) / 1000;
    const reports = results.map(({ reportFile }) =>
      existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JestLikeReport) : undefined,
    );
    const sum = (count: (report: JestLikeReport) => number) =>
      reports.reduce((total, report) => total + (report ? count(report) : 0), 0);
    const passed = sum((r) => r.numPassedTests);
    const failed = sum((r) => r.numFailedTests);
    const skipped = sum((r) => r.numPendingTests + r.numTodoTests);
    // A layer (or a shard) that ran no test fails: it would otherwise hide a broken glob or a broken setup.
    const ok = results.every((r) => r.ok) && reports.every((r) => r && r.numPassedTests > 0);
    rows.set(layer.name, { layer: layer.name, passed, failed: failed > 0 || ok ? failed : 1, skipped, seconds, ok });
  }
  const row = rows.get(layer.name);
  console.log(`\n━━ ${layer.name} ━━ ${row?.ok ? 'passed' : 'FAILED'} in ${row?.seconds.toFixed(1)} s`);
}

async function runLane(steps: Layer[][]): Promise<void> {
  for (const step of steps) await Promise.all(step.filter(isSelected).map(runLayer));
}

await Promise.all(LANES.map(runLane));

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
console.log(
  `total time ${elapsed()} s (${serial ? 'one layer at a time' : 'the lanes side by side: see test/run.ts'})`,
);
console.log(`\n${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(done.every((r) => r.ok) ? 0 : 1);
