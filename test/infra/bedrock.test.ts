import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantsFor, MODEL_CATALOGUE } from '#common/models/catalogue.js';
import { GUARDRAIL_DENIED_TOPICS } from '../../lib/constructs/guardrail-policy.js';
import { TASKS_TIMEOUT_SECONDS, WORKFLOW_DEFINITION_FILE } from '../../lib/constructs/workflow.js';
import { synthesize, type Synthesized } from './synth.js';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
type Resource = { Type: string; Properties: Record<string, unknown> };

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** Every statement of every policy attached to the tasks role. */
function tasksStatements(synth: Synthesized): Statement[] {
  const role = synth.stack.getLogicalId(synth.stack.workflow.tasks.role.node.defaultChild as never);
  return (Object.values(synth.template.findResources('AWS::IAM::Policy')) as Resource[])
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** A resource ARN as the template holds it, with pseudo parameters written `${AWS::…}`. */
const flatten = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(flatten).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  if (ref) return `\${${ref}}`;
  return JSON.stringify(value);
};

describe('Bedrock in AWS (default: us-west-2, the child-safety guardrail the app creates)', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize({ bundle: false });
  });
  afterAll(() => synth.cleanup());

  it('creates a guardrail with every content filter at its strictest, prompt attacks refused on input', () => {
    synth.template.resourceCountIs('AWS::Bedrock::Guardrail', 1);
    synth.template.resourceCountIs('AWS::Budgets::Budget', 0);
    const [guardrail] = Object.values(synth.template.findResources('AWS::Bedrock::Guardrail')) as Resource[];
    const filters = (guardrail?.Properties.ContentPolicyConfig as { FiltersConfig: Record<string, string>[] })
      .FiltersConfig;
    const byType = Object.fromEntries(filters.map((f) => [f.Type, [f.InputStrength, f.OutputStrength]]));
    expect(byType).toEqual({
      SEXUAL: ['HIGH', 'HIGH'],
      VIOLENCE: ['HIGH', 'HIGH'],
      HATE: ['HIGH', 'HIGH'],
      INSULTS: ['HIGH', 'HIGH'],
      MISCONDUCT: ['HIGH', 'HIGH'],
      PROMPT_ATTACK: ['HIGH', 'NONE'],
    });
  });

  it('denies a topic for each category of the child-safety lexicon, within Bedrock’s limits', () => {
    const topics = (Object.values(synth.template.findResources('AWS::Bedrock::Guardrail'))[0] as Resource).Properties
      .TopicPolicyConfig as { TopicsConfig: { Name: string; Type: string; Definition: string; Examples: string[] }[] };
    expect(topics.TopicsConfig.map((t) => t.Name)).toEqual([
      'Self-harm and suicide',
      'Weapons and killing',
      'Drugs alcohol and smoking',
      'Sexual content and underwear',
      'Hate and slurs',
      'Body shaming',
      'Grooming and secrecy',
      'Abuse of children or animals',
      'Self-harm euphemisms',
      'Eating disorders',
      'Gore and terror',
    ]);
    for (const topic of topics.TopicsConfig) {
      expect(topic.Type).toBe('DENY');
      expect(topic.Name).toMatch(/^[0-9a-zA-Z-_ !?.]{1,100}$/);
      expect(topic.Definition.length, topic.Name).toBeLessThanOrEqual(200);
      expect(topic.Examples.length).toBeGreaterThan(0);
      for (const example of topic.Examples) expect(example.length).toBeLessThanOrEqual(100);
    }
    expect(GUARDRAIL_DENIED_TOPICS).toHaveLength(topics.TopicsConfig.length);
  });

  it('uses the Standard tier for content filters and topics (multilingual), through the geography’s guardrail profile', () => {
    const properties = (Object.values(synth.template.findResources('AWS::Bedrock::Guardrail'))[0] as Resource)
      .Properties as Record<string, Record<string, unknown>>;
    expect(properties.ContentPolicyConfig?.ContentFiltersTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(properties.TopicPolicyConfig?.TopicsTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(flatten(properties.CrossRegionConfig?.GuardrailProfileArn)).toBe(
      'arn:${AWS::Partition}:bedrock:us-west-2:${AWS::AccountId}:guardrail-profile/us.guardrail.v1:0',
    );
  });

  it('filters AWS’s managed profanity list and a few unkind words, and publishes a version', () => {
    synth.template.hasResourceProperties('AWS::Bedrock::Guardrail', {
      WordPolicyConfig: {
        ManagedWordListsConfig: [{ Type: 'PROFANITY' }],
        WordsConfig: Match.arrayWith([{ Text: 'stupid' }]),
      },
    });
    const guardrailId = Object.keys(synth.template.findResources('AWS::Bedrock::Guardrail'))[0] ?? '';
    synth.template.hasResourceProperties('AWS::Bedrock::GuardrailVersion', {
      GuardrailIdentifier: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
    });
    const versionId = Object.keys(synth.template.findResources('AWS::Bedrock::GuardrailVersion'))[0] ?? '';
    // The tasks function applies that version to every call.
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          BEDROCK_REGION: 'us-west-2',
          BEDROCK_GUARDRAIL_ID: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
          BEDROCK_GUARDRAIL_VERSION: { 'Fn::GetAtt': [versionId, 'Version'] },
        }),
      },
    });
  });

  it('lets the tasks role apply exactly that guardrail, and nothing else of Bedrock but invoking (whole or streamed)', () => {
    const guardrailId = Object.keys(synth.template.findResources('AWS::Bedrock::Guardrail'))[0] ?? '';
    const bedrock = tasksStatements(synth).filter((s) => actionsOf(s).some((a) => a.startsWith('bedrock:')));
    expect(bedrock.flatMap(actionsOf).sort()).toEqual([
      'bedrock:ApplyGuardrail',
      'bedrock:InvokeModel',
      'bedrock:InvokeModelWithResponseStream',
    ]);
    // The guardrail in each region its profile may evaluate it in, and the profile itself.
    const apply = (bedrock.find((s) => s.Action === 'bedrock:ApplyGuardrail')?.Resource as unknown[])
      .map(flatten)
      .sort();
    expect(apply).toEqual(
      [
        ...['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'].map(
          (r) =>
            `arn:\${AWS::Partition}:bedrock:${r}:\${AWS::AccountId}:guardrail/${JSON.stringify({ 'Fn::GetAtt': [guardrailId, 'GuardrailId'] })}`,
        ),
        'arn:${AWS::Partition}:bedrock:us-west-2:${AWS::AccountId}:guardrail-profile/us.guardrail.v1:0',
      ].sort(),
    );
  });

  it('grants InvokeModel and its streamed form on exactly the catalogue’s profiles and models, in every region a profile routes to', () => {
    const invoke = tasksStatements(synth).find((s) => actionsOf(s).includes('bedrock:InvokeModel'));
    expect(actionsOf(invoke as never).sort()).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']);
    const resources = (invoke?.Resource as unknown[]).map(flatten).sort();
    const nova = MODEL_CATALOGUE.filter((m) => m.profile).map((m) => m.id);
    const stability = MODEL_CATALOGUE.filter((m) => m.id.startsWith('stability.')).map((m) => m.id);
    const expected = [
      ...nova.flatMap((id) =>
        ['us-east-1', 'us-east-2', 'us-west-2'].map(
          (r) => `arn:\${AWS::Partition}:bedrock:${r}::foundation-model/${id}`,
        ),
      ),
      ...nova.map((id) => `arn:\${AWS::Partition}:bedrock:us-west-2:\${AWS::AccountId}:inference-profile/us.${id}`),
      ...stability.map((id) => `arn:\${AWS::Partition}:bedrock:us-west-2::foundation-model/${id}`),
    ].sort();
    expect(resources).toEqual(expected);
    expect(resources.some((r) => r.includes('*'))).toBe(false);
    expect(grantsFor('us-west-2').profiles).toContain('us.amazon.nova-lite-v1:0');
  });

  it('allows the Marketplace subscription a Stability model takes on its first call', () => {
    expect(tasksStatements(synth)).toContainEqual(
      // CDK merges it with the X-Ray actions active tracing adds, which take `*` too.
      expect.objectContaining({
        Action: expect.arrayContaining(['aws-marketplace:Subscribe', 'aws-marketplace:ViewSubscriptions']),
        Resource: '*',
      }),
    );
  });

  it('refuses, when deploying, a stack region other than the one its models were checked for', () => {
    const rules = synth.template.toJSON().Rules as Record<
      string,
      { Assertions: { Assert: unknown; AssertDescription: string }[] }
    >;
    const [rule] = Object.values(rules);
    expect(rule?.Assertions[0]?.Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-west-2'] });
    expect(rule?.Assertions[0]?.AssertDescription).toMatch(/deploy the StoryMagic stack there/);
  });

  it('stops each task before its state times out (Lambda timeout below every Task state’s TimeoutSeconds)', () => {
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Story Magic generation workflow tasks',
      Timeout: TASKS_TIMEOUT_SECONDS,
    });
    const definition = JSON.parse(readFileSync(WORKFLOW_DEFINITION_FILE, 'utf8')) as {
      States: Record<string, { Type: string; TimeoutSeconds?: number }>;
    };
    for (const [name, state] of Object.entries(definition.States)) {
      if (state.Type === 'Task' && state.TimeoutSeconds !== undefined) {
        expect(state.TimeoutSeconds, name).toBeGreaterThan(TASKS_TIMEOUT_SECONDS);
      }
    }
  });
});

