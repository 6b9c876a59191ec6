import { ApplyGuardrailCommand, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { DEFAULT_MODELS, findModel, invocationFor } from '#common/models/catalogue.js';
import { ProviderError } from '../types.js';
import type { Illustration, IllustrationRequest } from '../types.js';
import { imagePrompt } from './prompts.js';
import { ModelFailedAnswer, withRetries } from './retry.js';
import type { RetryPolicy } from './retry.js';
import type { Guardrail } from './story.js';

/** Stability models on Bedrock (Nova Canvas and Titan Image reached end of life there). */
export const DEFAULT_IMAGE_MODELS = {
  express: DEFAULT_MODELS.expressImage,
  studio: DEFAULT_MODELS.studioImage,
} as const;

export type ImageModels = Readonly<{ expressImage?: string; studioImage?: string }>;

/**
 * Express is always the fast model. Studio honours an admin's choice in the image template only when it
 * names a studio-tier catalogue model, so the seeded template (which names Core) still paints studio
 * pictures with Stable Image Ultra.
 */
export function imageModelFor(request: IllustrationRequest, models: ImageModels): string {
  if (request.mode === 'express') return models.expressImage ?? DEFAULT_IMAGE_MODELS.express;
  const fromTemplate = findModel(request.template.model);
  if (fromTemplate?.kind === 'image' && fromTemplate.tier === 'studio') return fromTemplate.id;
  return models.studioImage ?? DEFAULT_IMAGE_MODELS.studio;
}

/** Stability accepts seeds in 0..4294967294; the per-story seed is folded into that range. */
const SEED_SPAN = 4_294_967_295;
export const stabilitySeed = (seed: number): number => {
  const whole = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  return ((whole % SEED_SPAN) + SEED_SPAN) % SEED_SPAN;
};

/** Stability's answer: a non-null finish reason ("Filter reason: prompt", …) comes with no image. */
const imageAnswerSchema = z.object({
  images: z.array(z.string()).optional(),
  finish_reasons: z.array(z.string().nullable()).optional(),
  seeds: z.array(z.number()).optional(),
});

const FILTERED_REASON = /^filter reason|content_filtered/i;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);

type Painted = { filtered: true } | { filtered: false; body: Uint8Array };

export type ImageDeps = Readonly<{
  client: BedrockRuntimeClient;
  region: string;
  models: ImageModels;
  retry: RetryPolicy;
  guardrail?: Guardrail | undefined;
}>;

/** The image model's id for this region, from the catalogue (a refusal names where it is served). */
function imageModelId(deps: ImageDeps, request: IllustrationRequest): string {
  const check = invocationFor(imageModelFor(request, deps.models), deps.region);
  if (!check.ok) throw new ProviderError(check.reason, 'MODEL_UNAVAILABLE');
  return check.invocation.modelId;
}

/** The guardrail's verdict on a picture prompt: image models take no guardrail of their own. */
async function promptAllowed(deps: ImageDeps, prompt: string): Promise<boolean> {
  if (!deps.guardrail) return true;
  const { guardrail } = deps;
  const verdict = await withRetries(
    () =>
      deps.client.send(
        new ApplyGuardrailCommand({
          guardrailIdentifier: guardrail.id,
          guardrailVersion: guardrail.version,
          source: 'INPUT',
          content: [{ text: { text: prompt } }],
        }),
      ),
    deps.retry,
  );
  return verdict.action !== 'GUARDRAIL_INTERVENED';
}

/** Stability's finish reason when the model failed on its side: no image, and asking again usually works. */
const INFERENCE_ERROR = /^inference error/i;

/** One picture answer, read: filtered, painted, or a failure (a model failure is thrown to be retried). */
function readImageAnswer(body: Uint8Array): Painted {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new ProviderError('The image answer was not JSON', 'INVALID_RESPONSE');
  }
  const answer = imageAnswerSchema.safeParse(value);
  if (!answer.success) throw new ProviderError('The image answer had an unknown shape', 'INVALID_RESPONSE');

  const reason = answer.data.finish_reasons?.[0];
  if (reason && FILTERED_REASON.test(reason)) return { filtered: true };
  if (reason && INFERENCE_ERROR.test(reason)) throw new ModelFailedAnswer('The image model failed (Inference error)');
  if (reason) throw new ProviderError('The image model did not finish', 'INVALID_RESPONSE');

  const image = answer.data.images?.[0];
  if (!image) throw new ProviderError('The image answer had no image', 'INVALID_RESPONSE');
  const png = new Uint8Array(Buffer.from(image, 'base64'));
  if (!isPng(png)) throw new ProviderError('The image answer was not a PNG', 'INVALID_RESPONSE');
  return { filtered: false, body: png };
}

async function paint(deps: ImageDeps, request: IllustrationRequest, soft: boolean): Promise<Painted> {
  const modelId = imageModelId(deps, request);
  const { prompt, negativePrompt } = imagePrompt(request, soft);
  if (!(await promptAllowed(deps, prompt))) return { filtered: true };
  // The answer is read inside the retried call: a model failure ("Inference error") is asked for again.
  return withRetries(async () => {
    const output = await deps.client.send(
      new InvokeModelCommand({
        modelId,
        contentType: 'application/json',
        accept: 'application/json',
        body: JSON.stringify({
          prompt,
          negative_prompt: negativePrompt,
          seed: stabilitySeed(request.seed),
          aspect_ratio: '1:1',
          output_format: 'png',
        }),
      }),
    );
    return readImageAnswer(output.body);
  }, deps.retry);
}

/**
 * Paints one picture with the story's seed. A filtered answer, or a guardrail intervention on the prompt,
 * gets one kind retry with a softened prompt (no customizations, gentle wording, same seed), then a
 * CONTENT_FILTERED refusal.
 */
export async function drawIllustration(deps: ImageDeps, request: IllustrationRequest): Promise<Illustration> {
  let painted = await paint(deps, request, false);
  if (painted.filtered) painted = await paint(deps, request, true);
  if (painted.filtered) throw new ProviderError('The picture was filtered twice', 'CONTENT_FILTERED');
  return { contentType: 'image/png', body: painted.body, width: request.size, height: request.size };
}
