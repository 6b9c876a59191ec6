import { once } from '../runtime/lazy.js';
import { tracedClient } from './sdk-tracing.js';
import { inactivityWarning, WarningRefused, type InactivityMailer } from '../use-cases/accounts/inactive-accounts.js';

/**
 * The inactive-account warning sent with Amazon SES (v2) from the operator's verified address. SES's
 * MessageRejected (in its sandbox: every address not verified there) is this address refused, WarningRefused;
 * anything else is thrown as SES threw it.
 */
export function sesMailer(region: string, from: string): InactivityMailer {
  const client = once(async () => {
    const sdk = await import('@aws-sdk/client-sesv2');
    return { sdk, client: tracedClient(new sdk.SESv2Client({ region })) };
  });
  return {
    async sendWarning(to, deleteOn) {
      const { sdk, client: ses } = await client();
      const { subject, text } = inactivityWarning(deleteOn);
      await ses
        .send(
          new sdk.SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: [to] },
            Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: unknown }).name === 'MessageRejected')
            throw new WarningRefused('SES refused the address');
          throw error;
        });
    },
  };
}
