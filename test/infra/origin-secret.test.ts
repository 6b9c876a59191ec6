/** The execute-api URL serves nothing: only CloudFront knows the secret the API asks for. */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '#common/origin-header.js';
import { synthesize, type Synthesized } from './synth.js';

type Origin = { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };

describe('the API origin secret', () => {
  let synth: Synthesized;
  let secretValue: unknown;
  beforeAll(() => {
    synth = synthesize({ bundle: false });
    const secret = synth.stack.getLogicalId(synth.stack.originSecret.node.defaultChild as never);
    secretValue = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secret }, ':SecretString:::}}']] };
  });
  afterAll(() => synth.cleanup());

  it('is generated at deploy, 48 characters, never written in the template', () => {
    synth.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
      SecretString: Match.absent(),
    });
  });

  it('is sent by CloudFront to the API origin only, and handed to the API function only', () => {
    const [distribution] = Object.values(synth.template.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { Origins: Origin[] } };
    }[];
    const origins = distribution?.Properties.DistributionConfig.Origins ?? [];
    const withHeader = origins.filter((origin) => origin.OriginCustomHeaders);
    expect(withHeader).toHaveLength(1);
    expect(JSON.stringify(withHeader[0]?.DomainName)).toContain('execute-api');
    expect(withHeader[0]?.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: secretValue },
    ]);

    const functions = synth.template.findResources('AWS::Lambda::Function') as Record<
      string,
      { Properties: { Environment?: { Variables?: Record<string, unknown> } } }
    >;
    const holders = Object.entries(functions).filter(([, fn]) => fn.Properties.Environment?.Variables?.ORIGIN_SECRET);
    expect(holders.map(([id]) => id)).toEqual([
      synth.stack.getLogicalId(synth.stack.api.handler.function.node.defaultChild as never),
    ]);
    expect(holders[0]?.[1].Properties.Environment?.Variables?.ORIGIN_SECRET).toEqual(secretValue);
  });
});
