/**
 * One local stack for the projects of one layer. The integration layer runs as two vitest projects
 * (vitest.config.ts): its files side by side, then the few that read or reset the whole table (counters, the
 * capacity lanes) alone.
 * Each project runs its global set-up, in the one vitest process; the first one starts the stack, the others
 * share it, and the last teardown stops it.
 */
type Shared<T> = { ready: Promise<T>; users: number; stop: (value: T) => Promise<void> };

const registry = ((globalThis as { storyMagicSharedSetups?: Map<string, Shared<unknown>> }).storyMagicSharedSetups ??=
  new Map());

export async function sharedSetup<T>(
  key: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> {
  let shared = registry.get(key) as Shared<T> | undefined;
  if (!shared) {
    shared = { ready: start(), users: 0, stop };
    registry.set(key, shared as Shared<unknown>);
  }
  shared.users += 1;
  const value = await shared.ready;
  const owned = shared;
  return {
    value,
    release: async () => {
      owned.users -= 1;
      if (owned.users > 0) return;
      registry.delete(key);
      await owned.stop(value);
    },
  };
}
