import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { StoryProvider } from '../types.js';
import { drawIllustration } from './images.js';
import type { ImageModels } from './images.js';
import { DEFAULT_RETRY, defaultSleep } from './retry.js';
import type { RetryPolicy, Sleep } from './retry.js';
import { describeScenes, writeStory, type Guardrail } from './story.js';

export { DEFAULT_IMAGE_MODELS } from './images.js';

export type BedrockProviderDeps = Readonly<{
  /**
   * Created once per process. Our back-off wraps the SDK's own retries, so a client built with
   * `maxAttempts: 1` keeps the total wait bounded by this provider alone.
   */
  client: BedrockRuntimeClient;
  /** The client's region: the catalogue decides from it between a model's id and its inference profile. */
  region: string;
  models?: ImageModels;
  /** Applied to every text call (input and output) and every picture prompt when set. */
  guardrail?: Guardrail | undefined;
  sleep?: Sleep;
  random?: () => number;
  retry?: Partial<Omit<RetryPolicy, 'sleep' | 'random'>>;
  /** Stream the story (default) or ask for it whole (the sequential baseline, see story.ts). */
  stream?: boolean;
}>;

/**
 * The `bedrock` provider: Converse for text (model and settings from the active story_system template),
 * Stability image models for pictures (Stable Image Core for express, Ultra or the template's Stability
 * model for studio). It never logs: prompts hold children's text, and errors carry codes only.
 */
export function createBedrockProvider(deps: BedrockProviderDeps): StoryProvider {
  const retry: RetryPolicy = {
    ...DEFAULT_RETRY,
    ...deps.retry,
    sleep: deps.sleep ?? defaultSleep,
    random: deps.random ?? Math.random,
  };
  const models = deps.models ?? {};
  const text = { client: deps.client, region: deps.region, retry, guardrail: deps.guardrail };
  const stream = deps.stream ?? true;
  return {
    name: 'bedrock',
    writeStory: (request, progress) => writeStory({ ...text, stream }, request, progress),
    // A streamed answer holds only the cover's scene; a whole one holds them all (prompts.ts, answerFormat).
    ...(stream ? { describeScenes: (request) => describeScenes(text, request) } : {}),
    drawIllustration: (request) =>
      drawIllustration({ client: deps.client, region: deps.region, models, retry, guardrail: deps.guardrail }, request),
  };
}
