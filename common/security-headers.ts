import { createHash } from 'node:crypto';
import { WELCOME_VIDEO } from './welcome-video.js';

/**
 * THE security headers and Content-Security-Policies of the product, as plain data: CloudFront's response
 * headers policies (lib/constructs/security-headers.ts) and the local web server (bin/local/web-server.ts)
 * both build from here, so the browser tests run the app under the policy it gets in AWS.
 */

type Directives = Readonly<Record<string, readonly string[]>>;

const render = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * What the local stack needs beyond the deployed policy, kept explicit and minimal: it serves over plain
 * http on loopback (no `upgrade-insecure-requests`, which would send its own requests to https), and
 * Vite's dev server, in `dev` mode only, talks to its HMR websocket and runs React Refresh's inline
 * preamble script. Cognito's place (cognito-local's http origin) is the `idpOrigin` it is given.
 */
export type LocalServing = Readonly<{ mode: 'dev' | 'preview'; origin: string }>;

export interface SpaCspOptions {
  /** Where Amplify Auth calls from the browser: `https://cognito-idp.<region>.amazonaws.com`, or cognito-local. */
  readonly idpOrigin: string;
  /**
   * Other origins the SPA may embed in an iframe (a feedback form, a video player): exact origins,
   * never a wildcard. The app's own pages (the Kids Breakout game on /test) are always allowed.
   */
  readonly frameSources?: readonly string[];
  /**
   * The served page's inline scripts, as CSP hash sources (`inlineScriptHashes` of the built index.html): its
   * early script, which starts a screen's downloads before the app's code arrives (web/build/preload-screen.ts).
   */
  readonly inlineScripts?: readonly string[];
  /** Set only by the local web server (see LocalServing). */
  readonly local?: LocalServing;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The `'sha256-…'` source of each inline script of a page, for `script-src`: the browser runs an inline
 * script only when its exact text has one of the policy's hashes, so the policy allows the build's own
 * scripts and nothing injected.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}

/**
 * The web app's (and the API's) Content-Security-Policy: everything from our own origin, plus Cognito for
 * sign-in. Styles allow 'unsafe-inline' because the toast library injects <style> elements at run time.
 *
 * One exception to same-origin scripts, for the welcome video (SPEC §2 home): YouTube's IFrame Player API
 * script, which the SPA injects only when a video player is opened, from `https://www.youtube.com` (the API
 * loads its widget script from there too), and the player's iframe from `https://www.youtube-nocookie.com`
 * (privacy-enhanced mode). Exact origins, no wildcards; see common/welcome-video.ts.
 */
export function spaContentSecurityPolicy(options: SpaCspOptions): string {
  const frameSources = [WELCOME_VIDEO.playerOrigin, ...(options.frameSources ?? [])];
  const dev = options.local?.mode === 'dev';
  const hmrSocket = options.local ? options.local.origin.replace(/^http/, 'ws') : '';
  return render({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      WELCOME_VIDEO.scriptOrigin,
      ...(options.inlineScripts ?? []),
      ...(dev ? ["'unsafe-inline'"] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", options.idpOrigin, ...(dev ? [hmrSocket] : [])],
    'frame-src': ["'self'", ...frameSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Only the app may frame its own pages (the /test page frames the game): no clickjacking from elsewhere.
    'frame-ancestors': ["'self'"],
    ...(options.local ? {} : { 'upgrade-insecure-requests': [] }),
  });
}

/**
 * Media objects (images, exported stories, SVG illustrations) are data, never an app: opened directly,
 * they render without scripts in a sandbox (an opaque origin), so a crafted file could not read the
 * app's tokens even though it is served from the same host.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = render({
  'default-src': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'style-src': ["'unsafe-inline'"],
  'frame-ancestors': ["'self'"],
  sandbox: [],
});

/** HSTS for two years, subdomains included. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/**
 * The headers every response carries beside its CSP. X-Frame-Options is SAMEORIGIN, not DENY: the /test
 * page frames the app's own Kids Breakout game, and the app frames its own media.
 */
export const SECURITY_HEADERS = {
  strictTransportSecurity: `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  contentTypeOptions: 'nosniff',
  frameOptions: 'SAMEORIGIN',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** Sent as custom headers (CloudFront has no field for them). */
  custom: {
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  },
} as const;

/** Every security header of a response, by header name, with the given CSP (as CloudFront sends them). */
export function securityHeadersWith(contentSecurityPolicy: string): Readonly<Record<string, string>> {
  return {
    'Strict-Transport-Security': SECURITY_HEADERS.strictTransportSecurity,
    'X-Content-Type-Options': SECURITY_HEADERS.contentTypeOptions,
    'X-Frame-Options': SECURITY_HEADERS.frameOptions,
    'Referrer-Policy': SECURITY_HEADERS.referrerPolicy,
    'Content-Security-Policy': contentSecurityPolicy,
    ...SECURITY_HEADERS.custom,
  };
}
