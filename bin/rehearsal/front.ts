import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Script, createContext } from 'node:vm';
import type { S3Client } from '@aws-sdk/client-s3';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { LOOPBACK } from '../local/ports.js';
import type { LambdaFunctionPool } from './lambda-service.js';
import { checkSignedCookies, parseCookieHeader, refusalBody } from '../../lambdas/adapters/media-signing.js';

/**
 * The front: one HTTP server standing where CloudFront and API Gateway stand, built from the template's
 * distribution and HTTP API (bin/rehearsal/stand-ins.ts reads them). As CloudFront: the cache behaviours in
 * order (path pattern, allowed methods), the viewer-request CloudFront Function run on its own code, the S3
 * origins read through origin access control (a missing object is 403, as S3 answers a caller without
 * ListBucket), a behaviour's trusted key groups (no valid signed cookies for the path: CloudFront's 403), the API origin sent the template's origin custom headers (the origin secret) and every viewer
 * header but Host, and each behaviour's response headers policy applied. As API Gateway (HTTP API, payload
 * format 2.0): the routes by their route keys, the JWT authorizer (issuer, audience or client_id, expiry),
 * the stage's throttling (a token bucket of its rate and burst), the 30 s integration timeout, and the answers
 * API Gateway itself gives (`{"message":"Unauthorized"}`, `Too Many Requests`, `Internal Server Error`,
 * `Service Unavailable`, `Not Found`).
 */

export type HeadersPolicy = Readonly<{ set: readonly { name: string; value: string; override: boolean }[] }>;

export type FrontOrigin =
  | Readonly<{ kind: 's3'; bucket: string; originPath: string }>
  | Readonly<{ kind: 'api'; customHeaders: Readonly<Record<string, string>>; host: string }>;

export type FrontBehavior = Readonly<{
  /** Undefined for the default behaviour. */
  pathPattern: string | undefined;
  allowedMethods: readonly string[];
  origin: FrontOrigin;
  /** The viewer-request CloudFront Function's code, if any. */
  viewerRequest: string | undefined;
  headersPolicy: HeadersPolicy | undefined;
  /** The public keys of the behaviour's trusted key groups, by key pair id: requests need signed cookies. */
  trustedKeys: ReadonlyMap<string, string> | undefined;
}>;

export type HttpApiRoute = Readonly<{ method: string; path: string; routeKey: string; jwt: boolean }>;

export type HttpApiModel = Readonly<{
  apiId: string;
  routes: readonly HttpApiRoute[];
  authorizer: Readonly<{ issuer: string; audiences: readonly string[] }> | undefined;
  throttle: Readonly<{ rate: number; burst: number }> | undefined;
  integration: LambdaFunctionPool;
  /** HTTP API's integration timeout (30 s at most). */
  timeoutMs: number;
}>;

export type FrontModel = Readonly<{
  behaviors: readonly FrontBehavior[];
  /**
   * Cognito's public API, which a browser calls on its own origin in AWS (cognito-idp.<region>.amazonaws.com,
   * allowed by the content security policy): here proxied on the site's origin at this path, so the same
   * policy lets the browser reach cognito-local. Not a behaviour of the distribution.
   */
  cognitoProxy: Readonly<{ path: string; target: string }>;
  defaultRootObject: string | undefined;
  api: HttpApiModel;
  region: string;
  accountId: string;
}>;

export type FrontFigures = Readonly<{
  requests: number;
  throttled: number;
  apiErrors: number;
  statuses: Readonly<Record<number, number>>;
}>;

export type Front = Readonly<{
  url: string;
  /** The HTTP API's own address (execute-api), which skips CloudFront: the API must refuse what comes this way. */
  apiUrl: string;
  figures(): FrontFigures;
  stop(): Promise<void>;
}>;

/** CloudFront path patterns: `*` any characters (slashes too), `?` one; matched case-sensitively. */
function patternMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  return regex.test(path.startsWith('/') ? path : `/${path}`) || regex.test(path.replace(/^\//, ''));
}

/** Runs a cloudfront-js-2.0 viewer-request function on CloudFront's event shape. */
function runViewerRequest(code: string, request: ViewerRequest): ViewerRequest | ViewerResponse {
  const context = createContext({});
  const handler = new Script(`${code}\n;handler`).runInContext(context) as (event: unknown) => unknown;
  const result = handler({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: LOOPBACK },
    request,
  }) as ViewerRequest | ViewerResponse;
  return result;
}

