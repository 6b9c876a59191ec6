import { beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { createSignedInUser, refresh, signIn } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';
import { accountInGroup } from '../support/groups.js';

/**
 * Sessions end exactly when they should (issue 13, §4–§7), with real cognito-local tokens over real HTTP:
 * a deleted account, a suspension, a role change and a password change each refuse every token issued
 * before them — one issued in the same second included — and a token issued after them works.
 */
const stack = inject('stack');
const table = tableClient(stack);
const userIdOf = (token: string) => String(decodePayload(token).sub);
const issuedAt = (token: string) => Number(decodePayload(token).iat);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });
const profileKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/** Waits until early in a wall-clock second, so what follows (a sign-in, then a change) fits in one second. */
async function startOfASecond() {
  const into = Date.now() % 1000;
  if (into > 100) await new Promise((resolve) => setTimeout(resolve, 1000 - into + 5));
}

let adminCall: ReturnType<typeof apiClient>;
beforeAll(async () => {
  adminCall = apiClient(stack, (await signIn(stack, stack.admin.email, stack.admin.password)).accessToken);
});

describe('a deleted account (§4)', () => {
  it('refuses every token of a deleted admin at once, and brings nothing of it back', async () => {
    const doomed = await accountInGroup(stack, 'admin');
    const bystander = await createSignedInUser(stack);
    const bystanderId = userIdOf(bystander.accessToken);
    expect((await apiClient(stack, bystander.accessToken)('/me')).status).toBe(200);
    const doomedCall = apiClient(stack, doomed.accessToken);
    expect((await doomedCall('/admin/users')).status).toBe(200);

    expect((await adminCall(`/admin/users/${doomed.id}`, { method: 'DELETE' })).status).toBe(200);

    const gone = { error: { code: 'UNAUTHENTICATED', message: 'This account no longer exists.' } };
    const list = await doomedCall('/admin/users');
    expect(list).toEqual({ status: 401, body: gone });
    expect(await doomedCall(`/admin/users/${bystanderId}`, json({ suspended: true }, 'PATCH'))).toEqual({
      status: 401,
      body: gone,
    });
    expect((await table.get(profileKey(bystanderId)))?.suspended_at).toBeUndefined();
    expect(await doomedCall('/me')).toEqual({ status: 401, body: gone });
    expect(await doomedCall('/featured')).toEqual({ status: 401, body: gone });
    expect(await table.get(profileKey(doomed.id))).toBeUndefined();
  });

  it('still refuses the token once the tombstone has expired (the Cognito user is gone too)', async () => {
    const doomed = await accountInGroup(stack, 'admin');
    expect((await adminCall(`/admin/users/${doomed.id}`, { method: 'DELETE' })).status).toBe(200);
    const tombstone = { PK: `DELETED#${doomed.id}`, SK: 'ACCOUNT' };
    expect(await table.get(tombstone)).toMatchObject({
      deleted_at: expect.any(String),
      expires_at: expect.any(Number),
    });
    await table.delete(tombstone); // what DynamoDB's TTL does after two days
    expect((await apiClient(stack, doomed.accessToken)('/admin/users')).status).toBe(401);
    expect(await table.get(profileKey(doomed.id))).toBeUndefined();
  });

  it('gives an account made outside the form its profile on its first call, whichever route it is', async () => {
    const operatorMade = await createSignedInUser(stack);
    const id = userIdOf(operatorMade.accessToken);
    expect(await table.get(profileKey(id))).toBeUndefined();
    expect((await apiClient(stack, operatorMade.accessToken)('/featured')).status).toBe(200);
    expect(await table.get(profileKey(id))).toMatchObject({ id, email: operatorMade.email, age_band: 'A' });
  });
});

