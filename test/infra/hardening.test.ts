import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/app.js';
import { WAF_RATE_LIMIT_PER_5_MINUTES } from '../../lib/waf-stack.js';
import { synthesize, type Synthesized } from './synth.js';

const WEB_ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/story-magic/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab';

describe('abuse protection in AWS', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize({
      bundle: false,
      context: { webAclArn: WEB_ACL, guardrailId: 'kidsafe01', guardrailVersion: '3' },
    });
  });
  afterAll(() => synth.cleanup());

  it('puts the web ACL of the us-east-1 WAF stack in front of CloudFront', () => {
    synth.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: WEB_ACL }),
    });
  });

  it('makes that web ACL in us-east-1 from AWS managed rules and a per-address rate limit', () => {
    const { waf } = createApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(waf.region).toBe('us-east-1');
    const template = Template.fromStack(waf);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
          },
        }),
        Match.objectLike({
          Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' } },
        }),
        Match.objectLike({
          Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
        }),
        Match.objectLike({
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: WAF_RATE_LIMIT_PER_5_MINUTES, AggregateKeyType: 'IP' } },
        }),
      ]),
    });
  });

  it('lets bodies over 8 KB through to the API (stories and templates hold 20,000 characters), counting them', () => {
    const { waf } = createApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    Template.fromStack(waf).hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: {
              VendorName: 'AWS',
              Name: 'AWSManagedRulesCommonRuleSet',
              RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
            },
          },
        }),
      ]),
    });
  });

  it('applies the configured Bedrock guardrail to generated text, and may use only that guardrail', () => {
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ BEDROCK_GUARDRAIL_ID: 'kidsafe01', BEDROCK_GUARDRAIL_VERSION: '3' }),
      },
    });
    const policies = JSON.stringify(synth.template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('bedrock:ApplyGuardrail');
    expect(policies).toContain('guardrail/kidsafe01');
  });

  it('runs the stale-generation sweep every 5 minutes on the tasks function', () => {
    synth.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Input: JSON.stringify({ task: 'sweepStale' }) })],
    });
  });

  it('throttles the HTTP API stage', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      // Sized for a bedtime peak (api.ts); abuse is capped by the web ACL and the per-family limits.
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 }),
    });
  });

  it('refuses a web ACL that CloudFront could not use (not a us-east-1 global ACL)', () => {
    expect(() =>
      createApp({ context: { webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/1' } }),
    ).toThrow(/webAclArn/);
  });
});