type ViewerRequest = {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
};
type ViewerResponse = { statusCode: number; statusDescription?: string; headers?: Record<string, { value: string }> };

const TEXT_TYPES = /^(text\/|application\/(json|[a-z.+-]*\+json|xml|javascript|x-www-form-urlencoded))/i;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** API Gateway's route selection: the most specific route key matching the method and path. */
export function selectRoute(routes: readonly HttpApiRoute[], method: string, path: string) {
  const candidates = routes.flatMap((route) => {
    if (route.method !== 'ANY' && route.method !== method) return [];
    const template = route.path.split('/');
    const actual = path.split('/');
    const parameters: Record<string, string> = {};
    let score = 0;
    for (let i = 0; i < template.length; i += 1) {
      const segment = template[i] ?? '';
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        const rest = actual.slice(i).join('/');
        if (!rest) return [];
        parameters[greedy[1] ?? 'proxy'] = rest;
        return [{ route, parameters, score: score * 10 + (route.method === 'ANY' ? 0 : 1) }];
      }
      if (i >= actual.length) return [];
      const parameter = /^\{(\w+)\}$/.exec(segment);
      if (parameter) parameters[parameter[1] ?? ''] = actual[i] ?? '';
      else if (segment !== actual[i]) return [];
      score += parameter ? 1 : 2;
    }
    if (actual.length !== template.length) return [];
    return [{ route, parameters, score: score * 10 + 5 + (route.method === 'ANY' ? 0 : 1) }];
  });
  return candidates.sort((a, b) => b.score - a.score)[0];
}

