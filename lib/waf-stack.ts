import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one address may send in five minutes before the rate-based rule blocks it for a while. */
export const WAF_RATE_LIMIT_PER_5_MINUTES = 2000;

const managedRule = (name: string, priority: number, countOnly: readonly string[] = []): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(countOnly.length > 0
        ? { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
        : {}),
    },
  },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

/**
 * The CloudFront web ACL. CloudFront only takes web ACLs made in us-east-1, while the app's stack is
 * region-agnostic, so this small stack is deployed there first and its ARN handed to the app stack
 * (`-c webAclArn=…`, see the README). AWS managed rules for common exploits, known bad inputs and
 * addresses with a bad reputation, plus a per-address rate limit.
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: 'story-magic',
      description: 'Story Magic: AWS managed rules and a per-address rate limit in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'story-magic', sampledRequestsEnabled: true },
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        // SizeRestrictions_BODY blocks bodies over 8 KB, but stories and templates hold up to 20,000
        // characters (admin saves, story edits): it only counts here, and the API refuses bodies over
        // 128 KB itself (413 BODY_TOO_LARGE).
        managedRule('AWSManagedRulesCommonRuleSet', 1, ['SizeRestrictions_BODY']),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 2),
        {
          name: 'RatePerAddress',
          priority: 3,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP' } },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'RatePerAddress',
            sampledRequestsEnabled: true,
          },
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'Pass to the app stack: npx cdk deploy StoryMagic -c webAclArn=<this>',
    });
  }
}
