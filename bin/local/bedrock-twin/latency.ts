/**
 * How long the twin waits before answering, for the benchmark to see Bedrock-like timings. Off by default
 * (tests and `npm start` answer at once). The `public` profile uses rounded public figures, not
 * measurements of ours: for text the time to first token and output speed published for each model
 * (Nova Micro about 0.3 s and 250 tokens/s, Nova Lite about 0.5 s and 200 tokens/s, Nova Pro about 0.5 s
 * and 100 tokens/s); for pictures the generation times published for Stability's models on Bedrock (Stable
 * Image Core about 4-6 s, so 5 s; Stable Image Ultra about 8 s; SD 3.5 Large about 6 s). Treat the
 * benchmark's generation figures under this profile as estimates of the same order, not predictions.
 */
export type LatencyProfileName = 'off' | 'public';

type TextSpeed = Readonly<{ firstTokenMs: number; tokensPerSecond: number }>;

const PUBLIC_TEXT: Readonly<Record<string, TextSpeed>> = {
  'amazon.nova-micro-v1:0': { firstTokenMs: 300, tokensPerSecond: 250 },
  'amazon.nova-lite-v1:0': { firstTokenMs: 500, tokensPerSecond: 200 },
  'amazon.nova-pro-v1:0': { firstTokenMs: 500, tokensPerSecond: 100 },
};

const PUBLIC_PICTURE_SECONDS: Readonly<Record<string, number>> = {
  'stability.stable-image-core-v1:1': 5,
  'stability.stable-image-ultra-v1:1': 8,
  'stability.sd3-5-large-v1:0': 6,
};

export type Latency = Readonly<{
  /** Milliseconds until the first token of an answer. */
  firstToken(modelId: string): number;
  /** Milliseconds from the first token until `outputTokens` have been produced. */
  tokens(modelId: string, outputTokens: number): number;
  /** Milliseconds for one picture. */
  picture(modelId: string): number;
}>;

/**
 * The waits of a profile, `timeScale` times faster than real time (the quotas' time scale, so a compressed
 * benchmark keeps the ratio of generation time to quota window).
 */
export function latencyOf(profile: LatencyProfileName, timeScale = 1): Latency {
  if (profile === 'off') return { firstToken: () => 0, tokens: () => 0, picture: () => 0 };
  const speed = (modelId: string) => PUBLIC_TEXT[modelId] ?? { firstTokenMs: 500, tokensPerSecond: 100 };
  const scaled = (ms: number) => Math.round(ms / timeScale);
  return {
    firstToken: (modelId) => scaled(speed(modelId).firstTokenMs),
    tokens: (modelId, outputTokens) => scaled((outputTokens / speed(modelId).tokensPerSecond) * 1000),
    picture: (modelId) => scaled((PUBLIC_PICTURE_SECONDS[modelId] ?? 5) * 1000),
  };
}
