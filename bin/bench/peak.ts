import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_QUOTAS, type BedrockQuotas } from '#common/models/quotas.js';
import type { StoryStatusView } from '#common/api/views.js';
import { CHARACTER_TYPES, MISSIONS, STORY_TYPES } from '#common/story-choices.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { BENCH_STACK } from './bench-stack.js';
import { callApi, newFamilies, type Family } from './families.js';
import { percentile, round } from './stats.js';

/**
 * Opening night, compressed: `families` families start a story each at random moments of a `windowMinutes`
 * evening, on the local stack with the Bedrock provider against the twin under AWS's public default quotas
 * for us-west-2 (DEFAULT_QUOTAS), every quota window, the twin's latency and the workflow's retry waits
 * `timeScale` times faster, so an evening runs in minutes. Each family follows its story as the SPA does
 * (the status poll, backing off while it waits in line), a fifth have it read aloud once it is ready, a tenth
 * add a picture once the cover is painted. Reported in evening time (the run's real times × timeScale).
 */

export type PeakOptions = Readonly<{
  families: number;
  windowMinutes: number;
  timeScale: number;
  /** The capacity gate sized from the quotas (true), or left open to meet Bedrock's throttling (false). */
  gate: boolean;
}>;

type Sighting = { at: number; position: number; etaSeconds: number };

type FamilyRun = {
  storyId?: string;
  startedAt: number;
  readyAt?: number;
  failed?: string;
  coverAt?: number;
  coverFailed?: string;
  storySightings: Sighting[];
  coverSightings: Sighting[];
  narrationFailed?: boolean;
  pictureFailed?: boolean;
  /** How often "Yes, let's go!" was answered "Too many requests…" before the story started. */
  askedToWait?: number;
};

export type Spread = { median: number; p95: number; max: number };

export type PeakRun = {
  gate: boolean;
  families: number;
  windowMinutes: number;
  timeScale: number;
  storiesFailed: number;
  coversFailed: number;
  /** Why they failed, by message, with how many. */
  failures: Record<string, number>;
  narrationsFailed: number;
  /** Families whose "Yes, let's go!" was answered "Too many requests…" at least once (they pressed again). */
  familiesAskedToWait: number;
  picturesFailed: number;
  /** Minutes of evening from "Yes, let's go!" to a readable story, and to its painted cover. */
  minutesToReadable: Spread;
  minutesToCover: Spread;
  /** The longest line seen, per lane (a family's place). */
  largestLine: { story: number; cover: number };
  /** How far the wait a family was shown (its first place in line) was from its real wait: a share of it. */
  estimateError: { compared: number; median: number; p90: number; max: number };
  /** Calls Bedrock (the twin) refused as over a quota. */
  throttledCalls: number;
  realSeconds: number;
};

