import type { ServerConfig } from '../runtime/config.js';
import { RateLimitedError } from '../use-cases/errors.js';

/**
 * A second check of what families type, before a write answers (issue 34): on AWS with the Bedrock
 * provider, the app's guardrail through ApplyGuardrail (source INPUT), which judges meaning in many
 * languages (the Standard tier), so a text it would stop gets the SPEC message at once instead of a failed
 * story later. The local check (common/safety) has run first; without Bedrock nothing more is asked.
 */
export type MeaningCheck = Readonly<{
  /** For each text, whether the guardrail lets it through (empty texts always pass). */
  allows(texts: readonly string[]): Promise<boolean[]>;
}>;

export const NO_MEANING_CHECK: MeaningCheck = { allows: async (texts) => texts.map(() => true) };

/** Seconds a family is asked to wait when the guardrail is busy (Bedrock throttled every try). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Bedrock's "too many requests" (the guardrail's text units a second are shared with every story being
 * checked on its way out, so a bedtime peak fills them in bursts): after the SDK's own retries, the family
 * gets the rate-limit answer (429, the SPEC's "Too many requests…", Retry-After), not "Something went
 * wrong", and nothing has been written.
 */
function busyOrRethrow(error: unknown): never {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'ThrottlingException' || $metadata?.httpStatusCode === 429)
    throw new RateLimitedError(BUSY_RETRY_AFTER_SECONDS);
  throw error;
}

/** The guardrail's check, or none when the product runs without Bedrock or without a guardrail. */
export function meaningCheckFor(config: Pick<ServerConfig, 'storyProvider' | 'guardrail' | 'bedrock'>): MeaningCheck {
  const { guardrail } = config;
  if (config.storyProvider !== 'bedrock' || !guardrail) return NO_MEANING_CHECK;
  // The SDK loads with the first write that checks words, not in every cold start.
  let client: Promise<{ send: (text: string) => Promise<boolean> }> | undefined;
  const connect = async () => {
    const sdk = await import('@aws-sdk/client-bedrock-runtime');
    const runtime = new sdk.BedrockRuntimeClient({
      region: config.bedrock.region,
      // A throttled check is tried again with the SDK's growing back-off (about 6 s in all), well inside
      // API Gateway's 30 s, before the family is asked to wait.
      maxAttempts: 6,
      ...(config.bedrock.endpoint
        ? { endpoint: config.bedrock.endpoint, credentials: { accessKeyId: 'twin', secretAccessKey: 'twin' } }
        : {}),
    });
    // No logger middleware: it would keep a copy of the family's words.
    runtime.middlewareStack.remove('loggerMiddleware');
    return {
      send: async (text: string) => {
        const verdict = await runtime
          .send(
            new sdk.ApplyGuardrailCommand({
              guardrailIdentifier: guardrail.id,
              guardrailVersion: guardrail.version,
              source: 'INPUT',
              content: [{ text: { text } }],
            }),
          )
          .catch(busyOrRethrow);
        return verdict.action !== 'GUARDRAIL_INTERVENED';
      },
    };
  };
  return {
    async allows(texts) {
      if (texts.every((text) => !text.trim())) return texts.map(() => true);
      const { send } = await (client ??= connect());
      return Promise.all(texts.map((text) => (text.trim() ? send(text) : true)));
    },
  };
}
