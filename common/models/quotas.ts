import * as z from 'zod';
import { DEFAULT_MODELS } from './catalogue.js';

/**
 * Bedrock's quotas as Story Magic meets them: what counts as a request, a token and a guardrail text unit,
 * the account's default figures in us-west-2 (each with its source), and the arithmetic of a quota window.
 * Pure (no clock, no I/O: callers pass `now`), so the Bedrock twin (bin/local/bedrock-twin) enforces exactly
 * what an admission gate plans for.
 *
 * How Bedrock counts (AWS, "How tokens are counted in Amazon Bedrock", bedrock/latest/userguide/
 * quotas-token-burndown.html, and "Quotas for the bedrock-runtime endpoint", quotas-runtime.html):
 * - A request is one Converse, ConverseStream or InvokeModel call; the quotas are per model and per Region
 *   and shared by every inference API.
 * - Tokens per minute (and per day) count input and output together. When a request starts, its input
 *   tokens plus its `maxTokens` are reserved (the model's own maximum when unset); when it ends, the charge
 *   is settled to input plus the output actually produced. Nova's output tokens burn down at 1:1 (the 5x
 *   rate applies to some Anthropic models only).
 * - Guardrails: one text unit is up to 1,000 characters of the text a policy assesses (Bedrock Guardrails
 *   pricing and quotas).
 *
 * The window. AWS names every quota "per minute", "per day" or "per second" and documents no window
 * shape (fixed or sliding). This module uses a sliding window: a request counts, for the whole length of
 * the window, from the moment it starts (its reservation settled in place when it ends). A sliding window
 * never lets more than the quota through in any span of that length, so a plan that fits it also fits a
 * fixed window counted the same way, which can let twice the quota through across a boundary. That is
 * the stricter of the two readings, chosen on purpose; it is not a documented AWS behaviour.
 */

/** Tokens in a text as Story Magic estimates them (about four characters a token, as for English). */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);

/** Guardrail text units in a text: one per started 1,000 characters. */
export const textUnitsOf = (text: string): number => Math.ceil(text.length / 1000);

/**
 * A streamed answer's guardrail check runs on chunks of about this many characters as they are written (sync
 * mode: each chunk is checked before it is sent), and each chunk is at least one text unit: a story's check on
 * its way out costs a unit per chunk, not per 1,000 characters. Bedrock does not publish its chunk size (its
 * agents' default interval is 50 characters); the twin checks and charges this one, and the gate sizes with it.
 */
export const STREAM_GUARDRAIL_CHUNK_CHARACTERS = 128;

/** What a text request reserves against tokens per minute and per day when it starts. */
export const reservedTokens = (inputTokens: number, maxTokens: number): number => inputTokens + maxTokens;

/** What it is charged once it has ended. */
export const chargedTokens = (inputTokens: number, outputTokens: number): number => inputTokens + outputTokens;

export type TextModelQuota = Readonly<{ requestsPerMinute?: number; tokensPerMinute?: number; tokensPerDay?: number }>;
export type ImageModelQuota = Readonly<{ requestsPerMinute?: number }>;

/** Quotas for one account and Region; a figure left out is unlimited. */
export type BedrockQuotas = Readonly<{
  /** Per text model (foundation-model id); `everyModel` for one not named. */
  text: Readonly<{ everyModel: TextModelQuota; byModel: Readonly<Record<string, TextModelQuota>> }>;
  image: Readonly<{ everyModel: ImageModelQuota; byModel: Readonly<Record<string, ImageModelQuota>> }>;
  guardrailTextUnitsPerSecond?: number;
  /**
   * How much faster than real time the quotas run: 1 is real time, 10 makes a minute last 6 s (and a day
   * 2.4 h), so a benchmark can compress an evening. Whatever enforces the quotas scales its waits alike.
   */
  timeScale: number;
}>;

export const textQuotaOf = (quotas: BedrockQuotas, modelId: string): TextModelQuota =>
  quotas.text.byModel[modelId] ?? quotas.text.everyModel;

export const imageQuotaOf = (quotas: BedrockQuotas, modelId: string): ImageModelQuota =>
  quotas.image.byModel[modelId] ?? quotas.image.everyModel;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const SECOND_MS = 1_000;

