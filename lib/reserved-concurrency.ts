/**
 * `-c reservedConcurrency`: the Lambda concurrency the stack sets aside, read by the deploy (lib/config.ts)
 * and by `npm run doctor`, which checks it against the account's limit. Apart from lib/config.ts so the doctor
 * reads it without loading CDK.
 *
 * - `off` (the default; `none` too): nothing reserved. Deploys into any account, a new one's 10 concurrent
 *   executions included; story work and sign-in then share the account's pool.
 * - a whole number N of at least 11: N reserved in all, 10 kept for the Cognito triggers (sign-in always has
 *   room) and N - 10 for the workflow tasks (also their ceiling, so a flood of stories cannot take the rest).
 *   Lambda refuses any reservation that leaves the account fewer than 100 unreserved, so the account's
 *   limit must be at least N + 100 (AWS Lambda quota "Concurrent executions").
 */

/** What Lambda keeps unreserved in every account, whatever the functions reserve. */
export const UNRESERVED_MINIMUM = 100;
/** Kept for the Cognito triggers out of the total. */
export const TRIGGERS_RESERVED = 10;
/** The Service Quotas code of AWS Lambda's "Concurrent executions". */
export const CONCURRENT_EXECUTIONS_QUOTA_CODE = 'L-B99A9384';
/** What a launch reserves: the workflow's 100 and the triggers' 10 (an account limit of at least 210). */
export const LAUNCH_RESERVATION = 110;

export type ReservedConcurrency = Readonly<{ total: number; workflow: number; triggers: number }>;

export class ReservedConcurrencySettingError extends Error {}

/** The setting as given (a string from `-c`, a JSON value from cdk.json); undefined: nothing reserved. */
export function parseReservedConcurrency(
  raw: unknown,
  name = 'Context "reservedConcurrency"',
): ReservedConcurrency | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && /^(off|none)$/i.test(raw.trim())) return undefined;
  const total = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  const minimum = TRIGGERS_RESERVED + 1;
  if (total === 0) {
    throw new ReservedConcurrencySettingError(
      `${name} must not be 0: a function reserved 0 is never run. Use "off" to reserve nothing`,
    );
  }
  if (!Number.isInteger(total) || total < minimum) {
    throw new ReservedConcurrencySettingError(
      `${name} must be "off" (reserve nothing) or a whole number of at least ${minimum} ` +
        `(${TRIGGERS_RESERVED} for the Cognito triggers, the rest for the workflow tasks), got ${JSON.stringify(raw)}`,
    );
  }
  return { total, workflow: total - TRIGGERS_RESERVED, triggers: TRIGGERS_RESERVED };
}

/** The account limit a reservation needs: it plus what Lambda keeps unreserved. */
export const limitNeededFor = (reserved: ReservedConcurrency | undefined): number =>
  (reserved?.total ?? 0) + UNRESERVED_MINIMUM;

/** The context keys this setting replaced: named by synth and the doctor instead of being ignored. */
export const REPLACED_CONCURRENCY_KEYS = ['workflowConcurrency', 'triggersConcurrency'] as const;

export const replacedKeyMessage = (key: string) =>
  `"${key}" is no longer read: use -c reservedConcurrency=<total> (${TRIGGERS_RESERVED} of it for the Cognito ` +
  `triggers, the rest for the workflow tasks) or -c reservedConcurrency=off`;