describe('what an account deletion leaves (§8)', () => {
  const partition = async (pk: string) =>
    (
      await table.documents.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];

  it("removes the family's feedback, rate-limit windows and the activity about them, but the deletion's own entry", async () => {
    const family = await createSignedInUser(stack);
    const id = userIdOf(family.accessToken);
    const call = await grownUpClient(stack, family);
    const message = `Our dragon story was lovely ${crypto.randomUUID()}`;
    expect((await call('/feedback', json({ kind: 'praise', message }))).status).toBe(201);
    const created = await call('/stories', json({ ...storyChoices, requestId: crypto.randomUUID() }));
    expect(created.status).toBe(202);
    await waitForStory(call, String(created.body.storyId));
    expect((await adminCall(`/admin/users/${id}/notes`, json({ note: 'Asked about printing' }))).status).toBe(201);
    expect(await partition(`RATE#${id}`)).not.toHaveLength(0);
    expect(await partition(`ACTIVITY#${id}`)).not.toHaveLength(0);
    const feedbackOf = async () => (await partition('FEEDBACK')).filter((item) => item.user_id === id);
    expect(await feedbackOf()).toHaveLength(1);

    expect((await adminCall(`/admin/users/${id}`, { method: 'DELETE' })).status).toBe(200);

    expect(await feedbackOf()).toEqual([]);
    expect((await partition('FEEDBACK')).some((item) => item.message === message)).toBe(false);
    expect(await partition(`RATE#${id}`)).toEqual([]);
    expect((await partition(`ACTIVITY#${id}`)).map((entry) => entry.action)).toEqual(['delete_user']);
  });
});

describe('a suspension (§5)', () => {
  it('refuses the very next call of a suspended admin, reads and writes alike; a token after re-activation works', async () => {
    const suspect = await accountInGroup(stack, 'admin');
    const victim = await createSignedInUser(stack);
    const victimId = userIdOf(victim.accessToken);
    expect((await apiClient(stack, victim.accessToken)('/me')).status).toBe(200);
    const suspectCall = apiClient(stack, suspect.accessToken);
    expect((await suspectCall('/admin/users?limit=1')).status).toBe(200);

    expect((await adminCall(`/admin/users/${suspect.id}`, json({ suspended: true }, 'PATCH'))).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        i % 2 === 0
          ? suspectCall('/admin/users?limit=1')
          : suspectCall(`/admin/users/${victimId}`, json({ suspended: true }, 'PATCH')),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 22 }, () => 403));
    expect(answers.every((a) => a.body.error?.code === 'ACCOUNT_SUSPENDED')).toBe(true);
    expect((await table.get(profileKey(victimId)))?.suspended_at).toBeUndefined();

    expect((await adminCall(`/admin/users/${suspect.id}`, json({ suspended: false }, 'PATCH'))).status).toBe(200);
    // The token from before the suspension stays dead; a new sign-in works.
    expect((await suspectCall('/admin/users?limit=1')).body.error?.code).toBe('SESSION_REVOKED');
    const again = await signIn(stack, suspect.email, suspect.password);
    expect((await apiClient(stack, again.accessToken)('/admin/users?limit=1')).status).toBe(200);
  });
});

