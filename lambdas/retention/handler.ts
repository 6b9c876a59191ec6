import { sesMailer } from '../shared/ses-mailer.js';
import { createAwsClients } from '../shared/aws-clients.js';
import { loadServerConfig } from '../shared/config.js';
import { observeInvocation } from '../shared/observability.js';
import { createRetentionJob } from './job.js';

/**
 * The retention Lambda: a daily EventBridge rule runs the inactive-account sweep (lambdas/shared/accounts/
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
