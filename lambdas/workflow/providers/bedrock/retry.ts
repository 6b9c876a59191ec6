import { ProviderError } from '../types.js';

export type Sleep = (ms: number) => Promise<void>;

export const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type RetryPolicy = Readonly<{
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: Sleep;
  /** Jitter source in [0, 1), so parallel stories do not retry in lockstep; injectable for tests. */
  random: () => number;
}>;

export const DEFAULT_RETRY: Omit<RetryPolicy, 'sleep' | 'random'> = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/**
 * A model's answer that says the model failed on its side (a picture's `"Inference error"` finish reason):
 * the same request usually succeeds when asked again, so it is retried like a brief outage.
 */
export class ModelFailedAnswer extends Error {
  override readonly name = 'ModelFailedAnswer';
}

/**
 * Transient Bedrock errors worth waiting out, with the code reported once the tries run out. They arrive as
 * a refused call or, in ConverseStream, as an exception event after some deltas (the SDK throws it while the
 * answer is read, under the same name): the whole answer is then asked for again.
 */
const TRANSIENT: Readonly<Record<string, 'THROTTLED' | 'UNAVAILABLE'>> = {
  ThrottlingException: 'THROTTLED',
  ServiceUnavailableException: 'UNAVAILABLE',
  ModelNotReadyException: 'UNAVAILABLE',
  InternalServerException: 'UNAVAILABLE',
  ModelTimeoutException: 'UNAVAILABLE',
  /** "The request failed due to an error while processing the model" (424): the model's side, not ours. */
  ModelErrorException: 'UNAVAILABLE',
  /** Mid-stream: "An error occurred while streaming the response. Retry your request." */
  ModelStreamErrorException: 'UNAVAILABLE',
  ModelFailedAnswer: 'UNAVAILABLE',
};

/** Refusals no wait can fix: they end the generation with a final, named error. */
const FINAL: Readonly<Record<string, 'MODEL_UNAVAILABLE' | 'INVALID_REQUEST'>> = {
  AccessDeniedException: 'MODEL_UNAVAILABLE',
  ResourceNotFoundException: 'MODEL_UNAVAILABLE',
  /**
   * The account's quota for the call is spent or was never granted (400; a new account's quota can be 0):
   * not a passing rate limit, which Bedrock answers with ThrottlingException. Only a quota increase helps.
   */
  ServiceQuotaExceededException: 'MODEL_UNAVAILABLE',
  ValidationException: 'INVALID_REQUEST',
};

const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';

/**
 * Runs one Bedrock call, waiting out throttling and brief outages with capped exponential back-off
 * (half fixed, half jitter). Bedrock's refusals become final provider errors; anything else (not a Bedrock
 * answer: a bug, a lost connection the SDK gave up on) passes through.
 */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const name = errorName(error);
      const final = FINAL[name];
      // The name only, never the SDK's message: it may quote the request.
      if (final) throw new ProviderError(`Bedrock refused the call (${name})`, final);
      const code = TRANSIENT[name];
      if (!code) throw error;
      if (attempt >= policy.attempts) {
        // The name only: the SDK error may carry request metadata we do not want in logs.
        throw new ProviderError(`Bedrock is busy (${errorName(error)}) after ${attempt} tries`, code);
      }
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      await policy.sleep(Math.round(ceiling / 2 + (ceiling / 2) * policy.random()));
    }
  }
}
