import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPublicKey } from 'node:crypto';
import { checkSignedCookies, parseCookieHeader, refusalBody } from '../../lambdas/adapters/media-signing.js';

/** The public keys CloudFront's key group trusts, by key pair id. */
export type TrustedMediaKeys = ReadonlyMap<string, string>;

/**
 * What CloudFront's trusted key group does on `/media/*` (lib/constructs/web.ts), for the local web server:
 * a request without a valid signed grant for its path gets CloudFront's 403 and never reaches the bucket.
 */
export function mediaGate(opts: { mediaBasePath: string; trustedKeys: TrustedMediaKeys; siteUrl: string }) {
  const keys = new Map([...opts.trustedKeys].map(([id, pem]) => [id, createPublicKey(pem)]));
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = req.url?.split('?')[0] ?? '';
    if (!path.startsWith(`${opts.mediaBasePath}/`)) return next();
    const url = new URL(path, opts.siteUrl);
    // A path that normalises to another (`..`, encoded dots) is checked as one thing and served as another.
    const refusal =
      url.pathname !== path
        ? 'AccessDenied'
        : checkSignedCookies({ cookies: parseCookieHeader(req.headers.cookie), url: url.href, trustedKeys: keys });
    if (!refusal) return next();
    res.statusCode = 403;
    res.setHeader('content-type', 'text/xml');
    res.setHeader('cache-control', 'no-store');
    res.end(refusalBody(refusal));
  };
}