describe('Bedrock region and guardrail choices', () => {
  it.each([
    [
      'us-east-1',
      /Stability Stable Image Core \(stability\.stable-image-core-v1:1\) is not served in us-east-1; it is served in us-west-2/,
    ],
    ['eu-west-1', /Amazon Nova Lite \(amazon\.nova-lite-v1:0\) is not served in eu-west-1/],
  ])('refuses at synth, with a clear message, a region that cannot serve the models (%s)', (region, message) => {
    expect(() => synthesize({ bundle: false, context: { bedrockRegion: region } })).toThrow(message);
  });

  it('uses the operator’s own guardrail instead of creating one, and may apply only that one', () => {
    const synth = synthesize({ bundle: false, context: { guardrailId: 'kidsafe01', guardrailVersion: '3' } });
    try {
      synth.template.resourceCountIs('AWS::Bedrock::Guardrail', 0);
      const apply = tasksStatements(synth).find((s) => s.Action === 'bedrock:ApplyGuardrail');
      expect(flatten(apply?.Resource)).toBe(
        'arn:${AWS::Partition}:bedrock:${AWS::Region}:${AWS::AccountId}:guardrail/kidsafe01',
      );
    } finally {
      synth.cleanup();
    }
  });
});

describe('the optional monthly budget', () => {
  it('is absent by default, and e-mails at 80 % and 100 % spent and on a forecast overrun with -c budgetUsd', () => {
    const synth = synthesize({ bundle: false, context: { budgetUsd: '50', budgetEmail: 'ops@example.com' } });
    try {
      synth.template.hasResourceProperties('AWS::Budgets::Budget', {
        Budget: Match.objectLike({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 50, Unit: 'USD' } }),
        NotificationsWithSubscribers: [
          Match.objectLike({ Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }) }),
          Match.objectLike({ Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 100 }) }),
          Match.objectLike({
            Notification: Match.objectLike({ NotificationType: 'FORECASTED', Threshold: 100 }),
            Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@example.com' }],
          }),
        ],
      });
    } finally {
      synth.cleanup();
    }
  });

  it('refuses a budget without an address or a non-positive amount, with a clear message', () => {
    expect(() => synthesize({ bundle: false, context: { budgetUsd: '50' } })).toThrow(/needs "budgetEmail"/);
    expect(() => synthesize({ bundle: false, context: { budgetUsd: '-5', budgetEmail: 'ops@example.com' } })).toThrow(
      /positive amount of US dollars/,
    );
  });
});
