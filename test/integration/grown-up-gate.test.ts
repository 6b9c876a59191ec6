import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { FAMILY_MESSAGES, GROWN_UP_HEADER, PIN_ATTEMPTS } from '#common/family.js';
import { parseCodeDeliveries } from '../../bin/local/cognito-local.js';
import { cognitoAccounts, cognitoConnectionOf } from '../../lambdas/adapters/cognito-accounts.js';
import { profileItemSchema } from '../../lambdas/data/entities/profile.js';
import { grownUpGrantRepository } from '../../lambdas/data/repositories/grown-up-grants.js';
import { RATE_LIMITS, rateLimiter } from '../../lambdas/data/repositories/rate-limits.js';
import { grownUpGate } from '../../lambdas/use-cases/accounts/grown-up-gate.js';
import type { UnlockRefusedError } from '../../lambdas/use-cases/errors.js';
import { apiClient } from '../support/api.js';
import { cognitoClient, refresh, signIn, signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

/**
 * The grown-up gate's locks and grants (issue 36) against the local stack: the PIN's lock holds however
 * many tries arrive at once, wrong PINs never keep the password out, and a grant belongs to the sign-in
 * that asked for it and ends with every revocation of the account's sessions.
 */

const stack = inject('stack');
const table = tableClient(stack);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });
const PIN = '1357';
const lockedOf = (answer: { body: { error?: unknown } }) => (answer.body.error as { locked?: boolean })?.locked;
const WRONG = '0000';

async function parentWithPin() {
  const account = await signUp(stack, { displayName: 'Sam Parent' });
  const userId = String(decodePayload(account.accessToken).sub);
  const unlock = (body: { pin: string } | { password: string }, token = account.accessToken) =>
    apiClient(stack, token)('/grown-up/unlock', json(body));
  const withGrant = (grant: string, token = account.accessToken) =>
    apiClient(stack, token, { [GROWN_UP_HEADER]: grant });
  const first = await unlock({ password: account.password });
  expect((await withGrant(String(first.body.token))('/grown-up/pin', json({ pin: PIN }, 'PUT'))).status).toBe(200);
  return { ...account, userId, unlock, withGrant };
}

/** Waits until a rate-limit window has room for a test's tries, so the window cannot turn over half-way. */
async function freshWindowAhead(seconds = 20) {
  const { windowSeconds } = RATE_LIMITS.unlock;
  const left = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}

const grantItems = async (userId: string) =>
  (await table.traces(userId, [])).filter((item) => String(item.SK).startsWith('GRANT#'));