/**
 * The public default quotas of a new account in us-west-2 for the models the product uses there, with the
 * Service Quotas names they come from. Figures: AWS General Reference, "Amazon Bedrock endpoints and quotas"
 * (docs.aws.amazon.com/general/latest/gr/bedrock.html#limits_bedrock), read through a copy of its table
 * rendered on 2025-06-05 (the values AWS lists for us-west-2); the per-day rule from "Quotas for the
 * bedrock-runtime endpoint". AWS warns that new accounts may get lower quotas (one public account record
 * shows Nova Lite at 0 in us-west-2): `npm run doctor` reads the account's own. AWS's current
 * bedrock-runtime page lists token quotas only (a 2026 release note says requests-per-minute rows were
 * removed); the requests-per-minute figures below are the last published ones, kept because they are
 * the stricter reading and never bind before the token quota for a story (see README).
 */
export const US_WEST_2_DEFAULTS = {
  /** Nova Lite, called from us-west-2 through its `us.` profile: the cross-Region quotas apply. */
  novaLite: {
    /** "Cross-region model inference requests per minute for Amazon Nova Lite" (L-89F8391A), not adjustable. */
    requestsPerMinute: 2_000,
    /** "Cross-region model inference tokens per minute for Amazon Nova Lite" (L-7C42E72A), adjustable. */
    tokensPerMinute: 4_000_000,
    /** "Model invocation max tokens per day for Amazon Nova Lite": by default tokens per minute × 24 × 60. */
    tokensPerDay: 4_000_000 * 24 * 60,
  },
  /** "On-demand InvokeModel requests per minute for Stability.ai Stable Image Core", not adjustable. */
  stableImageCoreRequestsPerMinute: 90,
  /** "On-demand InvokeModel requests per minute for Stability.ai Stable Image Ultra", not adjustable. */
  stableImageUltraRequestsPerMinute: 10,
  /**
   * "(Guardrails) On-demand ApplyGuardrail Denied topic policy text units per second": 50 in us-west-2 (the
   * content filter, word filter and sensitive-information policies allow 200 each). Every policy assesses
   * the same text, and the product's guardrail has denied topics, so 50 binds first.
   */
  guardrailTextUnitsPerSecond: 50,
} as const;

export const DEFAULT_QUOTAS: BedrockQuotas = {
  text: { everyModel: {}, byModel: { [DEFAULT_MODELS.text]: US_WEST_2_DEFAULTS.novaLite } },
  image: {
    everyModel: {},
    byModel: {
      [DEFAULT_MODELS.expressImage]: { requestsPerMinute: US_WEST_2_DEFAULTS.stableImageCoreRequestsPerMinute },
      [DEFAULT_MODELS.studioImage]: { requestsPerMinute: US_WEST_2_DEFAULTS.stableImageUltraRequestsPerMinute },
    },
  },
  guardrailTextUnitsPerSecond: US_WEST_2_DEFAULTS.guardrailTextUnitsPerSecond,
  timeScale: 1,
};

export const UNLIMITED: BedrockQuotas = {
  text: { everyModel: {}, byModel: {} },
  image: { everyModel: {}, byModel: {} },
  timeScale: 1,
};

const figure = z.number().int().nonnegative();

/** The flat form of `BEDROCK_TWIN_QUOTAS`: each figure applies to every model of its kind. */
const settingsSchema = z.strictObject({
  /** Start from DEFAULT_QUOTAS, then apply the other keys to every model. */
  defaults: z.boolean().optional(),
  textRequestsPerMinute: figure.optional(),
  textTokensPerMinute: figure.optional(),
  textTokensPerDay: figure.optional(),
  imageRequestsPerMinute: figure.optional(),
  guardrailTextUnitsPerSecond: figure.optional(),
  timeScale: z.number().positive().max(10_000).optional(),
});
export type QuotaSettings = z.infer<typeof settingsSchema>;

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Quotas from the flat settings (a key left out is unlimited, or the default with `defaults: true`). */
export function quotasFrom(settings: QuotaSettings): BedrockQuotas {
  const base = settings.defaults ? DEFAULT_QUOTAS : UNLIMITED;
  const text = defined({
    requestsPerMinute: settings.textRequestsPerMinute,
    tokensPerMinute: settings.textTokensPerMinute,
    tokensPerDay: settings.textTokensPerDay,
  });
  const image = defined({ requestsPerMinute: settings.imageRequestsPerMinute });
  const overMap = <Q extends object>(byModel: Readonly<Record<string, Q>>, extra: Q) =>
    Object.fromEntries(Object.entries(byModel).map(([id, quota]) => [id, { ...quota, ...extra }]));
  const guardrail = settings.guardrailTextUnitsPerSecond ?? base.guardrailTextUnitsPerSecond;
  return {
    text: { everyModel: { ...base.text.everyModel, ...text }, byModel: overMap(base.text.byModel, text) },
    image: { everyModel: { ...base.image.everyModel, ...image }, byModel: overMap(base.image.byModel, image) },
    ...(guardrail !== undefined ? { guardrailTextUnitsPerSecond: guardrail } : {}),
    timeScale: settings.timeScale ?? base.timeScale,
  };
}