/** A token bucket: `rate` tokens a second, holding at most `burst`. */
function tokenBucket(rate: number, burst: number) {
  let tokens = burst;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export async function startFront(model: FrontModel, s3: S3Client, port = 0): Promise<Front> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const statuses: Record<number, number> = {};
  let requests = 0;
  let throttled = 0;
  let apiErrors = 0;
  const api = model.api;
  const takeToken = api.throttle ? tokenBucket(api.throttle.rate, api.throttle.burst) : () => true;
  const jwksFetcher = {
    async fetch(uri: string) {
      const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`JWKS ${uri}: ${response.status}`);
      return response.arrayBuffer();
    },
  };
  const verifier = api.authorizer
    ? JwtRsaVerifier.create(
        { issuer: api.authorizer.issuer, audience: null, jwksUri: `${api.authorizer.issuer}/.well-known/jwks.json` },
        { jwksCache: new SimpleJwksCache({ fetcher: jwksFetcher }) },
      )
    : undefined;

  type Answer = { status: number; headers: Record<string, string | string[]>; body: Buffer };
  const json = (status: number, message: string, extra: Record<string, string> = {}): Answer => ({
    status,
    headers: { 'content-type': 'application/json', ...extra },
    body: Buffer.from(JSON.stringify({ message })),
  });

  /** API Gateway: authorizer, throttling, the Lambda proxy integration (payload 2.0). */
  async function apiGateway(method: string, url: URL, headers: Record<string, string>, body: Buffer): Promise<Answer> {
    const requestId = `${randomBytes(6).toString('base64url')}=`;
    const withId = (answer: Answer): Answer => ({
      ...answer,
      headers: { ...answer.headers, 'apigw-requestid': requestId },
    });
    const selected = selectRoute(api.routes, method, url.pathname);
    if (!selected) return withId(json(404, 'Not Found'));
    if (!takeToken()) {
      throttled += 1;
      return withId(json(429, 'Too Many Requests'));
    }
    let claims: Record<string, unknown> | undefined;
    if (selected.route.jwt && verifier && api.authorizer) {
      const token = (headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (!token) return withId(json(401, 'Unauthorized', { 'www-authenticate': 'Bearer' }));
      try {
        claims = (await verifier.verify(token)) as Record<string, unknown>;
        const audiences = api.authorizer.audiences;
        const audienceClaim = claims.aud ?? claims.client_id;
        const audienceList = Array.isArray(audienceClaim) ? audienceClaim : [audienceClaim];
        if (!audienceList.some((each) => audiences.includes(String(each)))) throw new Error('audience');
      } catch {
        return withId(
          json(401, 'Unauthorized', {
            'www-authenticate': 'Bearer error="invalid_token" error_description="the token is not valid"',
          }),
        );
      }
    }
    const cookieHeader = headers.cookie;
    const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'cookie'));
    const contentType = headers['content-type'] ?? '';
    const binary = body.length > 0 && !TEXT_TYPES.test(contentType);
    const query = url.searchParams;
    const queryStringParameters: Record<string, string> = {};
    for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: selected.route.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      ...(cookieHeader ? { cookies: cookieHeader.split(/;\s*/) } : {}),
      headers: forwarded,
      ...(query.size ? { queryStringParameters } : {}),
      requestContext: {
        accountId: model.accountId,
        apiId: api.apiId,
        domainName: forwarded.host ?? '',
        domainPrefix: api.apiId,
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: LOOPBACK,
          userAgent: forwarded['user-agent'] ?? '',
        },
        requestId,
        routeKey: selected.route.routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims
          ? {
              authorizer: {
                jwt: {
                  claims: Object.fromEntries(
                    Object.entries(claims).map(([key, value]) => [
                      key,
                      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
                    ]),
                  ),
                  scopes: null,
                },
              },
            }
          : {}),
      },
      ...(Object.keys(selected.parameters).length ? { pathParameters: selected.parameters } : {}),
      ...(body.length ? { body: binary ? body.toString('base64') : body.toString('utf8') } : {}),
      isBase64Encoded: binary,
    };
    const outcome = await Promise.race([
      api.integration.invoke(event),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), api.timeoutMs).unref()),
    ]);
    if (outcome === 'timeout') {
      apiErrors += 1;
      return withId(json(503, 'Service Unavailable'));
    }
    if (!outcome.ok) {
      apiErrors += 1;
      return withId(json(500, 'Internal Server Error'));
    }
    const result = JSON.parse(outcome.payload) as unknown;
    if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
      return withId({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(result)),
      });
    }
    const answer = result as {
      statusCode: number;
      headers?: Record<string, string>;
      cookies?: string[];
      body?: string;
      isBase64Encoded?: boolean;
    };
    const responseHeaders: Record<string, string | string[]> = { ...(answer.headers ?? {}) };
    if (answer.cookies?.length) responseHeaders['set-cookie'] = answer.cookies;
    return withId({
      status: answer.statusCode,
      headers: responseHeaders,
      body: Buffer.from(answer.body ?? '', answer.isBase64Encoded ? 'base64' : 'utf8'),
    });
  }

  /** An S3 origin through origin access control. */
  async function s3Origin(
    origin: Extract<FrontOrigin, { kind: 's3' }>,
    key: string,
    range: string | undefined,
  ): Promise<Answer> {
    try {
      const object = await s3.send(
        new GetObjectCommand({
          Bucket: origin.bucket,
          Key: `${origin.originPath}${key}`.replace(/^\//, ''),
          Range: range,
        }),
      );
      const headers: Record<string, string> = {};
      if (object.ContentType) headers['content-type'] = object.ContentType;
      if (object.CacheControl) headers['cache-control'] = object.CacheControl;
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      headers['accept-ranges'] = 'bytes';
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      return { status: object.ContentRange ? 206 : 200, headers, body };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') {
        return {
          status: 403,
          headers: { 'content-type': 'application/xml' },
          body: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
          ),
        };
      }
      throw error;
    }
  }

  /** The origin's headers with the policy's added: an origin's own header stays unless the policy overrides it. */
  function withPolicy(
    policy: HeadersPolicy | undefined,
    headers: Record<string, string | string[]>,
  ): Record<string, string | string[]> {
    const result = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    for (const { name, value, override } of policy?.set ?? []) {
      if (override || !result.has(name)) result.set(name, value);
    }
    return Object.fromEntries(result);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requests += 1;
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? LOOPBACK}`);
    if (url.pathname.replace(/\/$/, '') === model.cognitoProxy.path) {
      const answer = await fetch(model.cognitoProxy.target, {
        method,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([name, value]) => typeof value === 'string' && name !== 'host'),
        ) as Record<string, string>,
        ...(method === 'POST' ? { body: await readBody(request) } : {}),
      });
      const headers = Object.fromEntries(
        [...answer.headers].filter(
          ([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name),
        ),
      );
      response.writeHead(answer.status, headers);
      response.end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    const behavior =
      model.behaviors.find(
        (each) => each.pathPattern !== undefined && patternMatches(each.pathPattern, url.pathname),
      ) ?? model.behaviors.find((each) => each.pathPattern === undefined);
    const send = (answer: Answer) => {
      const headers = withPolicy(behavior?.headersPolicy, answer.headers);
      headers.via = '1.1 rehearsal.cloudfront.net (CloudFront)';
      headers['x-cache'] = 'Miss from cloudfront';
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      response.writeHead(answer.status, headers);
      response.end(method === 'HEAD' ? undefined : answer.body);
    };
    if (!behavior) return send(json(404, 'Not Found'));
    if (!behavior.allowedMethods.includes(method)) {
      return send({
        status: 403,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(
          'This distribution is not configured to allow the HTTP request method that was used for this request.',
        ),
      });
    }
    const viewerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) viewerHeaders[name] = Array.isArray(value) ? value.join(',') : value;
    }
    let uri = url.pathname;
    if (behavior.viewerRequest) {
      const result = runViewerRequest(behavior.viewerRequest, {
        method,
        uri,
        querystring: Object.fromEntries([...url.searchParams].map(([key, value]) => [key, { value }])),
        headers: Object.fromEntries(Object.entries(viewerHeaders).map(([key, value]) => [key, { value }])),
        cookies: {},
      });
      if ('statusCode' in result) {
        return send({
          status: result.statusCode,
          headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([key, { value }]) => [key, value])),
          body: Buffer.alloc(0),
        });
      }
      uri = result.uri;
    }
    if (behavior.trustedKeys) {
      const refusal = checkSignedCookies({
        cookies: parseCookieHeader(viewerHeaders.cookie),
        url: `https://${url.host}${uri}`,
        trustedKeys: behavior.trustedKeys,
      });
      if (refusal) {
        return send({ status: 403, headers: { 'content-type': 'text/xml' }, body: Buffer.from(refusalBody(refusal)) });
      }
    }
    const origin = behavior.origin;
    if (origin.kind === 's3') {
      const key = uri === '/' && model.defaultRootObject ? `/${model.defaultRootObject}` : uri;
      return send(await s3Origin(origin, decodeURIComponent(key), viewerHeaders.range));
    }
    // AllViewerExceptHostHeader: every viewer header but Host; then the origin's custom headers.
    const forwarded: Record<string, string> = { ...viewerHeaders };
    delete forwarded.host;
    delete forwarded.connection;
    const body = await readBody(request);
    const answer = await apiGateway(
      method,
      url,
      {
        ...forwarded,
        host: origin.host,
        'x-forwarded-for': LOOPBACK,
        'x-amz-cf-id': randomBytes(18).toString('base64url'),
        via: '1.1 rehearsal.cloudfront.net (CloudFront)',
        ...origin.customHeaders,
      },
      body,
    );
    return send(answer);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('front:', error);
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('502 Bad Gateway (the rehearsal front)');
    });
  });
  const direct: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', `http://${LOOPBACK}`);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const answer = await apiGateway(request.method ?? 'GET', url, headers, await readBody(request));
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  await new Promise<void>((resolve) => direct.listen(0, LOOPBACK, resolve));
  const close = (each: Server) =>
    new Promise<void>((resolve) => {
      each.closeAllConnections();
      each.close(() => resolve());
    });
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    apiUrl: `http://${LOOPBACK}:${(direct.address() as AddressInfo).port}`,
    figures: () => ({ requests, throttled, apiErrors, statuses }),
    stop: async () => {
      await Promise.all([close(server), close(direct)]);
    },
  };
}
