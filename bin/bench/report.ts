import type { AdminUsersReport } from './admin-users.js';
import type { BedrockReport } from './bedrock-generation.js';
import type { ApiLoadReport } from './api-load.js';
import type { MixedLoadResult } from './mixed-load.js';
import type { GenerationReport } from './generation.js';
import type { LambdaBundlesReport } from './lambda-bundles.js';
import type { LighthouseReport } from './lighthouse.js';
import type { NarrationReport } from './narration.js';
import type { PeakReport, PeakRun } from './peak.js';
import type { PicturesReport } from './pictures.js';
import type { StorytellerReport } from './storyteller.js';
import type { SafetyReport } from './safety.js';
import type { WebBundleReport } from './web-bundle.js';

/** What one `npm run bench` measured; a section is absent when `--only` left it out. */
export type BenchReport = {
  date: string;
  conditions: Record<string, unknown>;
  web?: WebBundleReport;
  lambdas?: LambdaBundlesReport;
  pictures?: PicturesReport;
  storyteller?: StorytellerReport;
  lighthouse?: LighthouseReport;
  generation?: GenerationReport;
  narration?: NarrationReport;
  api?: ApiLoadReport;
  adminUsers?: AdminUsersReport;
  bedrock?: BedrockReport;
  safety?: SafetyReport;
  peak?: PeakReport;
};

/** The budgets `--check` holds the figures to (README, Benchmarks). */
export const BUDGETS = {
  landingJsGzipKB: 105,
  /** Home and the story page: what a signed-in family's first visit downloads. */
  signedInJsGzipKB: 150,
  /** Each Lambda bundle (api, workflow, triggers): importing it in a fresh process. */
  lambdaColdImportMs: 150,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  /** At this many signed-in families, each making `apiPacePerUser` requests a second. */
  apiUsers: 50,
  apiPacePerUser: 1,
  apiP99Ms: 100,
  generationMedianMs: 1000,
  /** Band B on the Bedrock twin's public-figure timings (issue 17). */
  bedrockReadableMedianMs: 8000,
  bedrockReadableP95Ms: 12000,
  bedrockSpeedup: 1.5,
  /** "Read to me": the press to the first sound of a story never read before (the issue's 1.5 s). */
  narrationFirstSoundP95Ms: 1500,
  /** Each picture on the story page at 375 px. */
  pictureAt375KB: 120,
  /** A full library (10 stories): sentences with a near-twin in another of the child's stories (issue 37). */
  libraryNearTwinShare: 0.05,
  /** The safety check (issue 34): a fresh process's first check, and an 800-word story's check. */
  safetyFirstCheckMs: 150,
  safetyStoryCheckMs: 20,
  /** Opening night (issue 35): the wait a family is shown, against its real wait (90 % of families within). */
  peakEstimateError: 0.3,
};

export type Row = { figure: string; value: string; budget?: string; pass?: boolean };