describe('the PIN lock', () => {
  it(`judges at most ${PIN_ATTEMPTS} PINs however many arrive together, and opens nothing while locked`, async () => {
    const parent = await parentWithPin();
    // The gate as the API runs it, on the local table: each try holds the profile as its request read it
    // before any of the others counted a wrong PIN, as parallel requests do.
    const gate = grownUpGate({
      grants: grownUpGrantRepository(table.documents, stack.tableName),
      accounts: cognitoAccounts(
        cognitoConnectionOf(cognitoClient(stack)),
        stack.appConfig.userPoolId,
        stack.appConfig.userPoolClientId,
      ),
      rateLimits: rateLimiter(table.documents, stack.tableName),
    });
    const profile = profileItemSchema.parse(await table.get({ PK: `USER#${parent.userId}`, SK: 'PROFILE' }));
    const asker = { userId: parent.userId, role: 'user' as const, profile, session: 'a sign-in', issuedAt: 1 };
    const refusals: UnlockRefusedError[] = [];
    for (let i = 0; i < 8; i++) {
      await gate.unlock(asker, { pin: WRONG }).then(
        () => expect.unreachable('a wrong PIN opened the gate'),
        (error: unknown) => refusals.push(error as UnlockRefusedError),
      );
    }
    expect(refusals.map((refusal) => refusal.locked)).toEqual([false, false, false, false, true, true, true, true]);
    // The right PIN, from a request that read the profile before the lock: still locked.
    await expect(gate.unlock(asker, { pin: PIN })).rejects.toMatchObject({
      locked: true,
      message: FAMILY_MESSAGES.pinLocked,
    });
    expect((await grantItems(parent.userId)).filter((item) => item.session === asker.session)).toEqual([]);
    const counted = await table.get({ PK: `USER#${parent.userId}`, SK: 'PROFILE' });
    expect(counted?.pin_failures).toBe(PIN_ATTEMPTS);
  });

  it('holds over HTTP: nine tries at once, the right PIN among them or after them', async () => {
    await freshWindowAhead();
    // Nine wrong at once, then the right PIN: locked, no grant.
    const allWrong = await parentWithPin();
    const answers = await Promise.all(Array.from({ length: 9 }, () => allWrong.unlock({ pin: WRONG })));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(403));
    expect(answers.filter((a) => lockedOf(a) === false)).toHaveLength(PIN_ATTEMPTS - 1);
    const after = await allWrong.unlock({ pin: PIN });
    expect(after.body.error).toMatchObject({ code: 'UNLOCK_REFUSED', locked: true });
    expect(await grantItems(allWrong.userId)).toHaveLength(1); // the password's, before the PIN was set

    // Eight wrong and the right one at once: the right one opens only if it was among the first five
    // judged (and then the count starts again); else no more than five were, and nothing opens.
    const mixed = await parentWithPin();
    const tries = await Promise.all([
      ...Array.from({ length: 8 }, () => mixed.unlock({ pin: WRONG })),
      mixed.unlock({ pin: PIN }),
    ]);
    const wrong = tries.slice(0, 8);
    const right = tries[8];
    expect(wrong.every((a) => a.status === 403 && a.body.error?.code === 'UNLOCK_REFUSED')).toBe(true);
    const profile = await table.get({ PK: `USER#${mixed.userId}`, SK: 'PROFILE' });
    expect(Number(profile?.pin_failures ?? 0)).toBeLessThanOrEqual(PIN_ATTEMPTS);
    if (right?.status === 200) {
      expect((await mixed.withGrant(String(right.body.token))('/me/export')).status).toBe(200);
    } else {
      expect(right?.body.error).toMatchObject({ locked: true });
      expect(wrong.filter((a) => lockedOf(a) === false)).toHaveLength(PIN_ATTEMPTS - 1);
      expect((await mixed.unlock({ pin: PIN })).body.error).toMatchObject({ locked: true });
      expect(await grantItems(mixed.userId)).toHaveLength(1);
    }
  }, 60_000);

  it('lets the password in after ten wrong PINs, on every device; a right PIN starts the count again', async () => {
    await freshWindowAhead();
    const parent = await parentWithPin();
    for (let i = 1; i <= 10; i++) {
      const wrong = await parent.unlock({ pin: WRONG });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toMatchObject({ code: 'UNLOCK_REFUSED', locked: i >= PIN_ATTEMPTS });
    }
    expect((await parent.unlock({ pin: PIN })).body.error).toMatchObject({ locked: true });
    const tablet = await signIn(stack, parent.email, parent.password);
    for (const token of [parent.accessToken, tablet.accessToken]) {
      const opened = await parent.unlock({ password: parent.password }, token);
      expect(opened.status).toBe(200);
      expect((await parent.withGrant(String(opened.body.token), token)('/me/export')).status).toBe(200);
    }

    // Once the lock is over, a right PIN clears the count: four wrong, the right one, four wrong again.
    await table.set({ PK: `USER#${parent.userId}`, SK: 'PROFILE' }, { pin_tried_at: Date.now() - 16 * 60_000 });
    const other = await parentWithPin();
    for (const pin of [WRONG, WRONG, WRONG, WRONG, PIN, WRONG, WRONG, WRONG, WRONG]) {
      const answer = await other.unlock({ pin });
      expect(answer.status).toBe(pin === PIN ? 200 : 403);
      if (pin !== PIN) expect(lockedOf(answer)).toBe(false);
    }
    expect((await parent.unlock({ pin: PIN })).status).toBe(200);
  }, 60_000);

  it('limits PIN tries and password tries each on their own', async () => {
    await freshWindowAhead();
    const parent = await parentWithPin();
    const { limit } = RATE_LIMITS.unlock;
    // Right PINs between the wrong ones keep the PIN unlocked, so every try is judged and counted.
    for (let i = 1; i <= limit; i++) {
      expect((await parent.unlock({ pin: i % 2 === 0 ? PIN : WRONG })).status).toBe(i % 2 === 0 ? 200 : 403);
    }
    expect((await parent.unlock({ pin: PIN })).status).toBe(429);
    expect((await parent.unlock({ password: parent.password })).status).toBe(200);
    // The set-up's unlock and the one above took two of the password's tries.
    for (let i = 3; i <= RATE_LIMITS['unlock-password'].limit; i++) {
      expect((await parent.unlock({ password: 'NotThePassword1' })).status).toBe(403);
    }
    expect((await parent.unlock({ password: parent.password })).status).toBe(429);
  }, 60_000);
});

