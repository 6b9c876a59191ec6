import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { localStoryteller } from '#storyteller';
import { draftTexts } from '#common/story-validation.js';
import { bundleLambda } from '../../lib/constructs/lambda-bundling.js';
import { corpusChoices, storyRequest } from '../../test/support/story-measures.js';
import { percentile } from './stats.js';

/**
 * The safety check as the server runs it (common/safety bundled as deploy bundles a Lambda): the first
 * check of a fresh Node process (importing the module, compiling its lists and patterns, checking a
 * description), and the check of an 800-word story with band B's deny list once warm, the provider-output
 * check every story passes. Texts are local stories cut to 800 words; each fresh process is a new one.
 */
export type SafetyReport = {
  freshRuns: number;
  /** Import + first check of a description, per fresh process: median and slowest. */
  firstCheckMs: { median: number; max: number };
  storyWords: number;
  storyRuns: number;
  /** One 800-word story, warm: median and p95. */
  storyCheckMs: { median: number; p95: number };
  /** The module as bundled, minified, what a cold start compiles for it (and what the SPA's form chunk carries). */
  bundleKB: number;
  bundleGzipKB: number;
};

const FRESH_RUNS = 7;
const STORY_WORDS = 800;

export async function benchSafety(outDir: string): Promise<SafetyReport> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  bundleLambda('common/safety/check.ts', outDir);
  const bundle = join(outDir, 'index.mjs');
  const code = readFileSync(bundle);

  const storyteller = localStoryteller;
  const stories = await Promise.all(
    corpusChoices('B', 30, 34).map(async (choices) => draftTexts(await storyteller.writeStory(storyRequest(choices)))),
  );
  const words = stories
    .map((texts) => texts.join('\n\n'))
    .join('\n\n')
    .split(/(?<=\s)/);
  const texts = Array.from({ length: 5 }, (_, i) => words.slice(i * STORY_WORDS, (i + 1) * STORY_WORDS).join(''));
  const textsFile = join(outDir, 'texts.json');
  writeFileSync(textsFile, JSON.stringify({ texts, deny: AGE_BAND_CONFIGS.B.safety.deny_if_topics }));

  const url = JSON.stringify(pathToFileURL(bundle).href);
  const fresh = `
    const started = performance.now();
    const { findUnsafe } = await import(${url});
    findUnsafe('a brave little dragon who loves pancakes and the sea');
    console.log(JSON.stringify({ ms: performance.now() - started }));`;
  const first = Array.from({ length: FRESH_RUNS }, () => run(fresh).ms as number);

  const warm = `
    import { readFileSync } from 'node:fs';
    const { findUnsafe } = await import(${url});
    const { texts, deny } = JSON.parse(readFileSync(${JSON.stringify(textsFile)}, 'utf8'));
    for (const text of texts) findUnsafe(text, deny);
    const times = [];
    for (let round = 0; round < 20; round++) {
      for (const text of texts) {
        const started = performance.now();
        findUnsafe(text, deny);
        times.push(performance.now() - started);
      }
    }
    console.log(JSON.stringify({ times }));`;
  const times = run(warm).times as number[];
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    freshRuns: FRESH_RUNS,
    firstCheckMs: { median: round(percentile(first, 50)), max: round(Math.max(...first)) },
    storyWords: STORY_WORDS,
    storyRuns: times.length,
    storyCheckMs: { median: round(percentile(times, 50)), p95: round(percentile(times, 95)) },
    bundleKB: Math.round(code.byteLength / 100) / 10,
    bundleGzipKB: Math.round(gzipSync(code).byteLength / 100) / 10,
  };
}

function run(script: string): Record<string, unknown> {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  if (child.status !== 0) throw new Error(`safety bench failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}