describe('a role change (§6)', () => {
  it('refuses a token issued in the same second as a demotion; a token issued after the answer works', async () => {
    const demoted = await accountInGroup(stack, 'admin');
    // Sign in and demote within one second; try again in the rare case the second turned in between.
    let before: Awaited<ReturnType<typeof signIn>> | undefined;
    let promoteBack = false;
    for (let attempt = 0; attempt < 5 && !before; attempt++) {
      if (promoteBack) {
        expect((await adminCall(`/admin/users/${demoted.id}`, json({ role: 'admin' }, 'PATCH'))).status).toBe(200);
      }
      await startOfASecond();
      const tokens = await signIn(stack, demoted.email, demoted.password);
      expect((await adminCall(`/admin/users/${demoted.id}`, json({ role: 'user' }, 'PATCH'))).status).toBe(200);
      const revokedAt = Number((await table.get(profileKey(demoted.id)))?.sessions_revoked_at);
      if (issuedAt(tokens.accessToken) === Math.floor(revokedAt / 1000)) before = tokens;
      promoteBack = true;
    }
    if (!before) throw new Error('Could not sign in and demote within one second in 5 tries');

    const oldCall = apiClient(stack, before.accessToken);
    expect(decodePayload(before.accessToken)['cognito:groups']).toEqual(['admin']);
    const refused = await oldCall('/admin/users?limit=1');
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('SESSION_REVOKED');

    // Right after the answer: a new sign-in and a refresh of the old session both work, as a user.
    const after = await signIn(stack, demoted.email, demoted.password);
    const afterCall = apiClient(stack, after.accessToken);
    expect((await afterCall('/me')).body).toMatchObject({ role: 'user', isAdmin: false });
    expect((await afterCall('/admin/users?limit=1')).body.error?.code).toBe('FORBIDDEN');
    const refreshed = apiClient(stack, await refresh(stack, before.refreshToken));
    expect((await refreshed('/me')).body).toMatchObject({ role: 'user' });
  });

  it('refuses the token from before a promotion, and admits the one issued after it', async () => {
    const promoted = await createSignedInUser(stack);
    const id = userIdOf(promoted.accessToken);
    expect((await apiClient(stack, promoted.accessToken)('/me')).status).toBe(200);
    await startOfASecond();
    const sameSecond = await signIn(stack, promoted.email, promoted.password);
    expect((await adminCall(`/admin/users/${id}`, json({ role: 'admin' }, 'PATCH'))).status).toBe(200);
    for (const token of [promoted.accessToken, sameSecond.accessToken]) {
      expect((await apiClient(stack, token)('/me')).body.error?.code).toBe('SESSION_REVOKED');
    }
    const after = await signIn(stack, promoted.email, promoted.password);
    expect((await apiClient(stack, after.accessToken)('/admin/stats')).status).toBe(200);
  });
});

describe('a password change (§7)', () => {
  it('ends every other session, access and refresh tokens alike, and the new password signs in at once', async () => {
    const family = await createSignedInUser(stack);
    const phone = await signIn(stack, family.email, family.password);
    expect((await apiClient(stack, phone.accessToken)('/me')).status).toBe(200);
    await startOfASecond();
    const laptop = await signIn(stack, family.email, family.password); // most likely the change's own second
    const laptopCall = await grownUpClient(stack, { ...laptop, password: family.password });

    const changed = await laptopCall(
      '/me/password',
      json({ currentPassword: family.password, newPassword: 'Castles456' }),
    );
    expect(changed).toEqual({ status: 200, body: { changed: true } });

    for (const token of [phone.accessToken, laptop.accessToken, family.accessToken]) {
      const refused = await apiClient(stack, token)('/me');
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe('SESSION_REVOKED');
    }
    for (const refreshToken of [phone.refreshToken, laptop.refreshToken]) {
      await expect(refresh(stack, refreshToken)).rejects.toThrow();
    }
    await expect(signIn(stack, family.email, family.password)).rejects.toThrow();
    const renewed = await signIn(stack, family.email, 'Castles456');
    expect((await apiClient(stack, renewed.accessToken)('/me')).status).toBe(200);
    expect((await apiClient(stack, await refresh(stack, renewed.refreshToken))('/me')).status).toBe(200);
  });

  it('changes nothing on a wrong current password or a weak new one', async () => {
    const family = await createSignedInUser(stack);
    const call = await grownUpClient(stack, family);
    expect(await call('/me/password', json({ currentPassword: 'Wrong1234', newPassword: 'Castles456' }))).toEqual({
      status: 400,
      body: { error: { code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' } },
    });
    expect(
      (await call('/me/password', json({ currentPassword: family.password, newPassword: 'castles' }))).body,
    ).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: 'Password must be at least 8 characters' } });
    expect((await call('/me')).status).toBe(200);
    expect((await apiClient(stack, await refresh(stack, family.refreshToken))('/me')).status).toBe(200);
    expect((await signIn(stack, family.email, family.password)).accessToken).toBeTruthy();
  });
});
