/**
 * `load` run on the first call and its answer kept; a failed load is tried again on the next call. For
 * what a cold start should not pay for: an SDK package that only some requests use is imported (and
 * compiled) by the first request that does, in its own chunk of the Lambda bundle.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