export class QuotaSettingError extends Error {}

const textQuotaSchema = z.strictObject({
  requestsPerMinute: figure.optional(),
  tokensPerMinute: figure.optional(),
  tokensPerDay: figure.optional(),
});
const imageQuotaSchema = z.strictObject({ requestsPerMinute: figure.optional() });

/** The whole form, per model (what `JSON.stringify` of BedrockQuotas writes: the deploy's BEDROCK_QUOTAS). */
const quotasSchema = z.strictObject({
  text: z.strictObject({ everyModel: textQuotaSchema, byModel: z.record(z.string(), textQuotaSchema) }),
  image: z.strictObject({ everyModel: imageQuotaSchema, byModel: z.record(z.string(), imageQuotaSchema) }),
  guardrailTextUnitsPerSecond: figure.optional(),
  timeScale: z.number().positive().max(10_000),
});

/**
 * Quotas as a setting gives them (`BEDROCK_TWIN_QUOTAS` for the twin, `BEDROCK_QUOTAS` for the capacity
 * gate, `-c bedrockQuotas` for the deploy; `name` says which in an error): unset or empty for no quotas;
 * `defaults` for DEFAULT_QUOTAS; a JSON object of QuotaSettings, each figure for every model, e.g.
 * `{"textRequestsPerMinute": 20, "imageRequestsPerMinute": 4, "timeScale": 10}`; or the whole per-model form
 * (`{"text": {...}, "image": {...}, ...}`, as `npm run doctor` prints an account's).
 */
export function parseQuotaSetting(raw: string | undefined, name = 'BEDROCK_TWIN_QUOTAS'): BedrockQuotas | undefined {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  if (text === 'defaults') return DEFAULT_QUOTAS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new QuotaSettingError(`${name} must be "defaults" or a JSON object`);
  }
  if (typeof value === 'object' && value !== null && 'text' in value) {
    const whole = quotasSchema.safeParse(value);
    if (!whole.success) throw new QuotaSettingError(`${name}: ${z.prettifyError(whole.error)}`);
    return whole.data;
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success) throw new QuotaSettingError(`${name}: ${z.prettifyError(parsed.error)}`);
  return quotasFrom(parsed.data);
}

/** How long each quota's window lasts at a time scale. */
export const windowsOf = (timeScale: number) => ({
  minuteMs: MINUTE_MS / timeScale,
  dayMs: DAY_MS / timeScale,
  secondMs: SECOND_MS / timeScale,
});

/** One reservation in a window: it counts from `at` for the window's length, with its settled amount. */
export type WindowEntry = { readonly at: number; amount: number };

/**
 * A sliding window of `windowMs` holding at most `limit` (requests, tokens or text units). `take` admits
 * an amount only if it fits beside everything taken in the last `windowMs`; the entry it returns can be
 * settled to another amount later (a token reservation settled to the real count).
 */
