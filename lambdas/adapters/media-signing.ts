import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';

/**
 * Private pictures and sound (issue 36): CloudFront serves `/media/*` only to a browser holding signed
 * cookies, and the API hands those cookies to whoever it has just shown a story's media to. One story's
 * cookies open that story's folder (`/media/stories/{storyId}/`: its pictures, their sizes and its
 * narration) and nothing else, for MEDIA_GRANT_SECONDS.
 *
 * Signed cookies, not signed URLs: a signed URL copied to another browser loads there until it expires; a
 * cookie stays in the browser that read the story. The picture URLs also stay plain, so CloudFront and the
 * browser cache them as before.
 *
 * The API signs with AWS's own signer (@aws-sdk/cloudfront-signer, lambdas/adapters/media-grants.ts); this
 * module is the policy it signs and CloudFront's check of it (custom policy, RSA-SHA1, CloudFront's URL-safe
 * base64), which the local web server and the rehearsal's front run where CloudFront runs it in AWS
 * (test/unit/media-signing.test.ts holds the check to AWS's signer).
 */

export { MEDIA_GRANT_SECONDS } from '#common/media-grant.js';

export const COOKIE_POLICY = 'CloudFront-Policy';
export const COOKIE_SIGNATURE = 'CloudFront-Signature';
export const COOKIE_KEY_PAIR_ID = 'CloudFront-Key-Pair-Id';

/** The folder a story's media live in; its path is the cookies' Path, so a browser sends each story its own. */
export const storyMediaPath = (storyId: string) => `/media/stories/${storyId}/`;

/** CloudFront's URL-safe base64 (+ → -, = → _, / → ~), read back. */
const fromCloudFrontBase64 = (text: string) =>
  Buffer.from(text.replaceAll('-', '+').replaceAll('_', '=').replaceAll('~', '/'), 'base64');

/** The custom policy for one story's folder, on any host and scheme (the browser keeps cookies to the site). */
export const storyMediaPolicy = (storyId: string, expiresEpochSeconds: number) =>
  JSON.stringify({
    Statement: [
      {
        Resource: `http*://*${storyMediaPath(storyId)}*`,
        Condition: { DateLessThan: { 'AWS:EpochTime': expiresEpochSeconds } },
      },
    ],
  });

/** A CloudFront wildcard (`*` any characters, `?` one) as a regular expression; `within` what a `*` may span. */
const wildcardPart = (pattern: string, within = '.') =>
  pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', `${within}*`)
    .replaceAll('?', within);

/**
 * A policy's resource (a URL with wildcards) as a regular expression. The wildcards of its scheme and host
 * span no `/`, so the path must start with the policy's own: `/media/stories/B/…/media/stories/A/x` is not
 * in A's folder. (CloudFront's own `*` spans anything and would pass such a path on to the bucket, which
 * holds no such key; this check refuses it outright, so storage is never asked.)
 */
const resourcePattern = (resource: string) => {
  const scheme = resource.indexOf('://');
  const pathAt = scheme < 0 ? -1 : resource.indexOf('/', scheme + 3);
  if (pathAt < 0) return new RegExp(`^${wildcardPart(resource)}$`);
  return new RegExp(`^${wildcardPart(resource.slice(0, pathAt), '[^/]')}${wildcardPart(resource.slice(pathAt))}$`);
};

/** Why a request for media is refused, in CloudFront's words (its 403's error code). */
export type MediaRefusal = 'MissingKey' | 'AccessDenied';

/**
 * CloudFront's check of a request under a behaviour with trusted key groups: the three cookies, a trusted
 * key pair id, a valid signature over the policy, the policy's resource matching the requested URL and its
 * dates holding now. Answers undefined when the request may pass.
 */
export function checkSignedCookies(opts: {
  cookies: Readonly<Record<string, string>>;
  url: string;
  trustedKeys: ReadonlyMap<string, string | KeyObject>;
  nowEpochSeconds?: number;
}): MediaRefusal | undefined {
  const policyText = opts.cookies[COOKIE_POLICY];
  const signature = opts.cookies[COOKIE_SIGNATURE];
  const keyPairId = opts.cookies[COOKIE_KEY_PAIR_ID];
  if (!policyText || !signature || !keyPairId) return 'MissingKey';
  const key = opts.trustedKeys.get(keyPairId);
  if (!key) return 'AccessDenied';
  const policy = fromCloudFrontBase64(policyText);
  const signed = createVerify('RSA-SHA1')
    .update(policy)
    .verify(typeof key === 'string' ? createPublicKey(key) : key, fromCloudFrontBase64(signature));
  if (!signed) return 'AccessDenied';
  try {
    const { Statement } = JSON.parse(policy.toString('utf8')) as {
      Statement: { Resource?: string; Condition?: Record<string, Record<string, number>> }[];
    };
    const now = opts.nowEpochSeconds ?? Math.floor(Date.now() / 1000);
    const allowed = Statement.some(({ Resource, Condition }) => {
      const before = Condition?.DateLessThan?.['AWS:EpochTime'];
      const after = Condition?.DateGreaterThan?.['AWS:EpochTime'];
      return (
        typeof before === 'number' &&
        now < before &&
        (after === undefined || now > after) &&
        resourcePattern(Resource ?? 'http*://*').test(opts.url)
      );
    });
    return allowed ? undefined : 'AccessDenied';
  } catch {
    return 'AccessDenied';
  }
}

/** A Cookie header's pairs (the first of a name wins, as the most specific path comes first). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** CloudFront's 403 body for a refused media request. */
export const refusalBody = (refusal: MediaRefusal) =>
  refusal === 'MissingKey'
    ? '<?xml version="1.0" encoding="UTF-8"?><Error><Code>MissingKey</Code><Message>Missing Key-Pair-Id query parameter or cookie value</Message></Error>'
    : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access denied</Message></Error>';
