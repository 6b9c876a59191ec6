import { useState } from 'react';

/**
 * Which one of a form's actions is running, if any, so that the others wait and the running one shows progress.
 * `run` marks the action busy, does the work, hands a failure to `reportFailure` with the action's failure
 * message, and always clears the mark again.
 */
export function useBusyAction<Action extends string>(reportFailure: (failure: string, error: unknown) => void) {
  const [busy, setBusy] = useState<Action>();

  async function run(action: Action, failure: string, work: () => Promise<void>) {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      reportFailure(failure, error);
    } finally {
      setBusy(undefined);
    }
  }

  return [busy, run] as const;
}
