import { InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { z } from 'zod';
import { ProviderError } from '../types.js';
import type { Illustration, IllustrationRequest } from '../types.js';
import { imagePrompt } from './prompts.js';
import { withRetries } from './retry.js';
import type { RetryPolicy } from './retry.js';

/** Stability models on Bedrock (Nova Canvas and Titan Image reached end of life there). */
export const DEFAULT_IMAGE_MODELS = {
  express: 'stability.stable-image-core-v1:1',
  studio: 'stability.stable-image-ultra-v1:1',
} as const;

export type ImageModels = Readonly<{ expressImage?: string; studioImage?: string }>;

/** Also matches cross-region inference profiles such as `us.stability.sd3-5-large-v1:0`. */
const STABILITY_MODEL = /(^|\.)stability\./;

/** Express is always the fast model; studio honours an admin's Stability choice in the image template. */
export function imageModelFor(request: IllustrationRequest, models: ImageModels): string {
  if (request.mode === 'express') return models.expressImage ?? DEFAULT_IMAGE_MODELS.express;
  const fromTemplate = request.template.model.trim();
  if (STABILITY_MODEL.test(fromTemplate)) return fromTemplate;
  return models.studioImage ?? DEFAULT_IMAGE_MODELS.studio;
}

/** Stability accepts seeds in 0..4294967294; the per-story seed is folded into that range. */
const SEED_SPAN = 4_294_967_295;
export const stabilitySeed = (seed: number): number => {
  const whole = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  return ((whole % SEED_SPAN) + SEED_SPAN) % SEED_SPAN;
};

const imageAnswerSchema = z.object({
  images: z.array(z.string().min(1)).min(1),
  finish_reasons: z.array(z.string().nullable()).optional(),
  seeds: z.array(z.number()).optional(),
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);

type Painted = { filtered: true } | { filtered: false; body: Uint8Array };

export type ImageDeps = Readonly<{ client: BedrockRuntimeClient; models: ImageModels; retry: RetryPolicy }>;

async function paint(deps: ImageDeps, request: IllustrationRequest, soft: boolean): Promise<Painted> {
  const { prompt, negativePrompt } = imagePrompt(request, soft);
  const output = await withRetries(
    () =>
      deps.client.send(
        new InvokeModelCommand({
          modelId: imageModelFor(request, deps.models),
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
      ),
    deps.retry,
  );

  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(output.body));
  } catch {
    throw new ProviderError('The image answer was not JSON', 'INVALID_RESPONSE');
  }
  const answer = imageAnswerSchema.safeParse(value);
  if (!answer.success) throw new ProviderError('The image answer had no image', 'INVALID_RESPONSE');

  const reason = answer.data.finish_reasons?.[0];
  if (reason && /^filter reason/i.test(reason)) return { filtered: true };
  if (reason) throw new ProviderError('The image model did not finish', 'INVALID_RESPONSE');

  const [image] = answer.data.images;
  const body = image === undefined ? new Uint8Array() : new Uint8Array(Buffer.from(image, 'base64'));
  if (!isPng(body)) throw new ProviderError('The image answer was not a PNG', 'INVALID_RESPONSE');
  return { filtered: false, body };
}

/**
 * Paints one picture with the story's seed. A "Filter reason" answer gets one kind retry with a softened
 * prompt (no customizations, gentle wording, same seed), then a CONTENT_FILTERED refusal.
 */
export async function drawIllustration(deps: ImageDeps, request: IllustrationRequest): Promise<Illustration> {
  let painted = await paint(deps, request, false);
  if (painted.filtered) painted = await paint(deps, request, true);
  if (painted.filtered) throw new ProviderError('The picture was filtered twice', 'CONTENT_FILTERED');
  return { contentType: 'image/png', body: painted.body, width: request.size, height: request.size };
}
