import { createHash } from 'node:crypto';
import { GROWN_UP_HEADER } from '#common/family.js';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ORIGIN_SECRET_HEADER } from '#common/origin-header.js';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi, routes } from '../../lambdas/api/app.js';
import type { TokenVerifier, VerifiedToken } from '../../lambdas/api/auth/token-verifier.js';
import { createApiDeps } from '../../lambdas/api/deps.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { loadServerConfig } from '../../lambdas/runtime/config.js';
import { createServer, type Server } from 'node:http';
import { captureLogs } from '../support/logs.js';

const dynamo = mockClient(DynamoDBClient);
const s3 = mockClient(S3Client);
const documents = mockClient(DynamoDBDocumentClient);

// A JWKS endpoint for the health check's auth probe.
let jwks: Server;
let jwksUrl = '';
beforeAll(async () => {
  jwks = createServer((_req, res) => res.end('{"keys":[]}'));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const address = jwks.address();
  jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

/** A profile as the table stores it. */
const profileItem = (id: string, fields: Record<string, unknown> = {}) => ({
  PK: `USER#${id}`,
  SK: 'PROFILE',
  id,
  email: 'parent@example.com',
  display_name: 'Parent',
  author_name: '',
  age_band: 'A',
  role: 'user',
  created_at: '2026-01-01T00:00:00Z',
  ...fields,
});

beforeEach(() => {
  dynamo.reset();
  s3.reset();
  // Account status reads: s1 is suspended, o1's sessions were revoked at t=100.5 s, d1 was deleted (no
  // profile, a tombstone), everyone else is active.
  documents.reset();
  documents.on(GetCommand).resolves({ Item: { PK: 'USER#someone' } });
  for (const id of ['u1', 'a1']) {
    documents.on(GetCommand, { Key: { PK: `USER#${id}`, SK: 'PROFILE' } }).resolves({ Item: profileItem(id) });
  }
  documents
    .on(GetCommand, { Key: { PK: 'USER#s1', SK: 'PROFILE' } })
    .resolves({ Item: profileItem('s1', { suspended_at: '2026-01-01T00:00:00Z' }) });
  documents
    .on(GetCommand, { Key: { PK: 'USER#o1', SK: 'PROFILE' } })
    .resolves({ Item: profileItem('o1', { sessions_revoked_at: 100_500 }) });
  documents.on(GetCommand, { Key: { PK: 'USER#d1', SK: 'PROFILE' } }).resolves({});
  documents
    .on(GetCommand, { Key: { PK: 'DELETED#d1', SK: 'ACCOUNT' } })
    .resolves({ Item: { PK: 'DELETED#d1', SK: 'ACCOUNT' } });
});

const callers: Record<string, VerifiedToken> = {
  'user-token': { userId: 'u1', username: 'u1', groups: [], role: 'user', issuedAt: 1, session: 'session-user-token' },
  'admin-token': {
    userId: 'a1',
    username: 'a1',
    groups: ['admin'],
    role: 'admin',
    issuedAt: 1,
    session: 'session-admin-token',
  },
  'suspended-token': {
    userId: 's1',
    username: 's1',
    groups: [],
    role: 'user',
    issuedAt: 1,
    session: 'session-suspended-token',
  },
  'old-token': {
    userId: 'o1',
    username: 'o1',
    groups: ['admin'],
    role: 'admin',
    issuedAt: 99,
    session: 'session-old-token',
  },
  'same-second-token': {
    userId: 'o1',
    username: 'o1',
    groups: ['admin'],
    role: 'admin',
    issuedAt: 100,
    session: 'session-same-second-token',
  },
  'next-second-token': {
    userId: 'o1',
    username: 'o1',
    groups: ['admin'],
    role: 'admin',
    issuedAt: 101,
    session: 'session-next-second-token',
  },
  'deleted-token': {
    userId: 'd1',
    username: 'd1',
    groups: ['admin'],
    role: 'admin',
    issuedAt: 1,
    session: 'session-deleted-token',
  },
};
const tokens: TokenVerifier = {
  verify: async (token) => {
    const caller = callers[token];
    if (!caller) throw new Error('bad token');
    return caller;
  },
};

function app(env: Record<string, string> = {}) {
  const config = loadServerConfig({
    ...env,
    TABLE_NAME: 't',
    MEDIA_BUCKET: 'b',
    USER_POOL_ID: 'p',
    AUTH_ISSUER: 'http://127.0.0.1/p',
    AUTH_JWKS_URI: jwksUrl,
    AUTH_CLIENT_ID: 'c',
  });
  return createApi(createApiDeps(config, createAwsClients(config), tokens, { start: async () => undefined }));
}

describe('API app', () => {
  it('declares who may call every route: only health is public, and the Grown-ups only calls are gated', () => {
    const named = (access: string) =>
      routes
        .filter((r) => r.access === access)
        .map((r) => `${r.method} ${r.path}`)
        .sort();
    for (const route of routes) expect(['public', 'reader', 'user', 'grown-up', 'admin']).toContain(route.access);
    expect(named('public')).toEqual(['GET /health']);
    // Issue 36: profile and password, children, the family's data, feedback, the PIN, the share link.
    expect(named('grown-up')).toEqual(
      [
        'PATCH /me',
        'POST /me/password',
        'GET /me/export',
        'DELETE /me',
        'POST /feedback',
        'POST /children',
        'PATCH /children/:childId',
        'GET /children/:childId/export',
        'DELETE /children/:childId',
        'PUT /grown-up/pin',
        'PUT /stories/:id/sharing',
        'GET /approvals',
        'POST /stories/:id/approval',
      ].sort(),
    );
    // Read by anyone while its share link is open: the story, how far it is made, and its narration.
    expect(named('reader')).toEqual(
      ['GET /stories/:id', 'GET /stories/:id/status', 'GET /stories/:id/narration/:part'].sort(),
    );
  });

  it('refuses every signed-in route without a token, and every route with a bad token', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const path = `/api${route.path.replace(/:(\w+)/g, 'x')}`;
      if (route.access !== 'reader') {
        const anonymous = await app().request(path, { method: route.method });
        expect(anonymous.status, `${route.method} ${route.path}`).toBe(401);
      }
      const forged = await app().request(path, { method: route.method, headers: { authorization: 'Bearer nope' } });
      expect(forged.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('reports health "ok" with every dependency up', async () => {
    dynamo.on(DescribeTableCommand).resolves({});
    s3.on(HeadBucketCommand).resolves({});
    const response = await app().request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      dependencies: { database: { status: 'up' }, storage: { status: 'up' }, auth: { status: 'up' } },
    });
  });

  it('reports health "degraded" (503) naming the dependency that is down', async () => {
    dynamo.on(DescribeTableCommand).rejects(new Error('connect ECONNREFUSED'));
    s3.on(HeadBucketCommand).resolves({});
    const response = await app().request('/api/health');
    expect(response.status).toBe(503);
    const body = (await response.json()) as {
      status: string;
      dependencies: Record<string, { status: string; error?: string }>;
    };
    expect(body.status).toBe('degraded');
    expect(body.dependencies.database).toMatchObject({ status: 'down', error: 'connect ECONNREFUSED' });
    expect(body.dependencies.storage?.status).toBe('up');
  });

  it('answers an unknown route with a JSON 404 and sets security headers', async () => {
    const response = await app().request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such route: GET /api/nothing-here' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a suspended account with a clear message, whatever its token says', async () => {
    const response = await app().request('/api/me', { headers: { authorization: 'Bearer suspended-token' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account has been suspended. Please contact us if you think this is a mistake.',
      },
    });
  });

  it('logs an unexpected failure with its request id, without the body, the token or anything personal', async () => {
    documents.on(PutCommand).rejects(new Error('table is on fire'));
    // Feedback is Grown-ups only: this call carries a live grant.
    const grant = 'grant-token';
    documents.on(GetCommand, { Key: { SK: `GRANT#${createHash('sha256').update(grant).digest('hex')}` } }).resolves({
      Item: {
        granted_at: new Date().toISOString(),
        expires_at: Math.floor(Date.now() / 1000) + 60,
        session: 'session-user-token',
        token_issued_at: 1,
      },
    });
    const logs = captureLogs();
    let response: Response;
    try {
      response = await app().request(
        '/api/feedback',
        {
          method: 'POST',
          headers: {
            authorization: 'Bearer user-token',
            'content-type': 'application/json',
            [GROWN_UP_HEADER]: grant,
          },
          body: JSON.stringify({ kind: 'idea', message: 'Maya Smith, maya@example.com, loves dragons' }),
        },
        // What hono/aws-lambda passes on from API Gateway.
        { requestContext: { requestId: 'req-7' } },
      );
    } finally {
      logs.stop();
    }
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'unhandled',
        correlationId: 'req-7',
        route: '/api/feedback',
        errorMessage: 'table is on fire',
      }),
    );
    expect(logs.text()).not.toMatch(/Maya|maya@example|user-token|dragons|grant-token/);
  });

  it('counts a rate-limit refusal in the metrics', async () => {
    documents.on(GetCommand, { Key: { SK: 'META' } }).resolves({});
    documents.on(GetCommand, { Key: { SK: 'CHILD#u1' } }).resolves({}); // the first child's item: not made yet
    documents.on(UpdateCommand).rejects(Object.assign(new Error('limit'), { name: 'ConditionalCheckFailedException' }));
    const logs = captureLogs();
    let response: Response;
    try {
      response = await app().request('/api/stories', {
        method: 'POST',
        headers: { authorization: 'Bearer user-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          heroName: 'Maya',
          characterType: 'Surprise',
          storyType: 'Adventure',
          mission: 'Treasure',
          artStyle: 'anime',
        }),
      });
    } finally {
      logs.stop();
    }
    expect(response.status).toBe(429);
    expect(logs.lines).toContainEqual(expect.objectContaining({ RateLimitRefused: 1 }));
  });

  it('reads the profile once for a new story: the account check and the create share one GetItem', async () => {
    documents.on(GetCommand, { Key: { SK: 'META' } }).resolves({}); // no earlier story of this request
    documents.on(GetCommand, { Key: { SK: 'CHILD#u1' } }).resolves({}); // the first child's item: not made yet
    documents.on(UpdateCommand).resolves({}); // the rate-limit window
    documents.on(TransactWriteCommand).resolves({}); // the story and its library slot
    const response = await app().request('/api/stories', {
      method: 'POST',
      headers: { authorization: 'Bearer user-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        heroName: 'Maya',
        characterType: 'Explorer',
        storyType: 'Adventure',
        mission: 'Treasure',
        artStyle: 'anime',
      }),
    });
    expect(response.status).toBe(202);
    const reads = documents.commandCalls(GetCommand).map((call) => call.args[0].input.Key);
    expect(reads.filter((key) => key?.SK === 'PROFILE')).toEqual([{ PK: 'USER#u1', SK: 'PROFILE' }]);
    // The rest: the founding child's item and the story id (a repeated request answers its story).
    expect(reads).toHaveLength(3);
    // The one read is strongly consistent: a suspension applies to the very next call.
    expect(documents.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
  });

  it("refuses a token issued before or in the revocation's second, and accepts one issued after", async () => {
    for (const token of ['old-token', 'same-second-token']) {
      const response = await app().request('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, token).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('SESSION_REVOKED');
    }
    documents.on(GetCommand, { Key: { PK: 'STATS', SK: 'GLOBAL' } }).resolves({ Item: { profiles: 1 } });
    const after = await app().request('/api/admin/stats', { headers: { authorization: 'Bearer next-second-token' } });
    expect(after.status).toBe(200);
  });

  it("refuses a deleted account's token without asking Cognito or re-creating its profile", async () => {
    const response = await app().request('/api/admin/users', { headers: { authorization: 'Bearer deleted-token' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'This account no longer exists.' },
    });
    expect(documents.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('server configuration', () => {
  it('names every missing setting', () => {
    expect(() => loadServerConfig({ TABLE_NAME: 't' })).toThrow(
      /MEDIA_BUCKET.*USER_POOL_ID|USER_POOL_ID.*MEDIA_BUCKET/s,
    );
  });

  it('defaults to the offline story provider and refuses an unknown one', () => {
    const base = {
      TABLE_NAME: 't',
      MEDIA_BUCKET: 'b',
      USER_POOL_ID: 'p',
      AUTH_ISSUER: 'https://i',
      AUTH_JWKS_URI: 'https://j',
      AUTH_CLIENT_ID: 'c',
    };
    expect(loadServerConfig(base).storyProvider).toBe('local');
    expect(() => loadServerConfig({ ...base, STORY_PROVIDER: 'openai' })).toThrow(/STORY_PROVIDER/);
  });
});

describe('the API behind CloudFront (AWS)', () => {
  const SECRET = 'a'.repeat(20) + 'Zq9'.repeat(10);
  const inAws = () => app({ ORIGIN_SECRET: SECRET });
  beforeEach(() => {
    dynamo.on(DescribeTableCommand).resolves({});
    s3.on(HeadBucketCommand).resolves({});
  });

  it('refuses every request without the origin secret CloudFront adds: the execute-api URL serves nothing', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { [ORIGIN_SECRET_HEADER]: '' },
      { [ORIGIN_SECRET_HEADER]: SECRET.slice(0, -1) },
      { [ORIGIN_SECRET_HEADER]: `${SECRET}0` },
      { [ORIGIN_SECRET_HEADER]: SECRET.toUpperCase() },
    ]) {
      const health = await inAws().request('/api/health', { headers });
      expect(health.status).toBe(403);
      expect(await health.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      const signedIn = await inAws().request('/api/me', {
        headers: { ...headers, authorization: 'Bearer user-token' },
      });
      expect(signedIn.status).toBe(403);
    }
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(0);
    expect(documents.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('serves requests CloudFront forwarded, and checks nothing locally, where no other URL exists', async () => {
    expect((await inAws().request('/api/health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(200);
    expect((await app().request('/api/health')).status).toBe(200);
  });
});
