/**
 * `npm run rehearse`: the deploy rehearsal (bin/rehearsal/rehearsal.ts). Builds the web app and synthesizes
 * the CDK app with the CDK CLI, exactly as `npm run build:web && npx cdk deploy` would, then runs what the
 * cloud assembly holds here, against the local emulators, and prints the site's URL.
 *
 *   npm run rehearse                 run until Ctrl-C (then `npm run smoke -- --url <the URL>`)
 *   npm run rehearse -- --smoke      run the smoke test against it, check what it left behind, stop; exit 1 on failure
 *   npm run rehearse -- --smoke --browser   and a family's walk through the site in Chromium
 *   npm run rehearse -- --assembly <dir>   rehearse an assembly already synthesized (skips the build and synth)
 *   npm run rehearse -- -c key=value       context for the synth, as `cdk deploy -c key=value` takes it
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fromRoot } from '../lib/paths.js';
import { randomUUID } from 'node:crypto';
import { browserWalk } from './rehearsal/browser-walk.js';
import { afterSmokeChecks, edgeChecks, type CheckResult } from './rehearsal/checks.js';
import { startRehearsal, type Rehearsal } from './rehearsal/rehearsal.js';
import { runSmoke, SMOKE_STORY } from './smoke/run-smoke.js';

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
    assembly: { type: 'string' },
    port: { type: 'string' },
    // cdk's own context flags (`-c key=value`), passed on to the synth as the deploy would get them.
    context: { type: 'string', short: 'c', multiple: true, default: [] },
  },
});

function run(what: string, command: string, args: string[]): void {
  console.log(`━━ ${what}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: fromRoot() });
  if (result.status !== 0) {
    console.error(`✗ ${what} failed (exit ${String(result.status)})`);
    process.exit(1);
  }
}

let assemblyDir = values.assembly;
if (!assemblyDir) {
  assemblyDir = fromRoot('.local', 'rehearsal', 'cdk.out');
  rmSync(assemblyDir, { recursive: true, force: true });
  run('web build', 'npm', ['run', '--silent', 'build:web']);
  // The CLI runs cdk.json's app with cdk.json's context: what `cdk deploy` synthesizes and uploads.
  const context = values.context.flatMap((pair) => ['-c', pair]);
  run('synth', 'npx', ['cdk', 'synth', '--quiet', '--output', assemblyDir, ...context]);
}

function printFigures(rehearsal: Rehearsal): void {
  console.log('\n━━ functions');
  for (const fn of rehearsal.functions()) {
    const init = fn.initMs.length ? `${fn.initMs.map((ms) => Math.round(ms)).join(', ')} ms` : 'never started';
    console.log(
      `  ${fn.name}: ${fn.invocations} invocations, ${fn.errors} errors, ${fn.coldStarts} cold starts (init ${init}), ` +
        `peak memory ${Math.round(fn.peakMemoryMb)} of ${fn.memorySize} MB`,
    );
  }
  const executions = rehearsal.controlPlane.executions();
  const failed = executions.filter((each) => each.status === 'FAILED');
  console.log(`  Step Functions: ${executions.length} executions, ${failed.length} failed`);
  for (const each of failed) console.log(`    ✗ ${each.name}: ${each.error ?? ''} ${each.cause ?? ''}`.slice(0, 400));
}

/** On a failure: each function's last lines here, and every log kept in .local/rehearsal/logs. */
function keepLogs(rehearsal: Rehearsal): void {
  for (const [name, text] of Object.entries(rehearsal.functionLogs())) {
    console.log(`\n━━ the end of ${name}'s log`);
    console.log(text.split('\n').slice(-25).join('\n'));
  }
  const kept = fromRoot('.local', 'rehearsal', 'logs');
  rmSync(kept, { recursive: true, force: true });
  cpSync(rehearsal.logDir, kept, { recursive: true });
  console.log(`\nEvery log of the rehearsal: ${kept}`);
}

const rehearsal = await startRehearsal({
  assemblyDir,
  ...(values.port ? { port: Number(values.port) } : {}),
  log: (line) => console.log(line),
});
console.log(`\n━━ ${rehearsal.stackName} rehearsed in ${rehearsal.region}, from ${assemblyDir}`);
console.log(`   site: ${rehearsal.url}   (the distribution and the HTTP API stand here)`);
console.log(`   function logs: ${rehearsal.logDir}`);
console.log('   left to AWS (not rehearsed):');
for (const line of rehearsal.notRehearsed) console.log(`     - ${line}`);

if (values.smoke) {
  let passed = false;
  try {
    console.log('\n━━ the edge');
    const edge = await edgeChecks(rehearsal.url, rehearsal.apiUrl);
    for (const check of edge) console.log(check.line);
    console.log('\n━━ the smoke test');
    const email = `smoke-${randomUUID()}@example.com`;
    const smoked = await runSmoke({ url: rehearsal.url, email });
    const familyWords = [SMOKE_STORY.heroName, email];
    const walk: CheckResult[] = [];
    if (values.browser) {
      console.log('\n━━ a family in Chromium');
      const walker = { hero: 'Zephyrine', email: `walk-${randomUUID()}@example.com` };
      walk.push(...(await browserWalk(rehearsal.url, walker.hero, walker.email)));
      for (const check of walk) console.log(check.line);
      familyWords.push(walker.hero, walker.email);
    }
    await rehearsal.controlPlane.idle();
    console.log('\n━━ what it left behind');
    const after = afterSmokeChecks(rehearsal, familyWords);
    for (const check of after) console.log(check.line);
    passed = smoked && [...edge, ...walk, ...after].every((check) => check.ok);
  } finally {
    printFigures(rehearsal);
    if (!passed) keepLogs(rehearsal);
    await rehearsal.stop();
  }
  console.log(passed ? '\n✓ rehearsal passed' : '\n✗ rehearsal failed');
  process.exit(passed ? 0 : 1);
} else {
  console.log(`\nRun the smoke test against it:  npm run smoke -- --url ${rehearsal.url}\nCtrl-C stops it.`);
  const shutdown = () => {
    printFigures(rehearsal);
    void rehearsal.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
