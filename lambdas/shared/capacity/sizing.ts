import * as z from 'zod';

/**
 * How much Bedrock work the account may do, and how many stories and pictures a minute that makes. The
 * capacity gate (gate.ts) admits work at these rates, so a bedtime peak waits in line instead of meeting
 * Bedrock's throttling; the quotas come from the deploy's configuration (the account's Service Quotas, which
 * `npm run doctor` reads) and, locally, from the Bedrock twin's (`BEDROCK_TWIN_QUOTAS`).
 */

/** An account's Bedrock quotas for the models the app calls (per model; a key left out is unlimited). */
export const bedrockQuotasSchema = z.strictObject({
  textRequestsPerMinute: z.number().positive().optional(),
  textTokensPerMinute: z.number().positive().optional(),
  imageRequestsPerMinute: z.number().positive().optional(),
  guardrailTextUnitsPerSecond: z.number().positive().optional(),
});
export type BedrockQuotas = z.infer<typeof bedrockQuotasSchema>;

/**
 * What one story costs against the text quotas, from its calls: the streamed story and the later scenes'
 * description, plus a share of rewrites (a story is written again when a draft fails its band's checks).
 * Bedrock reserves each call's input and `maxTokens` against tokens per minute when it starts.
 */
export const STORY_COST = {
  /** One ConverseStream and one Converse (DescribeScenes), and about half a rewrite in the measured worst band. */
  requests: 2.5,
  /** Reserved: the story call (prompt about 2,500 tokens + 2,000 max) and the scenes call (about 2,600 + 400). */
  tokens: 7_500,
  /** Guardrail text units (1,000 characters each): the family's words in, the story out (streamed), the scenes. */
  guardrailTextUnits: 16,
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
  /** Work admitted a minute, at most; Infinity when nothing limits the lane. */
  perMinute: number;
  /** How much may start at once after a quiet spell (the token bucket's size). */
  burst: number;
}>;

/** Each lane's rate from the account's quotas (both picture models have the same per-model quota). */
export function laneRates(quotas: BedrockQuotas): Readonly<Record<Lane, LaneRate>> {
  const unitsPerMinute = (quotas.guardrailTextUnitsPerSecond ?? Infinity) * 60;
  const stories = Math.min(
    (quotas.textRequestsPerMinute ?? Infinity) / STORY_COST.requests,
    (quotas.textTokensPerMinute ?? Infinity) / STORY_COST.tokens,
    unitsPerMinute / STORY_COST.guardrailTextUnits,
  );
  const pictures = Math.min(
    (quotas.imageRequestsPerMinute ?? Infinity) / PICTURE_COST.requests,
    unitsPerMinute / PICTURE_COST.guardrailTextUnits,
  );
  const rate = (perMinute: number): LaneRate => {
    const share = perMinute * QUOTA_SHARE;
    // Ten seconds' worth at once, at least one: a burst larger than that can meet the quota's own window.
    return { perMinute: share, burst: Number.isFinite(share) ? Math.max(1, Math.floor(share / 6)) : Infinity };
  };
  return { story: rate(stories), 'picture-express': rate(pictures), 'picture-studio': rate(pictures) };
}

/** The picture lane of a generation mode (express pictures and studio pictures use different models). */
export const pictureLane = (mode: 'express' | 'studio'): Lane =>
  mode === 'studio' ? 'picture-studio' : 'picture-express';

/** Parses the quotas' JSON (configuration), naming the problem when it is not valid. */
export function parseQuotas(json: string | undefined): BedrockQuotas {
  if (!json) return {};
  const parsed = bedrockQuotasSchema.safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new Error(`Invalid Bedrock quotas ${json}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.data;
}
