/**
 * How long the twin waits before answering, for the benchmark to see Bedrock-like timings. Off by default
 * (tests and `npm start` answer at once). The `public` profile uses rounded public figures, not
 * measurements of ours: for text the time to first token and output speed reported for each model by
 * Artificial Analysis's model pages (Nova Micro about 0.3 s and 200 tokens/s, Nova Lite 0.35 s and 150
 * tokens/s, Nova Pro 0.4 s and 90 tokens/s); for pictures the generation times Stability publishes for its
 * API (Stable Image Core about 3 s, Stable Image Ultra about 8 s, SD 3.5 Large about 6 s). Treat the
 * benchmark's generation figures under this profile as estimates of the same order, not predictions.
 */
export type LatencyProfileName = 'off' | 'public';

type TextSpeed = Readonly<{ firstTokenMs: number; tokensPerSecond: number }>;

const PUBLIC_TEXT: Readonly<Record<string, TextSpeed>> = {
  'amazon.nova-micro-v1:0': { firstTokenMs: 300, tokensPerSecond: 200 },
  'amazon.nova-lite-v1:0': { firstTokenMs: 350, tokensPerSecond: 150 },
  'amazon.nova-pro-v1:0': { firstTokenMs: 400, tokensPerSecond: 90 },
};

const PUBLIC_PICTURE_SECONDS: Readonly<Record<string, number>> = {
  'stability.stable-image-core-v1:1': 3,
  'stability.stable-image-ultra-v1:1': 8,
  'stability.sd3-5-large-v1:0': 6,
};

export type Latency = Readonly<{
  /** Milliseconds for a whole (non-streamed) answer of `outputTokens`. */
  text(modelId: string, outputTokens: number): number;
  /** Milliseconds for one picture. */
  picture(modelId: string): number;
}>;

export function latencyOf(profile: LatencyProfileName): Latency {
  if (profile === 'off') return { text: () => 0, picture: () => 0 };
  return {
    text: (modelId, outputTokens) => {
      const speed = PUBLIC_TEXT[modelId] ?? { firstTokenMs: 400, tokensPerSecond: 100 };
      return Math.round(speed.firstTokenMs + (outputTokens / speed.tokensPerSecond) * 1000);
    },
    picture: (modelId) => Math.round((PUBLIC_PICTURE_SECONDS[modelId] ?? 5) * 1000),
  };
}
