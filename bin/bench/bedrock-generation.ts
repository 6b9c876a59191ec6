import type { LocalStack } from '../local/stack.js';
import { callApi, newFamily } from './families.js';
import { storyChoices } from '../../test/support/api.js';
import { mapConcurrent, percentile, round } from './stats.js';

/**
 * `--only bedrock`: the generation workflow on the Bedrock provider against the twin with its latency
 * profile from public figures (bin/local/bedrock-twin/latency.ts: Nova Lite 0.5 s to the first token and
 * 200 tokens/s, Stable Image Core 5 s a picture), once streamed (the cover painted while the text is
 * written) and once strictly sequential (`BEDROCK_STREAM=false`: the whole answer, then the cover), in the
 * same run on the same machine, so the gain is a ratio. Each story is followed as the progress screen
 * follows it: status reads (GET /api/stories/{id}/status) every POLL_MS.
 */

const POLL_MS = 100;

type Band = 'A' | 'B';
export type Workflow = 'streamed' | 'sequential';

/** Milliseconds from the POST to: the first real progress, the story readable, its cover on the page. */
type Sample = { firstProgressMs: number; readableMs: number; coverMs: number };

type Status = {
  status: 'generating' | 'ready' | 'failed';
  progress: string;
  writing: { paragraphs: number } | null;
  pictures: { painted: number; pending: number; failed: number };
};

/**
 * One story, request to cover. "First progress" is the first status read that shows work the family can
 * see move: a paragraph count, the checks, the cover painting, or the story itself.
 */
async function oneStory(stack: LocalStack, band: Band): Promise<Sample> {
  const family = await newFamily(stack, band);
  const started = performance.now();
  const { storyId } = await callApi<{ storyId: string }>(stack, family.token, 'POST', '/api/stories', {
    ...storyChoices,
  });
  const at = () => Math.round(performance.now() - started);
  let firstProgressMs: number | undefined;
  let readableMs: number | undefined;
  for (;;) {
    const status = await callApi<Status>(stack, family.token, 'GET', `/api/stories/${storyId}/status`);
    const moving =
      (status.writing?.paragraphs ?? 0) > 0 ||
      status.progress === 'checking' ||
      status.pictures.pending + status.pictures.painted > 0 ||
      status.status !== 'generating';
    if (moving) firstProgressMs ??= at();
    if (status.status === 'failed') throw new Error(`bench story ${storyId} failed`);
    if (status.status === 'ready') readableMs ??= at();
    if (readableMs !== undefined && status.pictures.pending === 0) {
      if (status.pictures.painted === 0) throw new Error(`bench story ${storyId} has no cover`);
      return { firstProgressMs: firstProgressMs ?? readableMs, readableMs, coverMs: at() };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const figures = (samples: readonly number[]) => ({
  medianMs: round(percentile(samples, 50), 0),
  p95Ms: round(percentile(samples, 95), 0),
});

/** `count` stories of each band, `concurrency` at a time (the twin's waits are timers, not CPU). */
export async function benchBedrockWorkflow(stack: LocalStack, options: { count: number; concurrency: number }) {
  await oneStory(stack, 'B'); // warm-up, not counted: template reads, SDK clients, JIT
  const bands: Partial<Record<Band, ReturnType<typeof summary>>> = {};
  for (const band of ['A', 'B'] as const) {
    const samples = await mapConcurrent(Array.from({ length: options.count }), options.concurrency, () =>
      oneStory(stack, band),
    );
    bands[band] = summary(samples);
  }
  return bands as Record<Band, ReturnType<typeof summary>>;
}

function summary(samples: readonly Sample[]) {
  return {
    stories: samples.length,
    firstProgress: figures(samples.map((s) => s.firstProgressMs)),
    readable: figures(samples.map((s) => s.readableMs)),
    cover: figures(samples.map((s) => s.coverMs)),
  };
}

export type BedrockWorkflowFigures = Awaited<ReturnType<typeof benchBedrockWorkflow>>;

/**
 * Both workflows, and the ratios (sequential ÷ streamed: above 1 is faster when streamed). The issue's
 * baseline is the workflow as it was, strictly in sequence: write, check, save, paint the cover, and only
 * then mark the story ready. The sequential run here already marks it ready before its cover, so that
 * baseline's "readable" is the sequential run's cover time: `strictReadableMedian` is the budgeted ratio;
 * `readableMedian` (one-shot text ÷ streamed text) shows how little streaming alone buys the text.
 */
export type BedrockReport = {
  profile: 'public';
  storiesPerBand: number;
  streamed: BedrockWorkflowFigures;
  sequential: BedrockWorkflowFigures;
  speedup: Record<
    Band,
    { strictReadableMedian: number; readableMedian: number; coverMedian: number; firstProgressMedian: number }
  >;
};

export function bedrockReport(
  streamed: BedrockWorkflowFigures,
  sequential: BedrockWorkflowFigures,
  storiesPerBand: number,
): BedrockReport {
  const ratio = (slow: number, fast: number) => round(slow / fast, 2);
  const speedup = Object.fromEntries(
    (['A', 'B'] as const).map((band) => [
      band,
      {
        strictReadableMedian: ratio(sequential[band].cover.medianMs, streamed[band].readable.medianMs),
        readableMedian: ratio(sequential[band].readable.medianMs, streamed[band].readable.medianMs),
        coverMedian: ratio(sequential[band].cover.medianMs, streamed[band].cover.medianMs),
        firstProgressMedian: ratio(sequential[band].firstProgress.medianMs, streamed[band].firstProgress.medianMs),
      },
    ]),
  ) as BedrockReport['speedup'];
  return { profile: 'public', storiesPerBand, streamed, sequential, speedup };
}
