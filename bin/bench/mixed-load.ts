import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LocalStack } from '../local/stack.js';
import { cpuMeter, type CpuUse } from './cpu.js';
import { adminToken, callApi, newFamilies, type Family } from './families.js';
import { latency, mapConcurrent, round, type Latency } from './stats.js';

/**
 * The mixed read/write API load shared by `npm run bench` and `npm run soak`: every connection is a
 * signed-in family that reads its home (featured), its library and a story, and saves then unsaves a
 * featured story someone else made, over and over (see load-worker.ts for the cycle).
 */

/** What the load generator needs: where, how hard, and each family's token and the story it toggles. */
export type LoadJob = {
  apiUrl: string;
  connections: number;
  durationSeconds: number;
  /** Each connection's pace, requests per second; absent: as fast as the API answers (no think time). */
  requestsPerSecondPerUser?: number;
  families: { token: string; storyId: string }[];
};

/** The raw answer of the load generator. */
export type LoadSamples = {
  seconds: number;
  routes: Record<string, { ms: number[]; statuses: Record<string, number> }>;
  errors: number;
  timeouts: number;
};

export type LoadFamily = Family & { storyId: string };

export type MixedLoadResult = {
  users: number;
  /** Requests per second each user makes (a person's pace), or null: no think time, a closed loop. */
  pacePerUser: number | null;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: Latency;
  /** Answers by status code; anything but 2xx is a failure of the run (the cycle never expects one). */
  statuses: Record<string, number>;
  non2xx: number;
  /** Requests that got no answer: connection errors and timeouts (10 s); `timeouts` is the part that timed out. */
  errors: number;
  timeouts: number;
  routes: Record<string, Latency & { non2xx: number }>;
  cpu: CpuUse;
};

/** The home page lists at most 24 featured stories. */
const FEATURED_STORIES = 24;
/** Stories each family has saved before the load starts, so its library read is not an empty Query. */
const PRESAVED = 3;

/** A story of about 500 words in 8 paragraphs, like a band B story. */
function storyText(n: number): string {
  const paragraph = (i: number) =>
    `On page ${i + 1}, Captain Pip and the crew of the Starry Lantern sailed past the glowing reef of story ${n}. ` +
    'The waves whispered old secrets, and the map in Pip’s pocket shimmered whenever they turned the right way. ' +
    '“Hold on tight,” said Pip, as a friendly whale lifted the little ship towards the clouds. ' +
    'Everyone laughed, because the clouds tasted a little like lemon sherbet and a little like rain.';
  return Array.from({ length: 8 }, (_, i) => paragraph(i)).join('\n\n');
}

/** Featured stories made by the seeded admin (no creator), through the admin editor's API. */
export async function seedFeatured(stack: LocalStack, count = FEATURED_STORIES): Promise<string[]> {
  const token = await adminToken(stack);
  return mapConcurrent(Array.from({ length: count }), 4, async (_, i) => {
    const { story } = await callApi<{ story: { id: string } }>(stack, token, 'POST', '/api/admin/stories', {
      title: `The Starry Lantern ${i + 1}`,
      heroName: 'Pip',
      content: storyText(i + 1),
      excerpt: 'A little ship, a friendly whale and a map that shimmers.',
    });
    return story.id;
  });
}

/** `count` families, each with a few featured stories saved and one more to save and unsave under load. */
export async function loadFamilies(stack: LocalStack, count: number, featured: readonly string[]) {
  const families = await newFamilies(stack, count);
  return mapConcurrent(families, 4, async (family, i): Promise<LoadFamily> => {
    const pick = (k: number) => featured[(i + k) % featured.length] as string;
    for (let k = 1; k <= PRESAVED; k++) await callApi(stack, family.token, 'PUT', `/api/library/${pick(k)}`);
    return { ...family, storyId: pick(0) };
  });
}

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/** Runs the load generator in a child process; resolves with its samples while the child is still alive. */
async function generate(job: LoadJob, onStarted: () => void): Promise<LoadSamples> {
  // The parent's execArgv carries tsx's loader, so the child runs the TypeScript worker as it is.
  const child = fork(WORKER, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    return await new Promise<LoadSamples>((resolve, reject) => {
      child.on('message', (answer: { ready?: true; samples?: LoadSamples; error?: string }) => {
        if (answer.ready) {
          // Loaded and idle: from here on its CPU time is the load's.
          onStarted();
          child.send(job);
        } else if (answer.samples) resolve(answer.samples);
        else reject(new Error(`load generator: ${answer.error}`));
      });
      child.once('exit', (code) => reject(new Error(`load generator exited (${code}) before answering`)));
    });
  } finally {
    if (child.connected) child.disconnect();
  }
}

/**
 * `users` families at once (one connection each) for `seconds`: with no `pacePerUser`, each sends its next
 * request as soon as the last is answered (the machine's capacity); with one, each keeps to that many
 * requests a second, as people do who read what they open.
 */
export async function runMixedLoad(
  stack: LocalStack,
  families: readonly LoadFamily[],
  users: number,
  seconds: number,
  pacePerUser?: number,
): Promise<MixedLoadResult> {
  if (families.length < users) throw new Error(`${users} users need ${users} families, got ${families.length}`);
  let cpu: () => CpuUse = () => {
    throw new Error('CPU meter never started');
  };
  const samples = await generate(
    {
      apiUrl: stack.urls.api,
      connections: users,
      durationSeconds: seconds,
      families: families.slice(0, users).map(({ token, storyId }) => ({ token, storyId })),
      ...(pacePerUser ? { requestsPerSecondPerUser: pacePerUser } : {}),
    },
    () => (cpu = cpuMeter()),
  );
  const cpuUse = cpu();
  // Requests cut off at the end are still running in the API: let them finish before anything else starts.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const all: number[] = [];
  const statuses: Record<string, number> = {};
  const routes: MixedLoadResult['routes'] = {};
  for (const [route, { ms, statuses: byStatus }] of Object.entries(samples.routes)) {
    for (const value of ms) all.push(value);
    let non2xx = 0;
    for (const [status, count] of Object.entries(byStatus)) {
      statuses[status] = (statuses[status] ?? 0) + count;
      if (!status.startsWith('2')) non2xx += count;
    }
    routes[route] = { ...latency(ms), non2xx };
  }
  return {
    users,
    pacePerUser: pacePerUser ?? null,
    seconds: round(samples.seconds),
    requests: all.length,
    requestsPerSecond: round(all.length / samples.seconds),
    latency: latency(all),
    statuses,
    non2xx: Object.values(routes).reduce((sum, route) => sum + route.non2xx, 0),
    errors: samples.errors,
    timeouts: samples.timeouts,
    routes,
    cpu: cpuUse,
  };
}
