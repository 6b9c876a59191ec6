/** Percentile by nearest rank over a copy of the samples (milliseconds). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export type Latency = { count: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number };

/** The latency figures every benchmark reports, from one sort. */
export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p));
  return { count: sorted.length, p50Ms: at(50), p90Ms: at(90), p99Ms: at(99), maxMs: at(100) };
}

/** Runs `work` over `items` with at most `concurrency` in flight, results in input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}