export class SlidingWindow {
  private readonly entries: WindowEntry[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private expire(now: number): void {
    while (this.entries.length > 0 && now - (this.entries[0]?.at ?? now) >= this.windowMs) this.entries.shift();
  }

  /** What is counted in the window ending at `now`. */
  used(now: number): number {
    this.expire(now);
    return this.entries.reduce((sum, entry) => sum + entry.amount, 0);
  }

  fits(amount: number, now: number): boolean {
    return this.used(now) + amount <= this.limit;
  }

  /** Takes `amount` if it fits (else undefined); entries are kept in the order they were taken. */
  take(amount: number, now: number): WindowEntry | undefined {
    if (!this.fits(amount, now)) return undefined;
    return this.charge(amount, now);
  }

  /** Counts `amount` whether or not it fits (what was already spent, such as an answer's checked text). */
  charge(amount: number, now: number): WindowEntry {
    this.expire(now);
    const entry: WindowEntry = { at: Math.max(now, this.entries.at(-1)?.at ?? now), amount };
    this.entries.push(entry);
    return entry;
  }

  /** The earliest time at or after `now` when `amount` fits, or Infinity if it never can. */
  freeAt(amount: number, now: number): number {
    if (amount > this.limit) return Number.POSITIVE_INFINITY;
    let used = this.used(now);
    for (const entry of this.entries) {
      if (used + amount <= this.limit) break;
      used -= entry.amount;
      now = entry.at + this.windowMs;
    }
    return now;
  }
}

export type Exceeded = 'requests' | 'tokens' | 'tokensPerDay';

export type TextAdmission =
  { ok: true; settle(inputTokens: number, outputTokens: number): void } | { ok: false; exceeded: Exceeded };

/**
 * Every quota window of one account, created on first use: per text model requests, tokens and tokens per
 * day; per image model requests; the guardrail's text units per second.
 */
export function createQuotaLedger(quotas: BedrockQuotas) {
  const windows = windowsOf(quotas.timeScale);
  const ledgers = new Map<string, SlidingWindow | undefined>();
  const windowOf = (key: string, limit: number | undefined, ms: number) => {
    if (!ledgers.has(key)) ledgers.set(key, limit === undefined ? undefined : new SlidingWindow(limit, ms));
    return ledgers.get(key);
  };
  const textWindows = (modelId: string) => {
    const quota = textQuotaOf(quotas, modelId);
    return {
      requests: windowOf(`text:${modelId}:requests`, quota.requestsPerMinute, windows.minuteMs),
      tokens: windowOf(`text:${modelId}:tokens`, quota.tokensPerMinute, windows.minuteMs),
      tokensPerDay: windowOf(`text:${modelId}:day`, quota.tokensPerDay, windows.dayMs),
    };
  };
  const imageWindow = (modelId: string) =>
    windowOf(`image:${modelId}:requests`, imageQuotaOf(quotas, modelId).requestsPerMinute, windows.minuteMs);
  const guardrail = () => windowOf('guardrail', quotas.guardrailTextUnitsPerSecond, windows.secondMs);

  return {
    quotas,
    /**
     * Admits a text request that sends `inputTokens` and may answer `maxTokens`, reserving both against
     * the token windows; `settle` charges what it really used once it has ended.
     */
    admitText(modelId: string, inputTokens: number, maxTokens: number, now: number): TextAdmission {
      const { requests, tokens, tokensPerDay } = textWindows(modelId);
      const reserved = reservedTokens(inputTokens, maxTokens);
      if (requests && !requests.fits(1, now)) return { ok: false, exceeded: 'requests' };
      if (tokens && !tokens.fits(reserved, now)) return { ok: false, exceeded: 'tokens' };
      if (tokensPerDay && !tokensPerDay.fits(reserved, now)) return { ok: false, exceeded: 'tokensPerDay' };
      requests?.take(1, now);
      const entries = [tokens?.take(reserved, now), tokensPerDay?.take(reserved, now)];
      return {
        ok: true,
        settle(input, output) {
          for (const entry of entries) if (entry) entry.amount = chargedTokens(input, output);
        },
      };
    },
    /** Admits one picture request of `modelId`. */
    admitImage(modelId: string, now: number): boolean {
      const requests = imageWindow(modelId);
      return !requests || requests.take(1, now) !== undefined;
    },
    /** When a picture request of `modelId` could be admitted. */
    imageFreeAt(modelId: string, now: number): number {
      return Math.max(now, imageWindow(modelId)?.freeAt(1, now) ?? now);
    },
    /** Admits a guardrail check of `textUnits` (input checked before a call starts). */
    admitGuardrail(textUnits: number, now: number): boolean {
      const units = guardrail();
      return !units || units.take(textUnits, now) !== undefined;
    },
    /** Counts text units already assessed (an answer checked on its way out), whether or not they fit. */
    chargeGuardrail(textUnits: number, now: number): void {
      guardrail()?.charge(textUnits, now);
    },
    /** When a text request of this size could be admitted (now, or when the windows have room). */
    textFreeAt(modelId: string, inputTokens: number, maxTokens: number, now: number): number {
      const { requests, tokens, tokensPerDay } = textWindows(modelId);
      const reserved = reservedTokens(inputTokens, maxTokens);
      return Math.max(
        now,
        requests?.freeAt(1, now) ?? now,
        tokens?.freeAt(reserved, now) ?? now,
        tokensPerDay?.freeAt(reserved, now) ?? now,
      );
    },
  };
}

export type QuotaLedger = ReturnType<typeof createQuotaLedger>;