/** Every figure of the report as a table row; rows with a budget say whether it was kept. */
export function rows(report: BenchReport): Row[] {
  const out: Row[] = [];
  const {
    web,
    lambdas,
    pictures,
    storyteller,
    lighthouse,
    generation,
    narration,
    api,
    adminUsers,
    bedrock,
    safety,
    peak,
  } = report;
  if (peak) out.push(...[peak.withGate, peak.withoutGate].flatMap((run) => (run ? peakRows(run) : [])));
  if (safety) {
    out.push({
      figure: `safety: a fresh process's first check (import, compile, check), median of ${safety.freshRuns}`,
      value: `${safety.firstCheckMs.median} ms (slowest ${safety.firstCheckMs.max} ms; module ${safety.bundleKB} kB, ${safety.bundleGzipKB} kB gzipped)`,
      budget: `≤ ${BUDGETS.safetyFirstCheckMs} ms`,
      pass: safety.firstCheckMs.median <= BUDGETS.safetyFirstCheckMs,
    });
    out.push({
      figure: `safety: an ${safety.storyWords}-word story's check, band B, median of ${safety.storyRuns}`,
      value: `${safety.storyCheckMs.median} ms (p95 ${safety.storyCheckMs.p95} ms)`,
      budget: `≤ ${BUDGETS.safetyStoryCheckMs} ms`,
      pass: safety.storyCheckMs.median <= BUDGETS.safetyStoryCheckMs,
    });
  }
  if (web) {
    const landing = web.screens.landing.jsGzipKB;
    out.push({
      figure: 'web: landing JS, gzipped',
      value: `${landing} kB`,
      budget: `≤ ${BUDGETS.landingJsGzipKB} kB`,
      pass: landing <= BUDGETS.landingJsGzipKB,
    });
    for (const [screen, name] of [
      ['home', 'home'],
      ['story', 'story page'],
    ] as const) {
      const kB = web.screens[screen].jsGzipKB;
      out.push({
        figure: `web: ${name} JS, gzipped`,
        value: `${kB} kB`,
        budget: `≤ ${BUDGETS.signedInJsGzipKB} kB`,
        pass: kB <= BUDGETS.signedInJsGzipKB,
      });
    }
  }
  if (storyteller) {
    for (const [family, f] of Object.entries(storyteller.families)) {
      const [band, size] = [family[0], family.slice(1)];
      const share = Math.round(f.nearTwinShare * 1000) / 10;
      out.push({
        figure: `storyteller: band ${band}, ${f.families} families of ${size}, near-twin sentences`,
        value: `${share} % (worst family ${Math.round(f.nearTwinShareMax * 1000) / 10} %)`,
        ...(size === '10'
          ? {
              budget: `≤ ${BUDGETS.libraryNearTwinShare * 100} %`,
              pass: f.nearTwinShare <= BUDGETS.libraryNearTwinShare,
            }
          : {}),
      });
      out.push({
        figure: `storyteller: band ${band}, families of ${size}: episodes, cards, mission`,
        value: `${f.familiesWithEpisodeTwice} of ${f.families} families hear an episode twice (${f.episodePairs.toFixed(1)} pairs); ${f.familiesWithCardsAlike} have cards that open alike (${f.cardsAlike.toFixed(1)} cards); the mission takes ${f.resolutionSentences.toFixed(1)} sentences to resolve (least ${f.resolutionMin}) and ${f.middleSentences.toFixed(1)} in the middle (least ${f.middleMin})`,
      });
    }
    for (const [band, c] of Object.entries(storyteller.corpus)) {
      out.push({
        figure: `storyteller: band ${band}, ${c.stories} stories written blind (the unit test's corpus, whole)`,
        value: `${c.sharedSentences} shared sentences (mean of two seeds); friend ${c.friendPer100Max.toFixed(2)} and place ${c.placePer100Max.toFixed(2)} per 100 words at most; most-named word ${c.mostNamed.toFixed(2)} times a story; ${c.seconds} s`,
      });
    }
  }
  if (pictures) {
    for (const { dpr, width, bytes } of pictures.at375) {
      const kB = Math.round(bytes / 1024);
      out.push({
        figure: `pictures: story page at 375 px, DPR ${dpr} (the ${width} px WebP)`,
        value: `${kB} KB of the ${Math.round(pictures.originalBytes / 1024)} KB PNG`,
        budget: `≤ ${BUDGETS.pictureAt375KB} KB`,
        pass: kB <= BUDGETS.pictureAt375KB,
      });
    }
    out.push({
      figure: 'pictures: making the variants and thumbnail of one',
      value: `${pictures.makeMs} ms, peak RSS ${pictures.peakRssMB} MB`,
    });
  }
  if (lambdas) {
    for (const [name, bundle] of Object.entries(lambdas.bundles)) {
      out.push({
        figure: `lambda ${name}: cold import, median of ${lambdas.runs}`,
        value: `${bundle.coldImportMedianMs} ms (cold start compiles ${Math.round(bundle.coldStartBytes / 1000)} kB of ${Math.round(bundle.totalBytes / 1000)} kB)`,
        budget: `≤ ${BUDGETS.lambdaColdImportMs} ms`,
        pass: bundle.coldImportMedianMs <= BUDGETS.lambdaColdImportMs,
      });
      out.push({
        figure: `lambda ${name}: the storyteller's code in the bundle`,
        value: `${Math.round(bundle.storytellerBytes / 1000)} kB`,
        budget: '0 kB',
        pass: bundle.storytellerBytes === 0,
      });
    }
  }
  if (lighthouse) {
    for (const [name, page] of Object.entries(lighthouse.pages)) {
      out.push({
        figure: `lighthouse ${name}: performance (HTTP/2)`,
        value: `${page.performance} (runs ${page.performanceRuns.join('/')})`,
        budget: `≥ ${BUDGETS.lighthousePerformance}`,
        pass: page.performance >= BUDGETS.lighthousePerformance,
      });
      out.push({
        figure: `lighthouse ${name}: accessibility`,
        value: String(page.accessibility),
        budget: `≥ ${BUDGETS.lighthouseAccessibility}`,
        pass: page.accessibility >= BUDGETS.lighthouseAccessibility,
      });
    }
    // The local server's own HTTP/1.1, measured in the same run: a comparison, not a budget.
    for (const [name, page] of Object.entries(lighthouse.http1Pages)) {
      out.push({
        figure: `lighthouse ${name}: performance (HTTP/1.1)`,
        value: `${page.performance} (runs ${page.performanceRuns.join('/')})`,
      });
    }
  }
  if (api) {
    const describe = (run: MixedLoadResult) => {
      const errors = run.non2xx + run.errors; // errors include the timeouts
      const value = `${run.latency.p99Ms} ms (p50 ${run.latency.p50Ms} ms, ${run.requestsPerSecond} req/s${errors ? `, ${errors} failed` : ''})`;
      return { errors, value };
    };
    for (const run of api.capacity) {
      out.push({ figure: `api: ${run.users} connections, no think time, p99`, value: describe(run).value });
    }
    for (const run of api.paced) {
      const { errors, value } = describe(run);
      out.push({
        figure: `api: ${run.users} users at ${run.pacePerUser} req/s each, p99`,
        value,
        ...(run.users === BUDGETS.apiUsers
          ? {
              budget: `≤ ${BUDGETS.apiP99Ms} ms, 0 failed`,
              pass: run.latency.p99Ms <= BUDGETS.apiP99Ms && errors === 0,
            }
          : {}),
      });
    }
  }
  if (generation) {
    out.push({
      figure: `generation: request→ready median (${generation.stories})`,
      value: `${generation.medianMs} ms`,
      budget: `≤ ${BUDGETS.generationMedianMs} ms`,
      pass: generation.medianMs <= BUDGETS.generationMedianMs,
    });
    out.push({ figure: 'generation: request→ready p95', value: `${generation.p95Ms} ms` });
    out.push({
      figure: `generation: ${generation.concurrent.families} families at once`,
      value: `${generation.concurrent.storiesPerMinute} stories/min`,
    });
  }
  if (bedrock) out.push(...bedrockRows(bedrock));
  if (narration) {
    const { firstSound, replay, firstPartCharacters } = narration;
    out.push({
      figure: `read to me: press→first sound, first reading p95 (${narration.stories})`,
      value: `${firstSound.p95Ms} ms (median ${firstSound.medianMs} ms)`,
      budget: `≤ ${BUDGETS.narrationFirstSoundP95Ms} ms`,
      pass: firstSound.p95Ms <= BUDGETS.narrationFirstSoundP95Ms,
    });
    out.push({ figure: 'read to me: press→first sound, replay p95', value: `${replay.p95Ms} ms` });
    out.push({
      figure: 'read to me: first part sent to the narrator',
      value: `median ${firstPartCharacters.median}, max ${firstPartCharacters.max} characters`,
    });
  }
  if (adminUsers) {
    for (const [name, figure] of Object.entries(adminUsers.queries)) {
      out.push({
        figure: `admin users (${adminUsers.users}): ${name}`,
        value: `median ${figure.medianMs} ms, p95 ${figure.p95Ms} ms`,
      });
    }
  }
  return out;
}