describe('a grant', () => {
  it('opens only for the sign-in that asked (its refreshed tokens too), not another sign-in of the account', async () => {
    const parent = await parentWithPin();
    const opened = await parent.unlock({ pin: PIN });
    const grant = String(opened.body.token);
    expect((await parent.withGrant(grant)('/me/export')).status).toBe(200);
    const refreshed = await refresh(stack, parent.refreshToken);
    expect((await parent.withGrant(grant, refreshed)('/me/export')).status).toBe(200);

    const tablet = await signIn(stack, parent.email, parent.password);
    const refused = await parent.withGrant(grant, tablet.accessToken)('/me/export');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('GROWN_UP_REQUIRED');
    expect((await parent.withGrant(grant, await refresh(stack, tablet.refreshToken))('/me/export')).status).toBe(403);
  });

  it('ends with a password change', async () => {
    const parent = await parentWithPin();
    const grant = String((await parent.unlock({ pin: PIN })).body.token);
    const changed = await parent.withGrant(grant)(
      '/me/password',
      json({ currentPassword: parent.password, newPassword: 'Castles456' }),
    );
    expect(changed.status).toBe(200);
    const renewed = await signIn(stack, parent.email, 'Castles456');
    expect((await parent.withGrant(grant, renewed.accessToken)('/me/export')).body.error?.code).toBe(
      'GROWN_UP_REQUIRED',
    );
  });

  it('ends with a password reset', async () => {
    const parent = await parentWithPin();
    const grant = String((await parent.unlock({ pin: PIN })).body.token);
    const cognito = cognitoClient(stack);
    await cognito.send(
      new ForgotPasswordCommand({ ClientId: stack.appConfig.userPoolClientId, Username: parent.email }),
    );
    const resetCode = () =>
      parseCodeDeliveries(readFileSync(join(stack.logDir, 'cognito-local.log'), 'utf8')).findLast(
        (d) => d.operation === 'ForgotPassword' && d.destination === parent.email,
      )?.code;
    await expect.poll(resetCode, { timeout: 5000 }).toMatch(/^\d{6}$/);
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.appConfig.userPoolClientId,
        Username: parent.email,
        ConfirmationCode: resetCode(),
        Password: 'NewSecret99',
      }),
    );
    const renewed = await signIn(stack, parent.email, 'NewSecret99');
    expect((await parent.withGrant(grant, renewed.accessToken)('/me/export')).body.error?.code).toBe(
      'GROWN_UP_REQUIRED',
    );
  });

  it('ends with a suspension, even in the same sign-in once the account is active again', async () => {
    const parent = await parentWithPin();
    const grant = String((await parent.unlock({ pin: PIN })).body.token);
    const admin = apiClient(stack, (await signIn(stack, stack.admin.email, stack.admin.password)).accessToken);
    expect((await admin(`/admin/users/${parent.userId}`, json({ suspended: true }, 'PATCH'))).status).toBe(200);
    expect((await parent.withGrant(grant)('/me/export')).body.error?.code).toBe('ACCOUNT_SUSPENDED');
    expect((await admin(`/admin/users/${parent.userId}`, json({ suspended: false }, 'PATCH'))).status).toBe(200);
    // cognito-local keeps a disabled user's refresh tokens: the sign-in goes on, with tokens issued after
    // the suspension; its grant from before is still refused.
    const later = await refresh(stack, parent.refreshToken);
    expect((await apiClient(stack, later)('/me')).status).toBe(200);
    expect((await parent.withGrant(grant, later)('/me/export')).body.error?.code).toBe('GROWN_UP_REQUIRED');
    const again = await signIn(stack, parent.email, parent.password);
    expect((await parent.withGrant(grant, again.accessToken)('/me/export')).body.error?.code).toBe('GROWN_UP_REQUIRED');
  });
});
