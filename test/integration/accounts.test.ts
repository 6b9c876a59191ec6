import {
  AdminAddUserToGroupCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parseCodeDeliveries } from '../../bin/local/cognito-local.js';
import { cognitoClient, refresh, signIn, signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
const profileKey = (sub: unknown) => ({ PK: `USER#${String(sub)}`, SK: 'PROFILE' });

describe('accounts: sign-up, profiles, suspension and roles', () => {
  it('sign-up creates a confirmed account and its profile through the Cognito triggers', async () => {
    const family = await signUp(stack, { displayName: '  Maya  ', authorName: 'Maya the Brave', ageBand: 'A' });
    const response = await api('/me', family.accessToken);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      email: family.email,
      displayName: 'Maya',
      authorName: 'Maya the Brave',
      ageBand: 'A',
      role: 'user',
      isAdmin: false,
      libraryCount: 0,
    });
    // The post-authentication trigger recorded the sign-in.
    expect(typeof profile.lastLogin).toBe('string');
  });

  it('refuses a sign-up whose details break the rules, with the SPEC message, and keeps no profile', async () => {
    await expect(signUp(stack, { displayName: 'x'.repeat(51) })).rejects.toThrow(/Display name too long/);
  });

  it('lets a family change its own names and age band, and refuses unknown fields', async () => {
    const family = await signUp(stack, { displayName: 'Leo' });
    const ok = await api('/me', family.accessToken, {
      method: 'PATCH',
      body: JSON.stringify({ displayName: 'Leo Star', authorName: '', ageBand: 'A' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ displayName: 'Leo Star', authorName: '', ageBand: 'A' });

    const bad = await api('/me', family.accessToken, { method: 'PATCH', body: JSON.stringify({ displayName: ' ' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('Display name is required');
  });

  it("cannot read or change another family's profile: the profile is always the caller's own", async () => {
    const first = await signUp(stack, { displayName: 'First' });
    const second = await signUp(stack, { displayName: 'Second' });
    const secondId = decodePayload(second.accessToken).sub;
    const attempt = await api('/me', first.accessToken, {
      method: 'PATCH',
      body: JSON.stringify({ id: secondId, displayName: 'Hacked' }),
    });
    expect(attempt.status).toBe(400);
    expect((await table.get(profileKey(secondId)))?.display_name).toBe('Second');
    const own = (await (await api('/me', first.accessToken)).json()) as { id: string; displayName: string };
    expect(own).toMatchObject({ id: decodePayload(first.accessToken).sub, displayName: 'First' });
  });

  it('refuses a suspended account at once, even with a token issued before the suspension', async () => {
    const family = await signUp(stack, { displayName: 'Sam' });
    expect((await api('/me', family.accessToken)).status).toBe(200);
    await table.set(profileKey(decodePayload(family.accessToken).sub), { suspended_at: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 3200)); // the API caches a status for at most 3 s
    const refused = await api('/me', family.accessToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account has been suspended. Please contact us if you think this is a mistake.',
      },
    });
  });

  it('reflects a role change in Cognito once the family signs in again', async () => {
    const family = await signUp(stack, { displayName: 'Mod' });
    expect(((await (await api('/me', family.accessToken)).json()) as { role: string }).role).toBe('user');
    await cognitoClient(stack).send(
      new AdminAddUserToGroupCommand({
        UserPoolId: stack.appConfig.userPoolId,
        Username: family.email,
        GroupName: 'moderator',
      }),
    );
    const again = await signIn(stack, family.email, family.password);
    expect(((await (await api('/me', again.accessToken)).json()) as { role: string }).role).toBe('moderator');
  });

  it('gives the seeded admin a profile with the admin role', async () => {
    const admin = await signIn(stack, stack.admin.email, stack.admin.password);
    expect(await (await api('/me', admin.accessToken)).json()).toMatchObject({
      role: 'admin',
      isAdmin: true,
      email: stack.admin.email,
    });
  });

  it('stores feedback from a signed-in family and refuses an empty one', async () => {
    const family = await signUp(stack, { displayName: 'Ivy' });
    const saved = await api('/feedback', family.accessToken, {
      method: 'POST',
      body: JSON.stringify({ kind: 'idea', message: 'More dragons!' }),
    });
    expect(saved.status).toBe(201);
    const empty = await api('/feedback', family.accessToken, {
      method: 'POST',
      body: JSON.stringify({ kind: 'idea', message: '   ' }),
    });
    expect(empty.status).toBe(400);
  });
});

describe('password reset and suspended sign-in', () => {
  it('resets a forgotten password with the e-mailed code (cognito-local logs it), ending every session', async () => {
    const family = await signUp(stack, { displayName: 'Forgetful' });
    // A second device, signed in before the reset.
    const other = await signIn(stack, family.email, family.password);
    const cognito = cognitoClient(stack);
    await cognito.send(
      new ForgotPasswordCommand({ ClientId: stack.appConfig.userPoolClientId, Username: family.email }),
    );
    const resetCode = () =>
      parseCodeDeliveries(readFileSync(join(stack.logDir, 'cognito-local.log'), 'utf8')).findLast(
        (d) => d.operation === 'ForgotPassword' && d.destination === family.email,
      )?.code;

    await expect.poll(resetCode, { timeout: 5000 }).toMatch(/^\d{6}$/);
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.appConfig.userPoolClientId,
        Username: family.email,
        ConfirmationCode: resetCode(),
        Password: 'NewSecret99',
      }),
    );
    await expect(signIn(stack, family.email, family.password)).rejects.toThrow();
    // Issue 34: the reset ends every session on the next call, access and refresh tokens alike (the
    // PostConfirmation_ConfirmForgotPassword trigger), as POST /api/me/password does.
    for (const token of [family.accessToken, other.accessToken]) {
      const refused = await api('/me', token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error?: { code?: string } }).error?.code).toBe('SESSION_REVOKED');
    }
    for (const refreshToken of [family.refreshToken, other.refreshToken]) {
      await expect(refresh(stack, refreshToken ?? '')).rejects.toThrow();
    }
    const renewed = await signIn(stack, family.email, 'NewSecret99');
    expect((await api('/me', renewed.accessToken ?? '')).status).toBe(200);
  });

  it('refuses the sign-in of a suspended account with a clear message', async () => {
    const family = await signUp(stack, { displayName: 'Paused' });
    await table.set(profileKey(decodePayload(family.accessToken).sub), { suspended_at: new Date().toISOString() });
    await expect(signIn(stack, family.email, family.password)).rejects.toThrow(/Your account has been suspended/);
  });
});
