import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.js';
import { synthesize, type Synthesized } from './synth.js';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = {
  Effect: string;
  Action: string | string[];
  Principal?: { AWS?: unknown };
  Condition?: Record<string, Record<string, unknown>>;
};

/**
 * What a first deploy into a fresh account meets: Lambda's concurrency limit (a new account's may be 10),
 * the alarms that must not stay silent, the README's word against the template's grants, and who may read
 * the media signing private key.
 */
describe('a first deploy into a fresh account', () => {
  let plain: Synthesized;
  let reserved: Synthesized;
  beforeAll(() => {
    plain = synthesize({ bundle: false });
    reserved = synthesize({ bundle: false, context: { reservedConcurrency: '110' } });
  });
  afterAll(() => {
    plain.cleanup();
    reserved.cleanup();
  });

  const resources = (synth: Synthesized, type: string) =>
    Object.entries(synth.template.findResources(type) as Record<string, Resource>);
  /** Each function's reserved concurrency, by the start of its description. */
  const reservations = (synth: Synthesized) =>
    Object.fromEntries(
      resources(synth, 'AWS::Lambda::Function').map(([, fn]) => [
        String(fn.Properties.Description).split(/[:(]/)[0]?.trim(),
        fn.Properties.ReservedConcurrentExecutions,
      ]),
    );

  describe('-c reservedConcurrency', () => {
    it('reserves nothing by default, so a new account’s limit (10) deploys', () => {
      expect(Object.values(reservations(plain)).filter((value) => value !== undefined)).toEqual([]);
    });

    it('reserves the total it is given: 10 for the Cognito triggers, the rest for the workflow tasks', () => {
      expect(reservations(reserved)).toMatchObject({
        'Story Magic generation workflow tasks': 100,
        'Story Magic Cognito triggers': 10,
        'Story Magic HTTP API': undefined,
      });
    });

    it('refuses at synth what Lambda would refuse or that cannot be read, naming the setting', () => {
      for (const value of ['0', '10', '-5', '12.5', 'lots', 'true']) {
        expect(() => synthesize({ bundle: false, context: { reservedConcurrency: value } }), value).toThrow(
          /Context "reservedConcurrency" must/,
        );
      }
      expect(() => synthesize({ bundle: false, context: { reservedConcurrency: '0' } })).toThrow(/Use "off"/);
      // "off" and "none" reserve nothing, as the default does.
      const off = synthesize({ bundle: false, context: { reservedConcurrency: 'off' } });
      off.cleanup();
      expect(Object.values(reservations(off)).filter((value) => value !== undefined)).toEqual([]);
    });

    it('refuses the settings it replaced instead of ignoring them', () => {
      for (const key of ['workflowConcurrency', 'triggersConcurrency']) {
        expect(() => synthesize({ bundle: false, context: { [key]: '80' } }), key).toThrow(
          new RegExp(`"${key}" is no longer read: use -c reservedConcurrency=`),
        );
      }
    });
  });

  describe('alarms', () => {
    const alarms = () => resources(plain, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);

    it('counts a model with no throttle in the period as 0, so one silent metric cannot silence the sum', () => {
      const throttles = alarms().find((alarm) => String(alarm.AlarmDescription).startsWith('Bedrock throttled'));
      const metrics = throttles?.Metrics as { Id: string; Expression?: string; MetricStat?: unknown }[];
      const sums = metrics.filter((metric) => metric.Expression);
      expect(sums).toHaveLength(1);
      const ids = metrics.filter((metric) => metric.MetricStat).map((metric) => metric.Id);
      expect(ids).toHaveLength(3);
      expect(sums[0]?.Expression).toBe(ids.map((id) => `FILL(${id}, 0)`).join(' + '));
    });

    it('alarms on a failed retention sweep and on warnings SES refused, to the operator’s topic', () => {
      const [[retentionId]] = resources(plain, 'AWS::Lambda::Function').filter(([, fn]) =>
        String(fn.Properties.Description).startsWith('Story Magic retention'),
      ) as [[string, Resource]];
      const failed = alarms().find(
        (alarm) =>
          alarm.Namespace === 'AWS/Lambda' &&
          alarm.MetricName === 'Errors' &&
          JSON.stringify(alarm.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: retentionId } }]),
      );
      expect(failed).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      expect(String(failed?.AlarmDescription)).toContain('inactive-account sweep failed');
      const refused = alarms().find((alarm) => alarm.MetricName === 'InactiveAccountWarningRefused');
      expect(refused).toMatchObject({ Namespace: 'StoryMagic', Threshold: 1 });
      for (const alarm of [failed, refused]) expect((alarm?.AlarmActions as unknown[]).length).toBe(1);
    });
  });

  it('README names the very Marketplace permissions the tasks role is granted', () => {
    const granted = resources(plain, 'AWS::IAM::Policy')
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => action.startsWith('aws-marketplace:'))
      .sort();
    expect(granted.length).toBeGreaterThan(0);
    const readme = readFileSync(fromRoot('README.md'), 'utf8');
    const paragraph = readme.slice(
      readme.indexOf('**Model access**'),
      readme.indexOf('\n\n', readme.indexOf('**Model access**')),
    );
    expect([...new Set(paragraph.match(/aws-marketplace:\w+/g))].sort()).toEqual(granted);
  });

  describe('the media signing private key', () => {
    it('is put under a KMS key of the stack’s own, rotated, whose policy names the API’s role to decrypt it through SSM and leaves the rest to IAM', () => {
      const keys = resources(plain, 'AWS::KMS::Key');
      expect(keys).toHaveLength(1);
      const [[keyId, key]] = keys as [[string, Resource]];
      expect(key.Properties.EnableKeyRotation).toBe(true);
      plain.template.hasResourceProperties('AWS::KMS::Alias', {
        AliasName: 'alias/StoryMagic/media-signing',
        TargetKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
      });
      const apiRole = plain.stack.getLogicalId(plain.stack.api.handler.role.node.defaultChild as never);
      const statements = (key.Properties.KeyPolicy as { Statement: Statement[] }).Statement;
      const decrypting = statements.filter((statement) => [statement.Action].flat().includes('kms:Decrypt'));
      expect(decrypting).toHaveLength(1);
      expect(decrypting[0]?.Principal).toEqual({ AWS: { 'Fn::GetAtt': [apiRole, 'Arn'] } });
      expect(JSON.stringify(decrypting[0]?.Condition?.StringEquals?.['kms:ViaService'])).toContain('"ssm."');
      expect(JSON.stringify(decrypting[0]?.Condition?.StringEquals?.['kms:EncryptionContext:PARAMETER_ARN'])).toContain(
        ':parameter/StoryMagic/media-signing/private-key',
      );
      // Besides it, only the account's own statement (key administration through IAM), as CDK writes it.
      const others = statements.filter((statement) => statement !== decrypting[0]);
      expect(others.map((statement) => JSON.stringify(statement.Principal))).toEqual([
        expect.stringContaining(':root'),
      ]);
      expect(plain.template.findOutputs('MediaSigningKeyId').MediaSigningKeyId?.Value).toEqual({ Ref: keyId });
    });
  });
});