/** Opening night: what families met, with the capacity gate (held to the budgets) and without it (compared). */
function peakRows(run: PeakRun): Row[] {
  const name = `peak ${run.gate ? 'with the gate' : 'without the gate'}, ${run.families} families in ${run.windowMinutes} min (×${run.timeScale})`;
  const checked = <T extends Row>(row: T, pass: boolean, budget: string): Row =>
    run.gate ? { ...row, budget, pass } : row;
  const minutes = (spread: PeakRun['minutesToReadable']) =>
    `median ${spread.median} min, p95 ${spread.p95}, max ${spread.max}`;
  return [
    checked(
      { figure: `${name}: stories failed, covers failed`, value: `${run.storiesFailed}, ${run.coversFailed}` },
      run.storiesFailed === 0 && run.coversFailed === 0,
      '0 and 0',
    ),
    { figure: `${name}: time to a readable story`, value: minutes(run.minutesToReadable) },
    { figure: `${name}: time to its painted cover`, value: minutes(run.minutesToCover) },
    {
      figure: `${name}: largest line (story, cover); calls Bedrock throttled`,
      value: `${run.largestLine.story}, ${run.largestLine.cover}; ${run.throttledCalls}`,
    },
    {
      figure: `${name}: read aloud failed, pictures added failed; families asked to wait and press again`,
      value: `${run.narrationsFailed}, ${run.picturesFailed}; ${run.familiesAskedToWait}`,
    },
    checked(
      {
        figure: `${name}: shown wait against the real one (${run.estimateError.compared} waits of a minute or more)`,
        value:
          run.estimateError.compared === 0
            ? 'no wait that long'
            : `median ${Math.round(run.estimateError.median * 100)} % off, p90 ${Math.round(run.estimateError.p90 * 100)} %, max ${Math.round(run.estimateError.max * 100)} %`,
      },
      run.estimateError.compared === 0 || run.estimateError.p90 <= BUDGETS.peakEstimateError,
      `p90 ≤ ${BUDGETS.peakEstimateError * 100} %`,
    ),
  ];
}

