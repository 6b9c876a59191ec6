/**
 * `npm run soak`: the benchmark's mixed API load and story generation at the same time, for a while
 * (`-- --minutes N`, default 5; `--users N`, default 50; `--generators N` families generating at once,
 * default 2). Prints errors and latency per minute, then checks what the run left behind: no family's
 * library count drifted from its entries and no story stayed `generating`. Exits 1 when anything failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { libraryDrift, storyStatuses } from './bench/consistency.js';
import { keepSignedIn, newFamily, type Family } from './bench/families.js';
import { generateStory, STORIES_PER_FAMILY } from './bench/generation.js';
import { loadFamilies, runMixedLoad, seedFeatured, type MixedLoadResult } from './bench/mixed-load.js';
import { percentile, round } from './bench/stats.js';
import { startLocalStack, type LocalStack } from './local/stack.js';
import { BENCH_STACK } from './bench/bench-stack.js';

function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

type GenerationLog = { at: number; ms?: number; error?: string }[];

/**
 * `lanes` families generating stories back to back until `stop()`; a family makes 10 (its library and the
 * rate limit), then the lane signs up a new one. Every family used is kept for the checks at the end.
 */
function startGenerators(stack: LocalStack, lanes: number) {
  const log: GenerationLog = [];
  const families: Family[] = [];
  let stopping = false;
  const lane = async () => {
    while (!stopping) {
      let family: Family;
      try {
        family = await newFamily(stack);
      } catch (error) {
        log.push({ at: Date.now(), error: `sign-up: ${String(error)}` });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      families.push(family);
      for (let i = 0; i < STORIES_PER_FAMILY && !stopping; i++) {
        try {
          log.push({ at: Date.now(), ms: (await generateStory(stack, family, 50)).ms });
        } catch (error) {
          log.push({ at: Date.now(), error: String(error) });
        }
      }
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    log,
    families,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

function minuteLine(minute: number, load: MixedLoadResult, stories: GenerationLog): string {
  const ready = stories.filter((s) => s.ms !== undefined).map((s) => s.ms as number);
  const failed = stories.length - ready.length;
  const l = load.latency;
  return (
    `minute ${String(minute).padStart(3)}: ${load.requestsPerSecond} req/s, p50 ${l.p50Ms} / p90 ${l.p90Ms} / ` +
    `p99 ${l.p99Ms} / max ${l.maxMs} ms, non-2xx ${load.non2xx}, unanswered ${load.errors} (${load.timeouts} timed out); ` +
    `stories ${ready.length} ready (median ${ready.length ? round(percentile(ready, 50)) : '-'} ms), ${failed} failed`
  );
}

async function main(): Promise<void> {
  const minutes = numberOption('--minutes', 5);
  const users = numberOption('--users', 50);
  const lanes = numberOption('--generators', 2);
  const stack = await startLocalStack({
    ...BENCH_STACK,
    storyProvider: 'local',
  });
  try {
    console.log(`soak: ${users} families under the mixed load, ${lanes} generating, for ${minutes} min`);
    const families = await loadFamilies(stack, users, await seedFeatured(stack));
    const generators = startGenerators(stack, lanes);
    const perMinute: { minute: number; load: MixedLoadResult; storiesReady: number; storiesFailed: number }[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      for (const family of families) await keepSignedIn(stack, family);
      const from = Date.now();
      const load = await runMixedLoad(stack, families, users, 60);
      const stories = generators.log.filter((s) => s.at >= from);
      console.log(minuteLine(minute, load, stories));
      const storiesFailed = stories.filter((s) => s.error).length;
      perMinute.push({ minute, load, storiesReady: stories.length - storiesFailed, storiesFailed });
    }
    await generators.stop();
    await stack.workflowsIdle();

    const loadFailures = perMinute.reduce((n, m) => n + m.load.non2xx + m.load.errors, 0);
    const generationErrors = generators.log.filter((s) => s.error).map((s) => s.error as string);
    const everyone = [...families, ...generators.families].map((f) => f.userId);
    const drift = await libraryDrift(stack, everyone);
    const statuses = await storyStatuses(
      stack,
      generators.families.map((f) => f.userId),
    );
    const stuck = statuses.generating ?? [];
    const summary = {
      minutes,
      users,
      generators: lanes,
      requests: perMinute.reduce((n, m) => n + m.load.requests, 0),
      loadFailures,
      storiesGenerated: generators.log.length - generationErrors.length,
      generationErrors: generationErrors.slice(0, 10),
      storiesByStatus: Object.fromEntries(Object.entries(statuses).map(([status, ids]) => [status, ids.length])),
      familiesChecked: everyone.length,
      libraryDrift: drift,
      storiesStillGenerating: stuck,
      perMinute,
    };
    const outDir = resolve('.local', 'bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'soak.json'), `${JSON.stringify(summary, null, 2)}\n`);

    console.log(
      `\n${summary.requests} API requests, ${loadFailures} failed (non-2xx, or no answer: errors and timeouts)`,
    );
    console.log(`${summary.storiesGenerated} stories generated, ${generationErrors.length} failed`);
    for (const error of summary.generationErrors) console.log(`  ${error}`);
    console.log(`stories by status: ${JSON.stringify(summary.storiesByStatus)}`);
    console.log(
      drift.length === 0
        ? `library counts: no drift over ${everyone.length} families`
        : `library counts DRIFTED for ${drift.length} families: ${JSON.stringify(drift.slice(0, 5))}`,
    );
    console.log(
      stuck.length === 0 ? 'no story left generating' : `${stuck.length} stories left generating: ${stuck.join(', ')}`,
    );
    console.log(`(details in ${join(outDir, 'soak.json')})`);
    if (loadFailures > 0 || generationErrors.length > 0 || drift.length > 0 || stuck.length > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
