/**
 * `npm test`: every layer, in order, with one summary. Layers run one after another (not in parallel)
 * because the integration and e2e layers each start the local stack, and this machine has two cores.
 * A layer that cannot run says exactly what is missing and fails the run: none is skipped silently.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

const layers: Layer[] = [
  { name: 'typecheck', kind: 'check', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', kind: 'check', command: ['npm', 'run', '--silent', 'lint'] },
  // The fast SPA tests (project "spa", happy-dom and MSW) run with the unit tests: seconds, no stack.
  { name: 'unit', kind: 'vitest', projects: ['unit', 'spa'] },
  { name: 'integration', kind: 'vitest', needs: needJava },
  { name: 'infra', kind: 'vitest' },
  // What `cdk deploy` would upload, run here (README "Deploy rehearsal"): the smoke test and a family in Chromium.
  {
    name: 'rehearsal',
    kind: 'check',
    command: ['npm', 'run', '--silent', 'rehearse', '--', '--smoke', '--browser'],
    needs: () => needJava() ?? needChromium(),
  },
  { name: 'e2e', kind: 'vitest', needs: () => needJava() ?? needChromium() },
];

const only = process.argv.slice(2);
const selected = only.length ? layers.filter((l) => only.includes(l.name)) : layers;

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
const rows: Row[] = [];
const started = performance.now();

type JestLikeReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };

for (const layer of selected) {
  console.log(`\n━━ ${layer.name} ━━`);
  const t0 = performance.now();
  const reportFile = join(reportDir, `${layer.name}.json`);
  const command = layer.command ?? [
    'npx',
    'vitest',
    'run',
    ...(layer.projects ?? [layer.name]).flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ];
  const result = spawnSync(command[0] as string, command.slice(1), { stdio: 'inherit', env: process.env });
  const seconds = (performance.now() - t0) / 1000;
  const ok = result.status === 0;
  if (layer.kind === 'vitest') {
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JestLikeReport)
      : undefined;
    const passed = report?.numPassedTests ?? 0;
    const failed = report?.numFailedTests ?? 0;
    const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
    // A layer that ran no test fails: it would otherwise hide a broken glob or a broken setup.
    const layerOk = ok && passed > 0;
    rows.push({ layer: layer.name, passed, failed: failed > 0 || layerOk ? failed : 1, skipped, seconds, ok: layerOk });
  } else {
    rows.push({ layer: layer.name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds, ok });
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log('\n━━ summary ━━');
console.log(`${pad('layer', 13)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}time`);
for (const r of rows) {
  console.log(
    `${pad(r.layer, 13)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${r.seconds.toFixed(1)} s${r.ok ? '' : '  ✗'}`,
  );
}
const total = (key: 'passed' | 'failed' | 'skipped') => rows.reduce((sum, r) => sum + r[key], 0);
console.log(`total time ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`\n${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
