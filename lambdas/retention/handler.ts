import { sesMailer } from '../adapters/ses-mailer.js';
import { createAwsClients } from '../adapters/aws-clients.js';
import { loadServerConfig } from '../runtime/config.js';
import { observeInvocation } from '../runtime/observability.js';
import { createRetentionJob } from './job.js';

/**
 * The retention Lambda: a daily EventBridge rule runs the inactive-account sweep (lambdas/use-cases/accounts/
 * inactive-accounts.ts). Warnings go out through SES from the address the deploy names (`-c mailFrom`);
 * without one no account is warned, so none is deleted.
 */
const config = loadServerConfig();
const sweep = createRetentionJob(
  config,
  createAwsClients(config),
  config.mailFrom ? sesMailer(config.region, config.mailFrom) : undefined,
);

export const handler = observeInvocation(
  () => sweep(),
  () => undefined,
);
