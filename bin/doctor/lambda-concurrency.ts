import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import {
  CONCURRENT_EXECUTIONS_QUOTA_CODE,
  LAUNCH_RESERVATION,
  limitNeededFor,
  TRIGGERS_RESERVED,
  UNRESERVED_MINIMUM,
  type ReservedConcurrency,
} from '../../lib/reserved-concurrency.js';
import { errorName, fail, pass, warn, type Outcome } from './outcome.js';

/** What an account asks for before a launch: AWS's usual limit for an account in use. */
export const LAUNCH_CONCURRENCY = 1000;

const count = (value: number) => value.toLocaleString('en-US');

/** The quota request, as a command the operator can run. */
export const concurrencyRequest = (region: string, value: number) =>
  `request "Concurrent executions" of at least ${value} in Service Quotas (AWS Lambda, ${region}): ` +
  `aws service-quotas request-service-quota-increase --region ${region} --service-code lambda ` +
  `--quota-code ${CONCURRENT_EXECUTIONS_QUOTA_CODE} --desired-value ${value}`;

/**
 * Whether `-c reservedConcurrency` fits the account: Lambda's own figure (GetAccountSettings, the limit in force,
 * which Service Quotas may not list for a new account) against the reservation plus the 100 Lambda keeps free.
 */
export async function lambdaConcurrencyCheck(
  client: LambdaClient,
  region: string,
  reserved: ReservedConcurrency | undefined,
): Promise<Outcome> {
  let limit: number | undefined;
  try {
    limit = (await client.send(new GetAccountSettingsCommand({}))).AccountLimit?.ConcurrentExecutions;
  } catch (error) {
    return fail(
      `could not read Lambda's account settings in ${region} (${errorName(error)})`,
      'allow these credentials lambda:GetAccountSettings',
    );
  }
  if (limit === undefined) {
    return fail(
      `Lambda's account settings in ${region} name no concurrent executions limit`,
      'check the account in the Lambda console (Dashboard, "Account-level concurrency")',
    );
  }
  if (!reserved) {
    const shared = `Lambda: ${count(limit)} concurrent executions in ${region}, nothing reserved (-c reservedConcurrency=off)`;
    if (limit < LAUNCH_CONCURRENCY) {
      return warn(
        `${shared}: story work, the API and sign-in share them`,
        `Before a launch, ${concurrencyRequest(region, LAUNCH_CONCURRENCY)}; once granted, deploy with ` +
          `-c reservedConcurrency=${LAUNCH_RESERVATION} so a flood of stories cannot take sign-in's room`,
      );
    }
    return pass(`${shared}; -c reservedConcurrency=${LAUNCH_RESERVATION} would fit`);
  }
  const needed = limitNeededFor(reserved);
  const setting = `-c reservedConcurrency=${reserved.total}`;
  if (limit < needed) {
    const smaller = limit - UNRESERVED_MINIMUM;
    return fail(
      `Lambda allows ${count(limit)} concurrent executions in ${region}; ${setting} reserves ${reserved.workflow} ` +
        `for story work and ${reserved.triggers} for sign-in, and Lambda keeps ${UNRESERVED_MINIMUM} unreserved, ` +
        `so the deploy needs ${count(needed)}`,
      `${concurrencyRequest(region, needed)}; until it is granted, deploy with ` +
        (smaller > TRIGGERS_RESERVED ? `-c reservedConcurrency=${smaller} or ` : '') +
        '-c reservedConcurrency=off',
    );
  }
  return pass(
    `Lambda: ${count(limit)} concurrent executions in ${region}; ${setting} keeps ${reserved.workflow} for story ` +
      `work and ${reserved.triggers} for sign-in, ${count(limit - reserved.total)} unreserved`,
  );
}
