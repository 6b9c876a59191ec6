import type { NarrationPartView } from '#common/narration.js';
import { narrationParts, partText, storyWords } from '#common/narration.js';
import { storyParagraphs } from '#common/story-layout.js';
import type { LocalStack } from '../local/stack.js';
import { callApi, newFamily } from './families.js';
import { generateStory } from './generation.js';
import { percentile, round } from './stats.js';

export type NarrationReport = {
  stories: number;
  /** "Read to me" pressed → the first part's sound arriving (its first bytes), the first reading of a story. */
  firstSound: { medianMs: number; p95Ms: number; maxMs: number };
  /** The same on a replay: the stored part is read back, nothing is synthesized. */
  replay: { medianMs: number; p95Ms: number };
  /** What the first part sends the narrator: its characters decide Polly's time to first sound by design. */
  firstPartCharacters: { median: number; max: number };
  storyCharacters: { median: number };
};

/** From the press (the part's request) to the first bytes of its sound, as the player fetches them. */
async function pressToFirstSound(stack: LocalStack, token: string, storyId: string): Promise<number> {
  const started = performance.now();
  const part = await callApi<NarrationPartView>(stack, token, 'GET', `/api/stories/${storyId}/narration/0`);
  const sound = await fetch(`${stack.urls.s3}/${stack.serverConfig.mediaBucket}${part.audioUrl}`);
  const reader = sound.body?.getReader();
  await reader?.read();
  const ms = performance.now() - started;
  await reader?.cancel();
  return ms;
}

/**
 * "Read to me" with the local speech engine: for fresh stories, the press to the first sound of a story never
 * read before (the first part is synthesized then), and of a replay (read from the media bucket).
 */
export async function benchNarration(stack: LocalStack, count: number): Promise<NarrationReport> {
  const family = await newFamily(stack);
  const first: number[] = [];
  const replay: number[] = [];
  const firstPart: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < count; i++) {
    const { storyId } = await generateStory(stack, family);
    first.push(await pressToFirstSound(stack, family.token, storyId));
    replay.push(await pressToFirstSound(stack, family.token, storyId));
    const { content } = await callApi<{ content: string }>(stack, family.token, 'GET', `/api/stories/${storyId}`);
    const paragraphs = storyParagraphs(content);
    const words = storyWords(content);
    const [part] = narrationParts(paragraphs, words);
    if (part) firstPart.push(partText(paragraphs, words, part).text.length);
    whole.push(paragraphs.join('\n\n').length);
    // A family keeps 10 stories: make room for the next (removing its own story deletes it).
    await callApi(stack, family.token, 'DELETE', `/api/library/${storyId}`);
  }
  return {
    stories: count,
    firstSound: {
      medianMs: round(percentile(first, 50)),
      p95Ms: round(percentile(first, 95)),
      maxMs: round(Math.max(...first)),
    },
    replay: { medianMs: round(percentile(replay, 50)), p95Ms: round(percentile(replay, 95)) },
    firstPartCharacters: { median: percentile(firstPart, 50), max: Math.max(...firstPart) },
    storyCharacters: { median: percentile(whole, 50) },
  };
}
