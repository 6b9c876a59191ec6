/**
 * One line of `npm run doctor`: a check that passed (✓), one that failed and blocks the deploy (✗, with what
 * to do), or a warning (⚠): nothing stops the deploy, but something is left to do before families arrive.
 */
export type Outcome =
  | { kind: 'pass'; detail: string }
  | { kind: 'warn'; detail: string; advice: string }
  | { kind: 'fail'; detail: string; fix: string };

export const pass = (detail: string): Outcome => ({ kind: 'pass', detail });
export const warn = (detail: string, advice: string): Outcome => ({ kind: 'warn', detail, advice });
export const fail = (detail: string, fix: string): Outcome => ({ kind: 'fail', detail, fix });

export function lineOf(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'pass':
      return `✓ ${outcome.detail}`;
    case 'warn':
      return `⚠ ${outcome.detail}. ${outcome.advice}`;
    case 'fail':
      return `✗ ${outcome.detail}. To fix: ${outcome.fix}`;
  }
}

export const errorName = (error: unknown) => (error instanceof Error ? error.name : 'error');
