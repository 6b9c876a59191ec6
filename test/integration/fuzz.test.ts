import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { request } from 'node:http';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MAX_BODY_BYTES, routes } from '../../lambdas/api/app.js';
import { signIn, signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';

/**
 * Every route, as every kind of caller, against thousands of malformed, oversized, wrongly-typed and
 * hostile requests: no 5xx, every refusal a 4xx with a message, and the table exactly as it was.
 * FUZZ_RUNS raises the runs per route and caller (`npm run soak` does); the default keeps this under a minute.
 *
 * Every request is invalid by construction, so "the table exactly as it was" holds whatever is drawn:
 * every route that reads a body parses it with a strict schema (`z.strictObject`, common/validation), and
 * every JSON object sent carries a field no schema knows; ids in paths are drawn strings that name nothing.
 * (A route that stopped refusing unknown fields would show here as a changed table.)
 *
 * A failure prints its seed; FUZZ_SEED=<seed> replays the same requests.
 */
const stack = inject('stack');
const table = tableClient(stack);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

/**
 * One request on a connection of its own. An oversized body is refused unread (413) and the server then
 * closes that connection; fetch's pooled keep-alive connections could send the next drawn request down the
 * closing socket ("other side closed"), a client-side race that says nothing about the route under test.
 */
function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Content-Length as a browser sends it, so an oversized body is refused before it is read.
    const headers =
      init.body === undefined
        ? init.headers
        : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const req = request(url, { method: init.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Named in no request schema: a strict schema refuses any object that carries it. */
const UNKNOWN_FIELD = 'fuzzUnknownField';

/** A JSON object gets the unknown field (so no drawn body can ever be a valid one); anything else as it is. */
function invalidByConstruction(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return text;
  return JSON.stringify({ ...value, [UNKNOWN_FIELD]: true });
}

const HOSTILE = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '{"$ne":null}',
  '\u0000',
  '\uFFFF\uD800',
  '🦄'.repeat(40),
  'USER#someone',
  'STORY#x',
  'LIB#',
  '__proto__',
  'constructor',
  'x'.repeat(3000),
  '-1',
  '1e309',
  'null',
  'true',
  'RAW:%E0%A4%A',
  'RAW:%',
  'RAW:%00',
];
const hostileString = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(...HOSTILE));
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
);

/** A body: valid-looking JSON of the wrong shape, raw non-JSON text, prototype tricks, or far too much. */
const drawnBody = fc.oneof(
  { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(
          'title',
          'heroName',
          'content',
          'note',
          'role',
          'suspended',
          'isFeatured',
          'confirm',
          'kind',
          'message',
          'action',
          'userIds',
          'parameters',
          'customizations',
          'imageType',
          'mode',
          'requestId',
          'displayName',
          'ageBand',
          '__proto__',
          'constructor',
        ),
        hostileValue,
      )
      .map((value) => JSON.stringify(value)),
  },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constant('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}') },
  { weight: 1, arbitrary: fc.constant(`{"content":"${'x'.repeat(MAX_BODY_BYTES)}"}`) },
  { weight: 1, arbitrary: fc.constant('['.repeat(5000) + ']'.repeat(5000)) },
);
const body = drawnBody.map(invalidByConstruction);
const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined);
const query = fc.dictionary(fc.constantFrom('q', 'role', 'status', 'cursor', 'limit', 'x'), hostileString, {
  maxKeys: 3,
});

/** Every item of the table (a test may scan; no request path does). */
async function snapshot(): Promise<string[]> {
  const items: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.documents.send(
      new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []).map((item) => JSON.stringify(item, Object.keys(item).sort())));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort();
}

/** Earlier files may still be finishing a generation: wait until two reads a moment apart agree. */
async function settledSnapshot(): Promise<string[]> {
  let previous = await snapshot();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await snapshot();
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
}

const ALLOWED_REFUSALS = [400, 401, 403, 404, 409, 413, 415, 429];

describe('fuzzing every route as every caller', () => {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      console.error(
        `fuzz seed ${SEED}: replay with FUZZ_SEED=${SEED} npx vitest run --project integration test/integration/fuzz.test.ts`,
      );
    });
  });

  const callers: Record<string, string | undefined> = { visitor: undefined };
  let before: string[];

  beforeAll(async () => {
    callers.family = (await signUp(stack, { displayName: 'Fuzzy Family' })).accessToken;
    callers.admin = (await signIn(stack, stack.admin.email, stack.admin.password)).accessToken;
    // Make each caller's first-call side effects (a profile written back) happen before the snapshot.
    for (const token of [callers.family, callers.admin]) {
      await fetch(`${stack.apiUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    }
    before = await settledSnapshot();
  }, 120_000);

  for (const route of routes) {
    it(`${route.method} ${route.path}: never a 5xx, every refusal explained`, async () => {
      for (const [who, token] of Object.entries(callers)) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(hostileString, { minLength: 3, maxLength: 3 }),
            query,
            body,
            contentType,
            async (params, search, payload, type) => {
              let i = 0;
              // A "." or ".." segment would be resolved away by the URL itself and reach another route.
              // RAW: values are sent as they are (broken percent-escapes); the rest encoded as a browser would.
              const segment = (value: string) =>
                value.startsWith('RAW:')
                  ? value.slice(4)
                  : encodeURIComponent(
                      /^\.{1,2}$/.test(value) ? `x${value}` : value.replace(/[\uD800-\uDFFF]/g, '\uFFFD') || 'x',
                    );
              const path = route.path.replace(/:\w+/g, () => segment(params[i++] ?? ''));
              const qs = new URLSearchParams(search).toString();
              const response = await send(`${stack.apiUrl}/api${path}${qs ? `?${qs}` : ''}`, {
                method: route.method,
                headers: {
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                  ...(type ? { 'content-type': type } : {}),
                },
                ...(route.method === 'GET' ? {} : { body: payload }),
              });
              const { text } = response;
              const context = `${who} ${route.method} ${path} → ${response.status} ${text.slice(0, 200)}`;
              expect(response.status, context).toBeLessThan(500);
              if (response.status >= 400) {
                expect(ALLOWED_REFUSALS, context).toContain(response.status);
                const parsed = JSON.parse(text) as { error?: { code?: string; message?: string } };
                expect(parsed.error?.message, context).toMatch(/\S/);
              }
              // Who is calling is checked first; only an oversized body is refused earlier, unread.
              const signedIn = route.access !== 'public' && route.access !== 'reader';
              if (!token && signedIn) expect([401, 413], context).toContain(response.status);
              // A family without a grown-up grant is refused the Grown-ups only calls, as it is the admin's.
              if (who === 'family' && (route.access === 'admin' || route.access === 'grown-up')) {
                expect([403, 413], context).toContain(response.status);
              }
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }, 120_000);
  }

  it('changed nothing in the table', async () => {
    expect(await settledSnapshot()).toEqual(before);
  });
});
