import { EARLY_READS, type EarlyReads } from '#common/early-reads';

/**
 * The read of `path` the page's early script already started with this very token and child (see common/early-reads.ts),
 * taken once: a later read of the same path, or one with another token, goes to the server as usual.
 * Undefined when there is none, and when it failed on the way (the caller then asks itself).
 */
export function takeEarlyRead(
  path: string,
  token: string,
  child: string | undefined,
): Promise<Response | undefined> | undefined {
  const early = (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS];
  const read = early?.reads.get(path);
  if (!early || !read) return undefined;
  early.reads.delete(path);
  // Read for another session or another child: asked for again.
  if (early.token !== token || early.child !== child) return undefined;
  return read.catch(() => undefined);
}