const NAMES = ['Amara', 'Bodhi', 'Chen', 'Dara', 'Emeka', 'Freya', 'Gulnar', 'Hana', 'Ilya', 'Jomo', 'Kiri', 'Leila'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SPA's status poll (web/src/api/stories.ts), scaled to the compressed evening. */
function pollInterval(status: StoryStatusView | undefined, timeScale: number): number {
  const waiting = status?.queue ?? status?.pictures.queue;
  const spa = waiting
    ? Math.min(15_000, Math.max(3_000, (waiting.etaSeconds * 1000) / 4))
    : status?.progress === 'writing'
      ? 1_500
      : 3_000;
  return Math.max(100, spa / timeScale);
}

async function followFamily(stack: LocalStack, family: Family, run: FamilyRun, timeScale: number): Promise<void> {
  const call = <T>(method: string, path: string, body?: unknown, expected?: readonly number[]) =>
    callApi<T>(stack, family.token, method, path, body, expected);
  const choices = {
    heroName: pick(NAMES),
    characterType: pick(CHARACTER_TYPES),
    storyType: pick(STORY_TYPES),
    mission: pick(MISSIONS),
    artStyle: 'watercolor',
    generationMode: 'express',
    requestId: randomUUID(),
  };
  // A family asked to wait ("Too many requests…", 429) waits as long as it is told and presses again,
  // a few times, as a family at the screen would.
  let created: { storyId: string } | undefined;
  for (let press = 1; !created && !run.failed; press++) {
    created = await call<{ storyId: string }>('POST', '/api/stories', choices).catch(async (error: unknown) => {
      const asked = /answered 429: .*"retryAfter":(\d+)/.exec(String(error));
      if (asked && press < 5) {
        run.askedToWait = (run.askedToWait ?? 0) + 1;
        await sleep((Number(asked[1]) * 1000) / timeScale);
      } else run.failed = `create: ${String(error).slice(0, 120)}`;
      return undefined;
    });
  }
  if (!created) return;
  run.storyId = created.storyId;
  let status: StoryStatusView | undefined;
  for (;;) {
    await sleep(pollInterval(status, timeScale));
    status = await call<StoryStatusView>('GET', `/api/stories/${created.storyId}/status`).catch(() => status);
    if (!status) continue;
    const now = performance.now();
    if (status.queue) run.storySightings.push({ at: now, ...status.queue });
    if (status.pictures.queue) run.coverSightings.push({ at: now, ...status.pictures.queue });
    if (status.status === 'failed') {
      run.failed = status.failureReason ?? 'failed';
      return;
    }
    if (status.status === 'ready') run.readyAt ??= now;
    if (status.status === 'ready' && status.pictures.failed > 0) {
      run.coverFailed = 'failed';
      return;
    }
    if (status.status === 'ready' && status.pictures.painted > 0 && status.pictures.pending === 0) {
      run.coverAt = now;
      break;
    }
  }
  if (Math.random() < 0.2) {
    await call('GET', `/api/stories/${created.storyId}/narration/0`).catch(() => (run.narrationFailed = true));
  }
  if (Math.random() < 0.1) {
    const asked = await call('POST', `/api/stories/${created.storyId}/images`, { mode: 'express' }, [202]).catch(
      () => undefined,
    );
    if (!asked) return;
    for (;;) {
      await sleep(pollInterval(status, timeScale));
      status = await call<StoryStatusView>('GET', `/api/stories/${created.storyId}/status`).catch(() => status);
      if (!status) continue;
      if (status.pictures.failed > 0) run.pictureFailed = true;
      if (status.pictures.pending === 0) return;
    }
  }
}

const spread = (values: readonly number[]): Spread => ({
  median: round(percentile(values, 50), 2),
  p95: round(percentile(values, 95), 2),
  max: round(percentile(values, 100), 2),
});

/** When each waiting story and cover started, from the table (the story keeps its ticket, a picture its wait). */
async function startsOf(stack: LocalStack, storyIds: readonly string[]) {
  const { documents } = createAwsClients(stack.serverConfig);
  const stories = new Map<string, number>();
  const covers = new Map<string, number>();
  for (const id of storyIds) {
    const { Item } = await documents.send(
      new GetCommand({ TableName: stack.serverConfig.tableName, Key: { PK: `STORY#${id}`, SK: 'META' } }),
    );
    const admitted = (Item as { queue?: { admitted_at?: number } } | undefined)?.queue?.admitted_at;
    if (admitted) stories.set(id, admitted);
    const images = await documents.send(
      new QueryCommand({
        TableName: stack.serverConfig.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :image)',
        ExpressionAttributeValues: { ':pk': `STORY#${id}`, ':image': 'IMAGE#' },
      }),
    );
    const cover = (images.Items ?? []).find((item) => item.image_type === 'cover') as
      { waited?: { admitted_at: number } } | undefined;
    if (cover?.waited) covers.set(id, cover.waited.admitted_at);
  }
  return { stories, covers };
}

/**
 * A family's shown wait against its real one: the first place it saw, and when its work really started.
 * Only waits of a minute of evening or more are compared: shorter ones are shown as "less than a minute".
 */
