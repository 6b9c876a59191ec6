import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_FUNCTION_CODE } from '../../lib/constructs/web.js';
import { MEDIA_CONTENT_SECURITY_POLICY, spaContentSecurityPolicy } from '#common/security-headers.js';

type Request = { uri: string };

/** Runs the CloudFront Function's source as CloudFront would: a `handler(event)` returning the request. */
function rewrite(uri: string): string {
  const sandbox: { result?: Request } = {};
  runInNewContext(
    `${SPA_REWRITE_FUNCTION_CODE}\nresult = handler({ request: { uri: ${JSON.stringify(uri)} } });`,
    sandbox,
  );
  return (sandbox.result as Request).uri;
}

describe('SPA rewrite (CloudFront Function)', () => {
  it.each(['/', '/auth', '/auth/sign-in', '/stories/3f1c9a7e-1234/edit', '/admin/users/'])(
    'serves the app shell for the client-side route %s',
    (uri) => expect(rewrite(uri)).toBe('/index.html'),
  );

  it.each(['/index.html', '/app-config.json', '/assets/index-DjWYexzE.js', '/favicon.svg', '/config/age-band-a.json'])(
    'leaves the file %s alone',
    (uri) => expect(rewrite(uri)).toBe(uri),
  );

  it('uses only what cloudfront-js-2.0 offers (no modules, no network)', () => {
    expect(SPA_REWRITE_FUNCTION_CODE).not.toMatch(/\b(require|import|fetch)\b/);
  });
});

describe('Content-Security-Policy', () => {
  const idpOrigin = 'https://cognito-idp.eu-west-1.amazonaws.com';
  const directives = (csp: string) =>
    Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

  it('keeps the app on its own origin plus Cognito and the welcome video player, and is framed by no one else', () => {
    const csp = directives(spaContentSecurityPolicy({ idpOrigin }));
    expect(csp).toMatchObject({
      'default-src': "'self'",
      // YouTube's IFrame Player API, loaded on demand by the welcome video; nothing else from outside.
      'script-src': "'self' https://www.youtube.com",
      'connect-src': `'self' ${idpOrigin}`,
      'img-src': "'self' data: blob:",
      'frame-src': "'self' https://www.youtube-nocookie.com",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
    });
  });

  it('frames only the video player and the origins it is given (an embedded form)', () => {
    const csp = directives(spaContentSecurityPolicy({ idpOrigin, frameSources: ['https://forms.example.org'] }));
    expect(csp['frame-src']).toBe("'self' https://www.youtube-nocookie.com https://forms.example.org");
  });

  it('sandboxes media and allows no scripts there', () => {
    const csp = directives(MEDIA_CONTENT_SECURITY_POLICY);
    expect(csp['default-src']).toBe("'none'");
    expect(csp['script-src']).toBeUndefined();
    expect(csp).toHaveProperty('sandbox');
  });
});
