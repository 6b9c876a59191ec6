import { DEFAULT_MODELS } from '#common/models/catalogue.js';
import {
  imageQuotaOf,
  STREAM_GUARDRAIL_CHUNK_CHARACTERS,
  textQuotaOf,
  type BedrockQuotas,
} from '#common/models/quotas.js';

/**
 * How many stories and pictures a minute the account's Bedrock quotas make (common/models/quotas.ts: the
 * same figures and counting the Bedrock twin enforces). The capacity gate (gate.ts) admits work at these
 * rates, so a bedtime peak waits in line instead of meeting Bedrock's throttling. The quotas come from the
 * deploy's configuration (`-c bedrockQuotas`: the account's own, which `npm run doctor` reads, else the
 * region's public defaults) and, locally, from the Bedrock twin's (`BEDROCK_TWIN_QUOTAS`).
 */

/**
 * What one story costs against the text quotas: the streamed story (its prompt about 1,230 tokens and
 * 2,000 `maxTokens` reserved when it starts: 3,230, measured on the twin), the later scenes' description
 * (the story sent back, about 1,400 tokens, with 400 `maxTokens`), and about half a rewrite, the share of
 * drafts a band's checks send back in the worst band measured.
 */
/** A band B story of about 800 words (the smoke test's stories on the twin: 797 to 811 words). */
export const STORY_CHARACTERS = 4_500;
/**
 * The streamed answer around the story: its JSON (keys, quotes, escapes) and the cover's scene, about 340
 * characters on the twin's band B stories, measured (test/unit/capacity-sizing.test.ts).
 */
const ANSWER_FRAME_CHARACTERS = 350;
/** The scenes call's prompt around the story it sends back (scenePrompts: the fence, the moments, the form): 547. */
const SCENE_PROMPT_CHARACTERS = 550;

/**
 * Guardrail text units a story spends (one per started 1,000 characters a check reads; a streamed answer's,
 * one per chunk of STREAM_GUARDRAIL_CHUNK_CHARACTERS): the story call checks the family's words in (its
 * guarded block, 1) and the answer out (38); the scenes call has no guarded block, so its whole prompt is
 * checked, the story sent back with it (6), and its answer out (2: four sentences, at most 800 tokens); half
 * a rewrite checks the story call's again.
 */
export const STORY_GUARDRAIL_UNITS = {
  storyCall: 1 + Math.ceil((STORY_CHARACTERS + ANSWER_FRAME_CHARACTERS) / STREAM_GUARDRAIL_CHUNK_CHARACTERS),
  scenesCall: Math.ceil((STORY_CHARACTERS + SCENE_PROMPT_CHARACTERS) / 1000) + 2,
  rewriteShare: 0.5,
} as const;

export const STORY_COST = {
  requests: 2.5,
  tokens: 3_230 + 1_800 + 3_230 / 2,
  /**
   * 39 × 1.5 + 8 = 66.5. Sized at 16 (the story counted per 1,000 characters) the gate let the peak bench's
   * stories fill the guardrail's second, and the checks of family text at the door were throttled; at 57 it
   * still left out the scenes call's check of the story sent back, and the answer's frame.
   */
  guardrailTextUnits:
    STORY_GUARDRAIL_UNITS.storyCall * (1 + STORY_GUARDRAIL_UNITS.rewriteShare) + STORY_GUARDRAIL_UNITS.scenesCall,
} as const;

/** A picture: one model request, and the guardrail's check of its prompt (one text unit). */
export const PICTURE_COST = { requests: 1, guardrailTextUnits: 1 } as const;

/**
 * The share of each quota the gate admits work against: the rest is headroom for retries after a passing
 * throttle, the doctor's checks, and whatever else in the account calls the same models.
 */
export const QUOTA_SHARE = 0.8;

/** The lines work waits in: a story's text, and each picture model's pictures. */
export const LANES = ['story', 'picture-express', 'picture-studio'] as const;
export type Lane = (typeof LANES)[number];

export type LaneRate = Readonly<{
  /** Work admitted a minute (of real time), at most; Infinity when nothing limits the lane. */
  perMinute: number;
  /** How much may start at once after a quiet spell (the token bucket's size). */
  burst: number;
  /** How much faster than real time the quotas run (1 in production; a benchmark's compressed evening). */
  timeScale: number;
}>;

/**
 * Each lane's rate from the account's quotas: the story lane from the default text model's requests and
 * tokens a minute and the guardrail's text units; each picture lane from its model's requests a minute (and
 * the guardrail's units). A time scale (a benchmark's compressed evening) speeds every rate alike.
 */
export function laneRates(quotas: BedrockQuotas): Readonly<Record<Lane, LaneRate>> {
  const text = textQuotaOf(quotas, DEFAULT_MODELS.text);
  const unitsPerMinute = (quotas.guardrailTextUnitsPerSecond ?? Infinity) * 60;
  const stories = Math.min(
    (text.requestsPerMinute ?? Infinity) / STORY_COST.requests,
    (text.tokensPerMinute ?? Infinity) / STORY_COST.tokens,
    unitsPerMinute / STORY_COST.guardrailTextUnits,
  );
  const pictures = (modelId: string) =>
    Math.min(
      (imageQuotaOf(quotas, modelId).requestsPerMinute ?? Infinity) / PICTURE_COST.requests,
      unitsPerMinute / PICTURE_COST.guardrailTextUnits,
    );
  const rate = (perMinute: number): LaneRate => {
    const share = perMinute * QUOTA_SHARE;
    // What may start at once: ten seconds' worth, but never more than the headroom the share leaves in a
    // quota's minute (a full bucket's burst plus a minute at the share's rate must fit in the quota), and at
    // least one.
    const burst = Number.isFinite(share)
      ? Math.max(1, Math.floor(Math.min(share / 6, perMinute * (1 - QUOTA_SHARE))))
      : Infinity;
    return { perMinute: share * quotas.timeScale, burst, timeScale: quotas.timeScale };
  };
  return {
    story: rate(stories),
    'picture-express': rate(pictures(DEFAULT_MODELS.expressImage)),
    'picture-studio': rate(pictures(DEFAULT_MODELS.studioImage)),
  };
}

/** The picture lane of a generation mode (express pictures and studio pictures use different models). */
export const pictureLane = (mode: 'express' | 'studio'): Lane =>
  mode === 'studio' ? 'picture-studio' : 'picture-express';