function estimateErrors(
  runs: readonly FamilyRun[],
  starts: { stories: Map<string, number>; covers: Map<string, number> },
  timeScale: number,
  epoch: number,
): number[] {
  const errors: number[] = [];
  for (const run of runs) {
    if (!run.storyId) continue;
    for (const [sightings, started] of [
      [run.storySightings, starts.stories.get(run.storyId)],
      [run.coverSightings, starts.covers.get(run.storyId)],
    ] as const) {
      const first = sightings[0];
      if (!first || started === undefined) continue;
      const actual = (started - (epoch + first.at)) / 1000;
      if (actual * timeScale < 60) continue;
      errors.push(Math.abs(first.etaSeconds - actual) / actual);
    }
  }
  return errors;
}

export async function benchPeak(options: PeakOptions): Promise<PeakRun> {
  const { timeScale } = options;
  const quotas: BedrockQuotas = { ...DEFAULT_QUOTAS, timeScale };
  const stack = await startLocalStack({
    ...BENCH_STACK,
    storyProvider: 'bedrock',
    bedrockTwin: { latency: 'public', quotas, gate: options.gate, pictureSize: 96 },
    retryTiming: { timeScale },
  });
  try {
    const families = await newFamilies(stack, options.families);
    const windowMs = (options.windowMinutes * 60_000) / timeScale;
    const began = performance.now();
    // performance.now() and Date.now() differ by a constant: the table's times are Date.now().
    const epoch = Date.now() - performance.now();
    const runs: FamilyRun[] = families.map(() => ({ startedAt: 0, storySightings: [], coverSightings: [] }));
    const offsets = families.map(() => Math.random() * windowMs);
    await Promise.all(
      families.map(async (family, i) => {
        await sleep(offsets[i] ?? 0);
        const run = runs[i] as FamilyRun;
        run.startedAt = performance.now();
        await followFamily(stack, family, run, timeScale);
      }),
    );
    await stack.workflowsIdle();
    const realSeconds = (performance.now() - began) / 1000;
    const starts = await startsOf(
      stack,
      runs.flatMap((run) => (run.storyId ? [run.storyId] : [])),
    );
    const evening = (fromMs: number, toMs: number) => ((toMs - fromMs) * timeScale) / 60_000;
    const errors = estimateErrors(runs, starts, timeScale, epoch);
    const twinCalls = stack.bedrockTwin?.calls() ?? [];
    return {
      gate: options.gate,
      families: options.families,
      windowMinutes: options.windowMinutes,
      timeScale,
      storiesFailed: runs.filter((run) => run.failed).length,
      failures: runs.reduce<Record<string, number>>((counts, run) => {
        for (const reason of [run.failed, run.coverFailed]) if (reason) counts[reason] = (counts[reason] ?? 0) + 1;
        return counts;
      }, {}),
      coversFailed: runs.filter((run) => run.coverFailed).length,
      narrationsFailed: runs.filter((run) => run.narrationFailed).length,
      familiesAskedToWait: runs.filter((run) => run.askedToWait).length,
      picturesFailed: runs.filter((run) => run.pictureFailed).length,
      minutesToReadable: spread(runs.flatMap((run) => (run.readyAt ? [evening(run.startedAt, run.readyAt)] : []))),
      minutesToCover: spread(runs.flatMap((run) => (run.coverAt ? [evening(run.startedAt, run.coverAt)] : []))),
      largestLine: {
        story: Math.max(0, ...runs.flatMap((run) => run.storySightings.map((s) => s.position))),
        cover: Math.max(0, ...runs.flatMap((run) => run.coverSightings.map((s) => s.position))),
      },
      estimateError: {
        compared: errors.length,
        median: round(percentile(errors, 50), 3),
        p90: round(percentile(errors, 90), 3),
        max: round(percentile(errors, 100), 3),
      },
      throttledCalls: twinCalls.filter((call) => /throttl/i.test(call.answer)).length,
      realSeconds: round(realSeconds),
    };
  } finally {
    await stack.stop();
  }
}

export type PeakReport = { withGate?: PeakRun | undefined; withoutGate?: PeakRun | undefined };
