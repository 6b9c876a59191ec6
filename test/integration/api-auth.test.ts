import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSignedInUser, signIn } from '../support/accounts.js';
import { decodePayload, signToken, tamper } from '../support/tokens.js';

const stack = inject('stack');
const api = (path: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}/api${path}`, init);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('HTTP API over real HTTP against the local emulators', () => {
  let family: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    family = await createSignedInUser(stack);
  });

  it('reports every dependency up on /api/health, without a token', async () => {
    const response = await api('/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; dependencies: Record<string, { status: string }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.dependencies).sort()).toEqual(['auth', 'database', 'storage']);
    for (const dependency of Object.values(body.dependencies)) expect(dependency.status).toBe('up');
  });

  it('answers a signed-in family with its own identity, taken from the token', async () => {
    const response = await api('/me', bearer(family.accessToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: decodePayload(family.accessToken).sub,
      role: 'user',
      isAdmin: false,
    });
  });

  it('sees the admin group of the seeded admin', async () => {
    const admin = await signIn(stack, stack.admin.email, stack.admin.password);
    const body = (await (await api('/me', bearer(admin.accessToken))).json()) as { role: string };
    expect(body.role).toBe('admin');
  });

  it('refuses a call without a token with a clear message', async () => {
    const response = await api('/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
  });

  it('refuses a tampered token (a family member promoting themselves to admin)', async () => {
    const forged = tamper(family.accessToken, { 'cognito:groups': ['admin'] });
    const response = await api('/me', bearer(forged));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired token even though its signature is valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken({ ...decodePayload(family.accessToken), iat: now - 7200, exp: now - 3600 });
    expect((await api('/me', bearer(expired))).status).toBe(401);
    // Control: the same minting with a future expiry is accepted, so the refusal above is about expiry.
    const fresh = signToken({ ...decodePayload(family.accessToken), iat: now, exp: now + 600 });
    expect((await api('/me', bearer(fresh))).status).toBe(200);
  });

  it('refuses a validly signed token issued to another app client or by another issuer', async () => {
    const claims = decodePayload(family.accessToken);
    expect((await api('/me', bearer(signToken({ ...claims, client_id: 'someone-else' })))).status).toBe(401);
    expect((await api('/me', bearer(signToken({ ...claims, iss: 'http://127.0.0.1:1/evil' })))).status).toBe(401);
  });

  it('refuses an ID token where an access token is required', async () => {
    expect((await api('/me', bearer(family.idToken))).status).toBe(401);
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await api('/no-such-thing', bearer(family.accessToken));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
