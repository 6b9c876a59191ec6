import { describe, expect, inject, it } from 'vitest';
import { RETENTION } from '#common/retention.js';
import type { InactivityMailer } from '../../lambdas/use-cases/accounts/inactive-accounts.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { loadServerConfig } from '../../lambdas/runtime/config.js';
import { createRetentionJob } from '../../lambdas/retention/job.js';
import { signIn, signUp } from '../support/accounts.js';
import { apiClient, mediaObjectStatus, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

/**
 * "An account nobody uses" ("How we keep your family's data"), on DynamoDB Local, cognito-local and s3rver:
 * the retention job the daily rule runs in AWS, with families aged by writing their last sign-in in the past.
 */
const stack = inject('stack');
const table = tableClient(stack);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const profileKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

const issuer = `${stack.cognitoEndpoint}/${stack.appConfig.userPoolId}`;
const config = loadServerConfig({
  AWS_REGION: 'us-east-1',
  TABLE_NAME: stack.tableName,
  MEDIA_BUCKET: stack.mediaBucket,
  USER_POOL_ID: stack.appConfig.userPoolId,
  AUTH_ISSUER: issuer,
  AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`,
  AUTH_CLIENT_ID: stack.appConfig.userPoolClientId,
  NARRATOR: 'local',
  SPEECH_ENGINE_URL: stack.speechEngineUrl,
  DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
  S3_ENDPOINT: stack.s3Endpoint,
  COGNITO_ENDPOINT: stack.cognitoEndpoint,
});

/** The e-mails the job sent (SES in AWS), to our own families only (other test files share the table). */
function outbox() {
  const sent: { to: string; deleteOn: Date }[] = [];
  const mailer: InactivityMailer = { sendWarning: async (to, deleteOn) => void sent.push({ to, deleteOn }) };
  return { mailer, to: (emails: readonly string[]) => sent.filter((mail) => emails.includes(mail.to)) };
}

async function family(displayName: string, lastSignIn: string) {
  const account = await signUp(stack, { displayName });
  const userId = String(decodePayload(account.accessToken).sub);
  await table.set(profileKey(userId), { last_login: lastSignIn });
  return { ...account, userId };
}

describe('accounts nobody uses (issue 36, retention)', () => {
  it('warns an account unused for the stated time, once; deletes it the stated days later; keeps one signed in to since', async () => {
    const asleep = await family('Asleep', daysAgo(RETENTION.inactiveDays + 1));
    const returning = await family('Returning', daysAgo(RETENTION.inactiveDays + 5));
    const recent = await family('Recent', daysAgo(RETENTION.inactiveDays - 1));
    const ours = [asleep.email, returning.email, recent.email];
    // The sleeping family's story, with its cover, goes with the account.
    const call = apiClient(stack, asleep.accessToken);
    const storyId = String(
      (await call('/stories', { method: 'POST', body: JSON.stringify(storyChoices) })).body.storyId,
    );
    const story = await waitForStory(call, storyId);
    const cover = (story.images as { imageUrl: string }[])[0]?.imageUrl ?? '';
    expect(await mediaObjectStatus(stack, cover)).toBe(200);

    const mail = outbox();
    const sweep = createRetentionJob(config, createAwsClients(config), mail.mailer);
    await sweep();
    expect(
      mail
        .to(ours)
        .map((each) => each.to)
        .sort(),
    ).toEqual([asleep.email, returning.email].sort());
    const warning = mail.to([asleep.email])[0];
    expect(Math.round(((warning?.deleteOn.getTime() ?? 0) - Date.now()) / DAY)).toBe(RETENTION.warningDays);
    expect((await table.get(profileKey(asleep.userId)))?.inactivity_warned_at).toBeTypeOf('string');
    expect((await table.get(profileKey(recent.userId)))?.inactivity_warned_at).toBeUndefined();

    // The next day's run sends nothing again.
    await sweep();
    expect(mail.to(ours)).toHaveLength(2);

    // One family signs in (Cognito's post-authentication trigger records it): the warning is answered.
    await signIn(stack, returning.email, returning.password);
    expect((await table.get(profileKey(returning.userId)))?.inactivity_warned_at).toBeUndefined();

    // The stated days after the warning: still nobody signed in to the sleeping account, so it goes.
    for (const each of [asleep, returning]) {
      const warnedAt = (await table.get(profileKey(each.userId)))?.inactivity_warned_at;
      if (warnedAt)
        await table.set(profileKey(each.userId), { inactivity_warned_at: daysAgo(RETENTION.warningDays + 1) });
    }
    await sweep();
    expect(await table.get(profileKey(asleep.userId))).toBeUndefined();
    await expect(signIn(stack, asleep.email, asleep.password)).rejects.toThrow();
    expect((await apiClient(stack, asleep.accessToken)(`/stories/${storyId}`)).status).not.toBe(200);
    expect(await mediaObjectStatus(stack, cover)).toBe(404);
    // The family who came back, and the recent one, are untouched.
    for (const each of [returning, recent]) expect(await table.get(profileKey(each.userId))).toBeDefined();
    expect((await apiClient(stack, recent.accessToken)('/me')).status).toBe(200);
  });

  it('without a way to e-mail, warns no one and so deletes no one', async () => {
    const quiet = await family('Unwarned', daysAgo(RETENTION.inactiveDays + 40));
    const sweep = createRetentionJob(config, createAwsClients(config), undefined);
    const result = await sweep();
    expect(result.notWarned).toBeGreaterThanOrEqual(1);
    expect((await table.get(profileKey(quiet.userId)))?.inactivity_warned_at).toBeUndefined();
    expect(await table.get(profileKey(quiet.userId))).toBeDefined();
  });
});
