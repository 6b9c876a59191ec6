import { QueryCommand, UpdateCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MessageRejected, SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogs, type LogLine } from '../support/logs.js';

/**
 * The retention Lambda as AWS runs it (lambdas/retention/handler.ts, its real sweep, profile repository and SES
 * mailer), with DynamoDB and SES mocked at the SDK boundary: three families nobody signed in to for years, the
 * middle one's address refused by SES as its sandbox refuses every unverified address.
 */
const documents = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const LONG_AGO = '2020-01-01T00:00:00.000Z';
const FAMILIES = ['first', 'refused', 'last'].map((name) => ({
  id: `user-${name}`,
  email: `${name}@example.com`,
  role: 'user',
  created_at: LONG_AGO,
  last_login: LONG_AGO,
}));

type Handler = (event: unknown) => Promise<{ warned: number; refused: number; failed: number }>;
let handler: Handler;
beforeAll(async () => {
  for (const [name, value] of Object.entries({
    AWS_REGION: 'us-west-2',
    TABLE_NAME: 'story-magic-test',
    MEDIA_BUCKET: 'story-magic-media-test',
    USER_POOL_ID: 'us-west-2_test',
    AUTH_ISSUER: 'https://cognito-idp.us-west-2.amazonaws.com/us-west-2_test',
    AUTH_JWKS_URI: 'https://cognito-idp.us-west-2.amazonaws.com/us-west-2_test/.well-known/jwks.json',
    AUTH_CLIENT_ID: 'client-test',
    MAIL_FROM: 'stories@example.com',
  }))
    vi.stubEnv(name, value);
  ({ handler } = (await import('../../lambdas/retention/handler.js')) as unknown as { handler: Handler });
});
afterAll(() => vi.unstubAllEnvs());

beforeEach(() => {
  documents.reset();
  ses.reset();
  documents.on(QueryCommand).resolves({ Items: FAMILIES });
  documents.on(UpdateCommand).resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
});

const sentTo = () => ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Destination?.ToAddresses?.[0]);
const warnedIds = () =>
  documents.commandCalls(UpdateCommand).map((call) => String((call.args[0].input.Key as { PK: string }).PK));
const metricsOf = (lines: LogLine[]) => lines.find((line) => line._aws !== undefined) ?? {};

async function sweep() {
  const logs = captureLogs();
  try {
    return {
      outcome: await handler({}).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      logs,
    };
  } finally {
    logs.stop();
  }
}

describe('the retention sweep, past an address SES refuses', () => {
  it('warns the families after a refused address, counts the refusal, and names no address in its log', async () => {
    ses.on(SendEmailCommand, { Destination: { ToAddresses: ['refused@example.com'] } }).rejects(
      new MessageRejected({
        $metadata: {},
        message:
          'Email address is not verified. The following identities failed the check in region US-WEST-2: refused@example.com',
      }),
    );
    const { outcome, logs } = await sweep();
    expect(outcome).toEqual({ result: { warned: 2, deleted: 0, notWarned: 0, refused: 1, failed: 0 } });
    expect(sentTo()).toEqual(['first@example.com', 'refused@example.com', 'last@example.com']);
    // Only the warned are recorded as warned: the refused family is tried again tomorrow, and never deleted unwarned.
    expect(warnedIds()).toEqual(['USER#user-first', 'USER#user-last']);
    expect(metricsOf(logs.lines)).toMatchObject({ InactiveAccountWarned: 2, InactiveAccountWarningRefused: 1 });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ message: 'inactive account warning refused', userId: 'user-refused' }),
    );
    expect(logs.text()).not.toContain('@example.com');
  });

  it('goes on past any other failure too, then fails the sweep so its alarm hears of it', async () => {
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['refused@example.com'] } })
      .rejects(new TooManyRequestsException({ $metadata: {}, message: 'Maximum sending rate exceeded.' }));
    const { outcome, logs } = await sweep();
    expect(outcome).toMatchObject({ error: { name: 'InactiveSweepFailed' } });
    expect(sentTo()).toEqual(['first@example.com', 'refused@example.com', 'last@example.com']);
    expect(warnedIds()).toEqual(['USER#user-first', 'USER#user-last']);
    expect(metricsOf(logs.lines)).toMatchObject({ InactiveAccountWarned: 2, InactiveAccountSweepFailed: 1 });
  });
});
