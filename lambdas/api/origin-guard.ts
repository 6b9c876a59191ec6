import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ORIGIN_SECRET_HEADER } from '#common/origin-header.js';
import { errorBody } from './errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Refuses (403) every request that did not come through CloudFront: only CloudFront knows the secret it
 * adds as `x-story-magic-origin`. Compared in constant time (on digests, so lengths do not leak either).
 */
export function requireOriginSecret(secret: string): MiddlewareHandler {
  const expected = digest(secret);
  return async (c, next) => {
    const given = c.req.header(ORIGIN_SECRET_HEADER);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return c.json(errorBody('FORBIDDEN', 'This address does not serve the API; use the site.'), 403);
    }
    await next();
  };
}
