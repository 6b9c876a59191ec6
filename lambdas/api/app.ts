import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { countMetric, errorFields, log, publishMetrics, withCorrelationId } from '../runtime/observability.js';
import { GrownUpRequiredError, RateLimitedError } from '../use-cases/errors.js';
import { CHILD_HEADER, GROWN_UP_HEADER } from '#common/family.js';
import type { ApiDeps } from './deps.js';
import { ApiError, apiErrorOf, errorBody } from './errors.js';
import { requireOriginSecret } from './origin-guard.js';
import { createAccountStatusCheck } from './auth/account-status.js';
import { isRevoked } from './auth/revocation.js';
import { bearerToken } from './auth/token-verifier.js';
import { adminStatsRoutes } from './routes/admin/stats.js';
import { adminStoryRoutes } from './routes/admin/stories.js';
import { adminTemplateRoutes } from './routes/admin/templates.js';
import { adminUserRoutes } from './routes/admin/users.js';
import { featuredRoutes } from './routes/featured.js';
import { feedbackRoutes } from './routes/feedback.js';
import { healthRoutes } from './routes/health.js';
import { libraryRoutes } from './routes/library.js';
import { approvalRoutes } from './routes/approval.js';
import { meRoutes } from './routes/me.js';
import { childRoutes } from './routes/children.js';
import { grownUpRoutes } from './routes/grown-up.js';
import { storyImageRoutes } from './routes/story-images.js';
import { narrationRoutes } from './routes/narration.js';
import { storyTextRoutes } from './routes/story-text.js';
import { storyRoutes } from './routes/stories.js';
import type { Access, Env, RouteDefinition } from './routes/route.js';

/** Request bodies above this are refused (413) before they are read. */
export const MAX_BODY_BYTES = 128 * 1024;

/** Every route of the API, in one list: the app registers them and the authorization tests walk them. */
export const routes: readonly RouteDefinition[] = [
  ...healthRoutes,
  ...meRoutes,
  ...childRoutes,
  ...grownUpRoutes,
  ...feedbackRoutes,
  ...storyRoutes,
  ...storyImageRoutes,
  ...narrationRoutes,
  ...storyTextRoutes,
  ...libraryRoutes,
  ...approvalRoutes,
  ...featuredRoutes,
  ...adminStatsRoutes,
  ...adminUserRoutes,
  ...adminStoryRoutes,
  ...adminTemplateRoutes,
];

/** Header values longer than any id or grant token name nothing. */
const MAX_HEADER_VALUE = 128;
const headerValue = (value: string | undefined) => (value && value.length <= MAX_HEADER_VALUE ? value : undefined);

function authorize(
  access: Access,
  deps: ApiDeps,
  assertActive: ReturnType<typeof createAccountStatusCheck>,
): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (access === 'public') {
      c.set('caller', undefined);
      return next();
    }
    const token = bearerToken(c.req.header('authorization'));
    if (!token && access === 'reader') {
      c.set('caller', undefined);
      return next();
    }
    if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    let verified;
    try {
      verified = await deps.tokens.verify(token);
    } catch {
      throw new ApiError(401, 'UNAUTHENTICATED', 'Your session has expired or is invalid. Please sign in again.');
    }
    const profile = await assertActive(verified);
    if (access === 'admin') {
      if (verified.role !== 'admin') throw new ApiError(403, 'FORBIDDEN', 'This area is for admins only.');
      c.set('caller', { ...verified, profile });
      return next();
    }
    // The child the call acts for (the first, unless it names another of the family), and whether a
    // grown-up unlocked this session: read only when the call carries the headers.
    const grant = headerValue(c.req.header(GROWN_UP_HEADER));
    const [child, grownUp] = await Promise.all([
      deps.family.resolve(profile, headerValue(c.req.header(CHILD_HEADER))),
      grant
        ? deps.grownUpGate.isGranted(
            {
              userId: verified.userId,
              session: verified.session,
              isRevoked: (issuedAt) => isRevoked(issuedAt, profile.sessions_revoked_at),
            },
            grant,
          )
        : false,
    ]);
    if (access === 'grown-up' && !grownUp) throw new GrownUpRequiredError();
    c.set('caller', { ...verified, profile, childId: child.childId, grownUp });
    return next();
  };
}

