import { Duration, Names, Stack } from 'aws-cdk-lib';
import { type HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { WELCOME_VIDEO } from '../../common/welcome-video.js';

type Directives = Readonly<Record<string, readonly string[]>>;

const render = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

export interface SpaCspOptions {
  /** Cognito's IdP endpoint, `https://cognito-idp.<region>.amazonaws.com`, which Amplify Auth calls from the browser. */
  readonly idpOrigin: string;
  /**
   * Other origins the SPA may embed in an iframe (a feedback form, a video player): exact origins,
   * never a wildcard. The app's own pages (the Kids Breakout game on /test) are always allowed.
   */
  readonly frameSources?: readonly string[];
}

/**
 * THE Content-Security-Policy of the web app: everything from our own origin, plus Cognito for sign-in.
 * Styles allow 'unsafe-inline' because the component kit (Amplify UI theme) and the toast library
 * inject <style> elements at run time.
 *
 * One exception to same-origin scripts, for the welcome video (SPEC §2 home): YouTube's IFrame Player API
 * script, which the SPA injects only when a video player is opened, from `https://www.youtube.com` (the API
 * loads its widget script from there too), and the player's iframe from `https://www.youtube-nocookie.com`
 * (privacy-enhanced mode). Exact origins, no wildcards; see common/welcome-video.ts.
 */
export function spaContentSecurityPolicy(options: SpaCspOptions): string {
  const frameSources = [WELCOME_VIDEO.playerOrigin, ...(options.frameSources ?? [])];
  return render({
    'default-src': ["'self'"],
    'script-src': ["'self'", WELCOME_VIDEO.scriptOrigin],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", options.idpOrigin],
    'frame-src': ["'self'", ...frameSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Only the app may frame its own pages (the /test page frames the game): no clickjacking from elsewhere.
    'frame-ancestors': ["'self'"],
    'upgrade-insecure-requests': [],
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

export interface SecurityHeadersProps {
  readonly contentSecurityPolicy: string;
  /** X-Frame-Options. DENY for the app; SAMEORIGIN where the app itself may frame the content. */
  readonly frameOption: HeadersFrameOption;
  readonly comment: string;
}

/** A CloudFront response headers policy: HSTS, nosniff, framing, referrer, CSP and a few modern extras. */
export class SecurityHeaders extends Construct {
  readonly policy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SecurityHeadersProps) {
    super(scope, id);
    this.policy = new ResponseHeadersPolicy(this, 'Policy', {
      // Policy names are account-wide, not regional: include the region so the stack can exist in two.
      responseHeadersPolicyName: `${Names.uniqueResourceName(this, { maxLength: 100 })}-${Stack.of(this).region}`,
      comment: props.comment,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: props.frameOption, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: props.contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });
  }
}