/** Request to first progress, readable and cover, per band and workflow, with the band B budgets. */
function bedrockRows(bedrock: BedrockReport): Row[] {
  const out: Row[] = [];
  const ms = (figure: { medianMs: number; p95Ms: number }) => `median ${figure.medianMs} ms, p95 ${figure.p95Ms} ms`;
  for (const band of ['A', 'B'] as const) {
    for (const workflow of ['streamed', 'sequential'] as const) {
      const figures = bedrock[workflow][band];
      const name = `bedrock ${band} ${workflow}`;
      out.push({ figure: `${name}: request→first progress`, value: ms(figures.firstProgress) });
      const readable: Row = { figure: `${name}: request→readable`, value: ms(figures.readable) };
      if (band === 'B' && workflow === 'streamed') {
        readable.budget = `median ≤ ${BUDGETS.bedrockReadableMedianMs} ms, p95 ≤ ${BUDGETS.bedrockReadableP95Ms} ms`;
        readable.pass =
          figures.readable.medianMs <= BUDGETS.bedrockReadableMedianMs &&
          figures.readable.p95Ms <= BUDGETS.bedrockReadableP95Ms;
      }
      out.push(readable);
      out.push({ figure: `${name}: request→cover`, value: ms(figures.cover) });
    }
    const speedup = bedrock.speedup[band];
    // The issue's baseline: text, check, save, the cover, and only then ready (the workflow before streaming).
    out.push({
      figure: `bedrock ${band}: text-check-save-cover-then-ready ÷ streamed, readable median`,
      value: `${speedup.strictReadableMedian}×`,
      ...(band === 'B'
        ? { budget: `≥ ${BUDGETS.bedrockSpeedup}×`, pass: speedup.strictReadableMedian >= BUDGETS.bedrockSpeedup }
        : {}),
    });
    out.push({ figure: `bedrock ${band}: one-shot ÷ streamed, readable median`, value: `${speedup.readableMedian}×` });
    out.push({ figure: `bedrock ${band}: one-shot ÷ streamed, cover median`, value: `${speedup.coverMedian}×` });
  }
  return out;
}

export function printTable(table: readonly Row[]): void {
  const widths = [
    Math.max(...table.map((r) => r.figure.length), 6),
    Math.max(...table.map((r) => r.value.length), 5),
    Math.max(...table.map((r) => (r.budget ?? '').length), 6),
  ] as const;
  const line = (cells: string[]) => console.log(cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  line(['figure', 'value', 'budget', '']);
  for (const row of table) {
    line([row.figure, row.value, row.budget ?? '', row.pass === undefined ? '' : row.pass ? 'PASS' : 'MISS']);
  }
}