/**
 * Private media: an answer that shows media of a story (its pictures, a card's cover, a part's narration)
 * also hands the browser that story's signed cookies, so it can load them and no other browser can. The
 * route names the stories it showed (`showsMediaOf`), as its use case decided who may see them; on every
 * read the grant is renewed. Nothing found in an answer's text is signed: a family writes its titles.
 */
function grantMediaShown(deps: ApiDeps): MiddlewareHandler<Env> {
  return async (c, next) => {
    await next();
    const grants = deps.mediaGrants;
    const storyIds = c.get('mediaShown') ?? [];
    if (!grants || storyIds.length === 0 || c.res.status >= 300) return;
    // CloudFront answers viewers over HTTPS only; the local stack and the rehearsal serve plain-http loopback.
    const secure = c.req.header('x-forwarded-proto') === 'https';
    for (const cookie of await grants.cookiesFor(storyIds, { secure }))
      c.header('Set-Cookie', cookie, { append: true });
  };
}

/** Every id in a path (stories, users, images, notes, templates) is a UUID or a Cognito sub. */
const MAX_ID_LENGTH = 128;

/** An id far longer than any real one names nothing (and would exceed DynamoDB's key size): not found. */
const refuseOverlongIds: MiddlewareHandler<Env> = async (c, next) => {
  if (Object.values(c.req.param() as Record<string, string>).some((value) => value.length > MAX_ID_LENGTH)) {
    throw new ApiError(404, 'NOT_FOUND', 'Not found');
  }
  return next();
};

/**
 * Every request runs with a correlation id (API Gateway's request id in AWS, a fresh one locally) that its
 * log lines carry and its answer names, so an operator can find a family's failed request; the metrics it
 * counted are flushed as it ends.
 */
const observeRequest: MiddlewareHandler<Env> = async (c, next) => {
  const lambdaEvent = c.env as { requestContext?: { requestId?: string } } | undefined;
  await withCorrelationId(lambdaEvent?.requestContext?.requestId, async () => {
    try {
      await next();
    } finally {
      publishMetrics();
    }
  });
};

/**
 * The HTTP API: one Hono app, served by `@hono/node-server` locally and wrapped by `hono/aws-lambda`
 * in AWS. Routes live under `/api` because CloudFront forwards `/api/*` unchanged.
 */
export function createApi(deps: ApiDeps): Hono<Env> {
  const app = new Hono<Env>().basePath('/api');
  app.use('*', observeRequest);
  app.use('*', secureHeaders());
  // In AWS only: the execute-api URL bypasses CloudFront and its web ACL, so requests must carry its secret.
  if (deps.config.originSecret) app.use('*', requireOriginSecret(deps.config.originSecret));
  app.use(
    '*',
    cors({
      // Only the app's own origins; any other origin gets no CORS headers, so browsers keep its pages out.
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['authorization', 'content-type', CHILD_HEADER, GROWN_UP_HEADER],
      maxAge: 600,
    }),
  );
  // The largest honest body is a story edit (20,000 characters); anything far beyond is refused unread.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('BODY_TOO_LARGE', 'The request is too large.'), 413),
    }),
  );

  app.use('*', grantMediaShown(deps));

  const assertActive = createAccountStatusCheck(deps.profiles, deps.provisionProfile);
  for (const route of routes) {
    app.on(route.method, route.path, authorize(route.access, deps, assertActive), refuseOverlongIds, (c) =>
      route.handle(c, deps),
    );
  }

  app.notFound((c) => c.json(errorBody('NOT_FOUND', `No such route: ${c.req.method} ${c.req.path}`), 404));
  app.onError((error, c) => {
    if (error instanceof RateLimitedError) {
      countMetric('RateLimitRefused');
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody('RATE_LIMITED', error.message, { retryAfter: error.retryAfterSeconds }), 429);
    }
    const answer = apiErrorOf(error);
    if (answer) return c.json(errorBody(answer.code, answer.message, answer.details), answer.status);
    // Unexpected: log the error (never the request body or token) and answer without internals.
    log.error('unhandled', { route: routePath(c), method: c.req.method, ...errorFields(error) });
    return c.json(errorBody('INTERNAL', 'Something went wrong'), 500);
  });
  return app;
}
