import { once } from '../runtime/lazy.js';
import { tracedClient } from './sdk-tracing.js';
import { inactivityWarning, type InactivityMailer } from '../use-cases/accounts/inactive-accounts.js';

/** The inactive-account warning sent with Amazon SES (v2) from the operator's verified address. */
export function sesMailer(region: string, from: string): InactivityMailer {
  const client = once(async () => {
    const sdk = await import('@aws-sdk/client-sesv2');
    return { sdk, client: tracedClient(new sdk.SESv2Client({ region })) };
  });
  return {
    async sendWarning(to, deleteOn) {
      const { sdk, client: ses } = await client();
      const { subject, text } = inactivityWarning(deleteOn);
      await ses.send(
        new sdk.SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
        }),
      );
    },
  };
}
