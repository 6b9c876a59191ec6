import { deleteAccount } from '../use-cases/accounts/delete-account.js';
import { inactiveAccountSweep, type InactivityMailer } from '../use-cases/accounts/inactive-accounts.js';
import type { AwsClients } from '../adapters/aws-clients.js';
import type { ServerConfig } from '../runtime/config.js';
import { createMediaCdn } from '../adapters/media-cdn.js';
import { deletionRepository } from '../data/repositories/deletions.js';
import { libraryRepository } from '../data/repositories/library.js';
import { profileRepository } from '../data/repositories/profiles.js';
import { storyRepository } from '../data/repositories/stories.js';

/**
 * The daily retention job, wired to the table, the media bucket, the CDN and Cognito (deleting an account
 * is the parent's own deletion: lambdas/use-cases/accounts/delete-account.ts). The Lambda (handler.ts), the
 * local stack's timer and the integration test run this same job.
 */
export function createRetentionJob(config: ServerConfig, aws: AwsClients, mailer: InactivityMailer | undefined) {
  const profiles = profileRepository(aws.documents, config.tableName);
  const deletion = {
    stories: storyRepository(aws.documents, config.tableName),
    library: libraryRepository(aws.documents, config.tableName),
    deletions: deletionRepository(aws.documents, config.tableName),
    profiles,
    s3: aws.s3,
    mediaBucket: config.mediaBucket,
    cdn: createMediaCdn(config),
    // Only the two Cognito calls a deletion makes (not the API's account toolkit, cognito-accounts.ts): the
    // job's role may disable and delete users and nothing else (test/infra/iam-coverage.test.ts).
    accounts: {
      async setEnabled(userId: string, enabled: boolean) {
        if (enabled) throw new Error('the retention job never enables an account');
        const { sdk, client } = await aws.cognito();
        await client.send(new sdk.AdminDisableUserCommand({ UserPoolId: config.userPoolId, Username: userId }));
      },
      async remove(userId: string) {
        const { sdk, client } = await aws.cognito();
        await client
          .send(new sdk.AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: userId }))
          .catch((error: unknown) => {
            if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
          });
      },
    },
  };
  return inactiveAccountSweep({
    profiles,
    mailer,
    deleteAccount: (userId) => deleteAccount(deletion, userId),
  });
}
