import { LIMITS } from '#common/limits.js';
import type { LocalStack } from '../local/stack.js';
import { callApi, newFamily, type Family } from './families.js';
import { latency, percentile, round } from './stats.js';

const CHOICES = {
  characterType: ['Explorer', 'Super Hero', 'Creature', 'Robot', 'Warrior', 'Surprise'],
  storyType: ['Adventure', 'Mystery', 'Magical', 'Epic', 'Space', 'Surprise'],
  mission: ['Rescue', 'Treasure', 'Protect', 'Ranch', 'Escape', 'Surprise'],
  artStyle: ['pixar-3d', 'anime', 'illustration', 'comic-book', 'watercolor', 'sketch'],
} as const;
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)] as T;

/** A family makes at most this many stories in a row: its library's 10 slots (and the generate rate limit). */
export const STORIES_PER_FAMILY = LIMITS.libraryCapacity;

/**
 * One story from POST to `ready`, as a family's browser sees it (polling every `pollMs`). Resolves with the
 * milliseconds it took and the story's id; a failed story throws.
 */
export async function generateStory(
  stack: LocalStack,
  family: Family,
  pollMs = 20,
): Promise<{ ms: number; storyId: string }> {
  const started = performance.now();
  const { storyId } = await callApi<{ storyId: string }>(stack, family.token, 'POST', '/api/stories', {
    heroName: pick(['Maya', 'Leo', 'Ana-Lucia', "Rafi O'Neil", 'Zed']),
    characterType: pick(CHOICES.characterType),
    storyType: pick(CHOICES.storyType),
    mission: pick(CHOICES.mission),
    artStyle: pick(CHOICES.artStyle),
    generationMode: 'express',
  });
  for (;;) {
    const story = await callApi<{ status: string }>(stack, family.token, 'GET', `/api/stories/${storyId}`);
    if (story.status === 'ready') return { ms: performance.now() - started, storyId };
    if (story.status === 'failed') throw new Error(`story ${storyId} failed`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** `count` stories one after another, a new family every 10. */
async function oneAtATime(stack: LocalStack, count: number) {
  const samples: number[] = [];
  let family: Family | undefined;
  for (let i = 0; i < count; i++) {
    if (i % STORIES_PER_FAMILY === 0) family = await newFamily(stack);
    samples.push((await generateStory(stack, family as Family)).ms);
  }
  return samples;
}

/** `families` families at once, each making 10 stories in a row: throughput when the workflow is busy. */
async function concurrently(stack: LocalStack, families: number) {
  const signedIn = await Promise.all(Array.from({ length: families }, () => newFamily(stack)));
  const samples: number[] = [];
  const started = performance.now();
  await Promise.all(
    signedIn.map(async (family) => {
      for (let i = 0; i < STORIES_PER_FAMILY; i++) samples.push((await generateStory(stack, family)).ms);
    }),
  );
  const minutes = (performance.now() - started) / 60_000;
  return { samples, minutes };
}

/**
 * Local provider, request to ready: median and p95 over `count` stories made one at a time, then
 * stories per minute with `concurrentFamilies` families generating at once.
 */
export async function benchGeneration(stack: LocalStack, options: { count: number; concurrentFamilies: number }) {
  await generateStory(stack, await newFamily(stack)); // warm-up, not counted: template reads, JIT
  const serial = await oneAtATime(stack, options.count);
  const parallel = await concurrently(stack, options.concurrentFamilies);
  return {
    stories: options.count,
    medianMs: round(percentile(serial, 50)),
    p95Ms: round(percentile(serial, 95)),
    maxMs: round(Math.max(...serial)),
    concurrent: {
      families: options.concurrentFamilies,
      stories: parallel.samples.length,
      storiesPerMinute: round(parallel.samples.length / parallel.minutes),
      latency: latency(parallel.samples),
    },
  };
}

export type GenerationReport = Awaited<ReturnType<typeof benchGeneration>>;
