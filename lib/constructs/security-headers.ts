import { Duration, Names, Stack } from 'aws-cdk-lib';
import { type HeadersFrameOption, type HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { HSTS_MAX_AGE_SECONDS, SECURITY_HEADERS } from '#common/security-headers.js';

export interface SecurityHeadersProps {
  /** From common/security-headers.ts (the app's or the media's). */
  readonly contentSecurityPolicy: string;
  readonly comment: string;
}

/**
 * A CloudFront response headers policy: HSTS, nosniff, framing, referrer, CSP and a few modern extras,
 * all from the one definition in common/security-headers.ts (which the local web server sends too).
 */
export class SecurityHeaders extends Construct {
  readonly policy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SecurityHeadersProps) {
    super(scope, id);
    this.policy = new ResponseHeadersPolicy(this, 'Policy', {
      // Policy names are account-wide, not regional: include the region so the stack can exist in two.
      responseHeadersPolicyName: `${Names.uniqueResourceName(this, { maxLength: 100 })}-${Stack.of(this).region}`,
      comment: props.comment,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: props.contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(SECURITY_HEADERS.custom).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });
  }
}
