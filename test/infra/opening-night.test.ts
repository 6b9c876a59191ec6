import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_QUOTAS, parseQuotaSetting, quotasFrom } from '#common/models/quotas.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesize, type Synthesized } from './synth.js';

type Resource = { Type: string; Properties: Record<string, unknown> };

/**
 * What the stack holds for a busy evening: the capacity gate's quotas in the functions' environment, the
 * concurrency kept for sign-in and capped for story work, the alarms an operator hears before families do,
 * and the Marketplace permissions AWS lists for a first call of a third-party model.
 */
describe('opening night in AWS', () => {
  let synth: Synthesized;
  const quotas = { textRequestsPerMinute: 2000, textTokensPerMinute: 2_000_000, imageRequestsPerMinute: 10 };
  beforeAll(() => {
    synth = synthesize({
      bundle: false,
      context: { bedrockQuotas: JSON.stringify(quotas), alarmEmail: 'ops@example.com', reservedConcurrency: '90' },
    });
  });
  afterAll(() => synth.cleanup());

  const functionOf = (description: string) =>
    Object.values(synth.template.findResources('AWS::Lambda::Function') as Record<string, Resource>).find((fn) =>
      String(fn.Properties.Description).startsWith(description),
    );

  it('gives the API and the workflow the account’s quotas, which the capacity gate admits work against', () => {
    for (const description of ['Story Magic HTTP API', 'Story Magic generation workflow tasks']) {
      const variables = (functionOf(description)?.Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(parseQuotaSetting(String(variables.BEDROCK_QUOTAS)), description).toEqual(quotasFrom(quotas));
    }
  });

  it('caps story work and keeps concurrency for sign-in, so a peak of stories cannot starve it', () => {
    expect(functionOf('Story Magic generation workflow tasks')?.Properties.ReservedConcurrentExecutions).toBe(80);
    expect(functionOf('Story Magic Cognito triggers')?.Properties.ReservedConcurrentExecutions).toBe(10);
    expect(functionOf('Story Magic HTTP API')?.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('alarms on Bedrock throttling, a long line, failing executions and API 429s, e-mailed to the operator', () => {
    const alarms = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
    const described = alarms.map((alarm) => String(alarm.Properties.AlarmDescription));
    for (const about of [
      'Bedrock throttled',
      'waited more than 10 minutes',
      'executions failed',
      'Too many requests',
    ]) {
      expect(
        described.some((text) => text.includes(about)),
        about,
      ).toBe(true);
    }
    const throttles = JSON.stringify(
      alarms.find((alarm) => String(alarm.Properties.AlarmDescription).startsWith('Bedrock')),
    );
    // Bedrock reports a cross-region call under its profile's id, and Stability's models under their own.
    for (const modelId of [
      'us.amazon.nova-lite-v1:0',
      'stability.stable-image-core-v1:1',
      'stability.stable-image-ultra-v1:1',
    ]) {
      expect(throttles, modelId).toContain(modelId);
    }
    synth.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    synth.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'ApiTooManyRequests' })],
    });
    for (const alarm of alarms) expect((alarm.Properties.AlarmActions as unknown[]).length).toBe(1);
  });

  it('lets the tasks role subscribe to (and unsubscribe from) a Marketplace model, as AWS lists for a first call', () => {
    const statements = Object.values(
      synth.template.findResources('AWS::IAM::Policy') as Record<string, Resource>,
    ).flatMap(
      (policy) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement,
    );
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => action.startsWith('aws-marketplace:')).sort()).toEqual([
      'aws-marketplace:Subscribe',
      'aws-marketplace:Unsubscribe',
      'aws-marketplace:ViewSubscriptions',
    ]);
  });

  it('sizes the gate from us-west-2’s public defaults when the operator names no quotas', () => {
    const plain = synthesize({ bundle: false });
    try {
      const tasks = Object.values(
        plain.template.findResources('AWS::Lambda::Function') as Record<string, Resource>,
      ).find((fn) => String(fn.Properties.Description).startsWith('Story Magic generation workflow tasks'));
      const variables = (tasks?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(parseQuotaSetting(String(variables.BEDROCK_QUOTAS))).toEqual(DEFAULT_QUOTAS);
    } finally {
      plain.cleanup();
    }
  });

  it('refuses quotas it cannot read, naming the context key', () => {
    expect(() => synthesize({ bundle: false, context: { bedrockQuotas: '{"textRequestsPerMinut": 5}' } })).toThrow(
      /bedrockQuotas/,
    );
  });
});
