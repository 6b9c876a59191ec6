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

type AsyncFunction = (...args: never[]) => Promise<unknown>;

/**
 * Use cases (an object of async methods) whose module is imported by the first call of any of them, through
 * `once`. For the code a cold start of most requests never runs: checking a family's words loads the safety
 * lexicon, and only the requests that write words need it. `methods` names every method (TypeScript
 * insists), since a stand-in cannot list what it has not loaded yet. A single function needs no stand-in:
 * `once` and a call (lambdas/api/deps.ts).
 */
export function importedOnFirstCall<T extends Record<string, AsyncFunction>>(
  load: () => Promise<T>,
  methods: { readonly [K in keyof T]: true },
): T {
  const loaded = once(load);
  const standIn: Record<string, AsyncFunction> = {};
  for (const name of Object.keys(methods)) {
    standIn[name] = async (...args) => {
      const method = (await loaded())[name] as (...args: unknown[]) => Promise<unknown>;
      return method(...args);
    };
  }
  return standIn as T;
}
