/**
 * `npm run doctor`: text models are really called, through the real SDK, on the Bedrock twin (which answers
 * as Bedrock does per region); the services the twin does not cover (CloudFormation, SSM, WAFv2 and
 * Bedrock's control plane) are mocked at the SDK boundary.
 */
import { BedrockClient, GetFoundationModelAvailabilityCommand, GetGuardrailCommand } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { ListServiceQuotasCommand, ServiceQuotasClient, type ServiceQuota } from '@aws-sdk/client-service-quotas';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import { runDoctor, type DoctorClients } from '../../bin/doctor/run-doctor.js';
import { newMediaSigningKey } from '../../bin/local/media-signing-key.js';

const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/story-magic/abc-123';
const cloudFormation = mockClient(CloudFormationClient);
const ssm = mockClient(SSMClient);
/** The operator's media signing key pair (a test one). */
const MEDIA_KEY = newMediaSigningKey();
const bedrock = mockClient(BedrockClient);
const wafv2 = mockClient(WAFV2Client);
const serviceQuotas = mockClient(ServiceQuotasClient);

/** An account's applied quotas as Service Quotas lists them (names as AWS writes them). */
const BEDROCK_QUOTAS: ServiceQuota[] = [
  { QuotaName: 'Cross-region model inference requests per minute for Amazon Nova Lite', Value: 2000 },
  { QuotaName: 'Cross-region model inference tokens per minute for Amazon Nova Lite', Value: 4_000_000 },
  { QuotaName: 'On-demand model inference requests per minute for Amazon Nova Lite', Value: 1000 },
  { QuotaName: 'Model invocation max tokens per day for Amazon Nova Lite', Value: 5_760_000_000 },
  { QuotaName: 'On-demand model inference requests per minute for Stability AI Stable Image Core', Value: 15 },
  { QuotaName: 'On-demand model inference requests per minute for Stability AI Stable Image Ultra', Value: 10 },
  { QuotaName: 'Text units per second for ApplyGuardrail content filter policy', Value: 50 },
];
function quotas(bedrockQuotas: ServiceQuota[] = BEDROCK_QUOTAS, lambdaConcurrency = 1000) {
  serviceQuotas
    .on(ListServiceQuotasCommand, { ServiceCode: 'bedrock' })
    .resolves({ Quotas: bedrockQuotas })
    .on(ListServiceQuotasCommand, { ServiceCode: 'lambda' })
    .resolves({ Quotas: [{ QuotaName: 'Concurrent executions', Value: lambdaConcurrency }] })
    .on(ListServiceQuotasCommand, { ServiceCode: 'polly' })
    .resolves({ Quotas: [{ QuotaName: 'Transactions per second for SynthesizeSpeech (neural)', Value: 8 }] });
}
let twin: BedrockTwin;
let clients: DoctorClients;

beforeAll(async () => {
  twin = await startBedrockTwin();
  const credentials = { accessKeyId: 'twin', secretAccessKey: 'twin' };
  clients = {
    serviceQuotas: (region) => new ServiceQuotasClient({ region, credentials }),
    cloudFormation: (region) => new CloudFormationClient({ region, credentials }),
    ssm: (region) => new SSMClient({ region, credentials }),
    bedrock: (region) => new BedrockClient({ region, credentials }),
    bedrockRuntime: (region) => new BedrockRuntimeClient({ region, endpoint: twin.url, credentials, maxAttempts: 1 }),
    wafv2: (region) => new WAFV2Client({ region, credentials }),
  };
});
afterAll(() => twin.stop());

/** A ready account: both regions bootstrapped, the models available, the web ACL deployed. */
beforeEach(() => {
  twin.reset();
  for (const mock of [cloudFormation, ssm, bedrock, wafv2, serviceQuotas]) mock.reset();
  quotas();
  cloudFormation.on(DescribeStacksCommand, { StackName: 'CDKToolkit' }).resolves({
    Stacks: [{ StackName: 'CDKToolkit', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() }],
  });
  cloudFormation.on(DescribeStacksCommand, { StackName: 'StoryMagicWaf' }).resolves({
    Stacks: [
      {
        StackName: 'StoryMagicWaf',
        StackStatus: 'CREATE_COMPLETE',
        CreationTime: new Date(),
        Outputs: [{ OutputKey: 'WebAclArn', OutputValue: WEB_ACL_ARN }],
      },
    ],
  });
  ssm.on(GetParameterCommand).resolves({ Parameter: { Name: '/cdk-bootstrap/hnb659fds/version', Value: '27' } });
  ssm
    .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/public-key' })
    .resolves({ Parameter: { Type: 'String', Value: MEDIA_KEY.publicKey } });
  ssm
    .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/private-key', WithDecryption: true })
    .resolves({ Parameter: { Type: 'SecureString', Value: MEDIA_KEY.privateKey } });
  bedrock.on(GetFoundationModelAvailabilityCommand).resolves({
    modelId: 'x',
    agreementAvailability: { status: 'AVAILABLE' },
    authorizationStatus: 'AUTHORIZED',
    entitlementAvailability: 'AVAILABLE',
    regionAvailability: 'AVAILABLE',
  });
  wafv2.on(GetWebACLCommand).resolves({});
});

async function doctor(options: Partial<Parameters<typeof runDoctor>[0]> = {}) {
  const lines: string[] = [];
  const passed = await runDoctor({ region: 'us-west-2', clients, log: (line) => lines.push(line), ...options });
  return { passed, lines };
}

describe('npm run doctor', () => {
  it('passes a ready account, one line per check, calling Nova Lite for one token through its profile', async () => {
    const { passed, lines } = await doctor();
    expect(passed).toBe(true);
    expect(lines).toEqual([
      '✓ CDK bootstrap in us-west-2 (version 27)',
      '✓ CDK bootstrap in us-east-1 (version 27)',
      '✓ amazon.nova-lite-v1:0 answers in us-west-2 (as us.amazon.nova-lite-v1:0, one token)',
      '✓ stability.stable-image-core-v1:1 is available in us-west-2 (subscribed)',
      '✓ stability.stable-image-ultra-v1:1 is available in us-west-2 (subscribed)',
      '✓ guardrail: none named, the app creates its own child-safety guardrail',
      '✓ web ACL story-magic exists in us-east-1',
      '✓ media signing key pair in us-west-2 (/StoryMagic/media-signing/public-key, private key a SecureString)',
      '✓ amazon.nova-lite-v1:0: 2,000 requests and 4,000,000 tokens a minute, 5,760,000,000 tokens a day',
      '✓ stability.stable-image-core-v1:1: 15 pictures a minute',
      '✓ stability.stable-image-ultra-v1:1: 10 pictures a minute',
      '✓ guardrail: 50 text units a second ("Text units per second for ApplyGuardrail content filter policy")',
      // 80 % of min(2,000 / 2.5 requests, 4,000,000 / 7,500 tokens, 3,000 / 16 units) stories, of 15 pictures (Core).
      '✓ the account can make about 42 stories and 12 covers a minute (80 % of the quotas); the floor is 20 and 5',
      '✓ Lambda: 1,000 concurrent executions (100 kept for story work, 10 for sign-in)',
      '✓ Polly: 8 SynthesizeSpeech requests a second (about 240 parts read aloud a minute)',
      `Size the capacity gate to this account: deploy with -c bedrockQuotas='${JSON.stringify({
        text: {
          everyModel: {},
          byModel: {
            'amazon.nova-lite-v1:0': {
              requestsPerMinute: 2000,
              tokensPerMinute: 4_000_000,
              tokensPerDay: 5_760_000_000,
            },
          },
        },
        image: {
          everyModel: {},
          byModel: {
            'stability.stable-image-core-v1:1': { requestsPerMinute: 15 },
            'stability.stable-image-ultra-v1:1': { requestsPerMinute: 10 },
          },
        },
        guardrailTextUnitsPerSecond: 50,
        timeScale: 1,
      })}'`,
      'All checks passed: ready to deploy.',
    ]);
    expect(twin.calls()).toMatchObject([
      { operation: 'converse', modelId: 'us.amazon.nova-lite-v1:0', region: 'us-west-2', answer: 'ok' },
    ]);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(4);
    expect(wafv2.commandCalls(GetWebACLCommand)[0]?.args[0].input).toEqual({
      Name: 'story-magic',
      Id: 'abc-123',
      Scope: 'CLOUDFRONT',
    });
  });

  it('fails, saying how to make and store one, without the media signing key pair or with two halves of different pairs', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/private-key', WithDecryption: true })
      .rejects(Object.assign(new Error('Parameter not found'), { name: 'ParameterNotFound' }));
    const missing = await doctor();
    expect(missing.passed).toBe(false);
    const line = missing.lines.find((each) => each.startsWith('✗ no media signing key pair in us-west-2. To fix:'));
    expect(line).toContain('--name /StoryMagic/media-signing/private-key --type SecureString');
    ssm
      .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/private-key', WithDecryption: true })
      .resolves({ Parameter: { Type: 'SecureString', Value: newMediaSigningKey().privateKey } });
    expect((await doctor()).lines).toContainEqual(
      expect.stringMatching(/^✗ the media signing keys in us-west-2 are not one pair\. To fix:/),
    );
    // Nothing of the private key is ever printed.
    expect(JSON.stringify(missing.lines)).not.toContain('PRIVATE KEY');
  });

  it('fails, saying how to bootstrap, when us-east-1 is not bootstrapped', async () => {
    cloudFormation
      .on(DescribeStacksCommand, { StackName: 'CDKToolkit' })
      .resolvesOnce({ Stacks: [{ StackName: 'CDKToolkit', StackStatus: 'CREATE_COMPLETE', CreationTime: new Date() }] })
      .rejects(Object.assign(new Error('Stack with id CDKToolkit does not exist'), { name: 'ValidationError' }));
    const { passed, lines } = await doctor();
    expect(passed).toBe(false);
    expect(lines).toContain(
      '✗ us-east-1 is not CDK-bootstrapped. To fix: run: npx cdk bootstrap aws://<account>/us-east-1',
    );
    expect(lines.at(-1)).toBe('1 check(s) failed.');
  });

  it('fails an old bootstrap and a CDKToolkit stack left rolled back', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '4' } });
    expect((await doctor()).lines[0]).toMatch(/^✗ bootstrap version 4 in us-west-2 is older than 6/);
    cloudFormation.on(DescribeStacksCommand, { StackName: 'CDKToolkit' }).resolves({
      Stacks: [{ StackName: 'CDKToolkit', StackStatus: 'UPDATE_ROLLBACK_COMPLETE', CreationTime: new Date() }],
    });
    expect((await doctor()).lines[0]).toMatch(/^✗ the CDKToolkit stack in us-west-2 is UPDATE_ROLLBACK_COMPLETE/);
  });

  it('fails a text model Bedrock refuses, with the error the twin answered', async () => {
    twin.script({ converse: ['unavailable'] });
    const { passed, lines } = await doctor();
    expect(passed).toBe(false);
    expect(lines[2]).toMatch(/^✗ amazon\.nova-lite-v1:0 cannot be called in us-west-2 \(ServiceUnavailableException/);
  });

  it('refuses a region the catalogue says cannot serve the models, without calling them', async () => {
    const { passed, lines } = await doctor({ region: 'us-east-1' });
    expect(passed).toBe(false);
    expect(lines).toContain('✓ amazon.nova-lite-v1:0 answers in us-east-1 (as amazon.nova-lite-v1:0, one token)');
    expect(lines.filter((line) => line.includes('is not served in us-east-1; it is served in us-west-2'))).toHaveLength(
      2,
    );
    expect(bedrock.commandCalls(GetFoundationModelAvailabilityCommand)).toHaveLength(0);
  });

  it('fails a Marketplace model not entitled, and one whose agreement is not in place yet (first covers would fail)', async () => {
    bedrock
      .on(GetFoundationModelAvailabilityCommand, { modelId: 'stability.stable-image-core-v1:1' })
      .resolves({
        modelId: 'x',
        agreementAvailability: { status: 'NOT_AVAILABLE' },
        authorizationStatus: 'AUTHORIZED',
        entitlementAvailability: 'AVAILABLE',
        regionAvailability: 'AVAILABLE',
      })
      .on(GetFoundationModelAvailabilityCommand, { modelId: 'stability.stable-image-ultra-v1:1' })
      .resolves({
        modelId: 'x',
        agreementAvailability: { status: 'NOT_AVAILABLE' },
        authorizationStatus: 'AUTHORIZED',
        entitlementAvailability: 'NOT_AVAILABLE',
        regionAvailability: 'AVAILABLE',
      });
    const { passed, lines } = await doctor();
    expect(passed).toBe(false);
    expect(lines).toContain(
      '✗ the Marketplace agreement for stability.stable-image-core-v1:1 is not available. To fix: open the model in the Bedrock console (Model catalog) and request access to accept its offer; wait until it is available',
    );
    expect(lines).toContain(
      '✗ the account is not entitled to stability.stable-image-ultra-v1:1. To fix: allow AWS Marketplace purchases for the account, then retry',
    );
  });

  it('fails a new account whose text model quotas are 0, naming the quota to ask to increase', async () => {
    quotas(BEDROCK_QUOTAS.map((quota) => (quota.QuotaName?.includes('Nova Lite') ? { ...quota, Value: 0 } : quota)));
    const { passed, lines } = await doctor();
    expect(passed).toBe(false);
    expect(lines).toContain(
      '✗ amazon.nova-lite-v1:0 may not be called at all: its quotas in us-west-2 are 0 requests and 0 tokens a minute. To fix: request an increase of "Cross-region model inference requests per minute for Amazon Nova Lite" in Service Quotas (Amazon Bedrock, us-west-2) well before launch: AWS reviews Bedrock increases by hand, favours accounts already using their quota, and may take days',
    );
    expect(lines.some((line) => line.startsWith('✗ the account can make only about 0 stories'))).toBe(true);
  });

  it('fails a Lambda concurrency the stack cannot reserve from (a new account’s 10)', async () => {
    quotas(BEDROCK_QUOTAS, 10);
    const { passed, lines } = await doctor();
    expect(passed).toBe(false);
    expect(lines.find((line) => line.startsWith('✗ Lambda allows 10 concurrent executions'))).toContain(
      'request "Concurrent executions" of at least 210',
    );
  });

  it('fails below the floor the operator sets', async () => {
    const { passed, lines } = await doctor({ floor: { storiesPerMinute: 500, coversPerMinute: 5 } });
    expect(passed).toBe(false);
    expect(lines).toContain(
      '✗ the account can make only about 42 stories and 12 covers a minute (80 % of the quotas), below the floor of 500 stories and 5 covers. To fix: request the increases named above (README "Opening night"), or lower the floor with -c minStoriesPerMinute / -c minCoversPerMinute',
    );
  });

  it('checks a named guardrail exists and is ready', async () => {
    bedrock.on(GetGuardrailCommand).resolves({ name: 'family-safe', status: 'READY' } as never);
    const ready = await doctor({ guardrail: { id: 'abc123', version: '2' } });
    expect(ready.lines).toContain('✓ guardrail family-safe version 2 is ready in us-west-2');
    expect(bedrock.commandCalls(GetGuardrailCommand)[0]?.args[0].input).toEqual({
      guardrailIdentifier: 'abc123',
      guardrailVersion: '2',
    });
    bedrock
      .on(GetGuardrailCommand)
      .rejects(Object.assign(new Error('not found'), { name: 'ResourceNotFoundException' }));
    const missing = await doctor({ guardrail: { id: 'abc123', version: '2' } });
    expect(missing.passed).toBe(false);
    expect(missing.lines).toContain(
      "✗ guardrail abc123 version 2 not found in us-west-2 (ResourceNotFoundException: not found). To fix: create it in us-west-2 first, or deploy without -c guardrailId to use the app's own",
    );
  });

  it('fails a web ACL outside us-east-1, and a missing web ACL stack', async () => {
    const elsewhere = await doctor({ webAclArn: WEB_ACL_ARN.replace('us-east-1', 'eu-west-1') });
    expect(elsewhere.passed).toBe(false);
    expect(elsewhere.lines).toContain(
      '✗ the web ACL is in eu-west-1; CloudFront takes only us-east-1. To fix: deploy StoryMagicWaf (it is made in us-east-1)',
    );
    cloudFormation
      .on(DescribeStacksCommand, { StackName: 'StoryMagicWaf' })
      .rejects(Object.assign(new Error('Stack with id StoryMagicWaf does not exist'), { name: 'ValidationError' }));
    const missing = await doctor();
    expect(missing.lines).toContain(
      '✗ no web ACL: the StoryMagicWaf stack is not deployed in us-east-1. To fix: run: npm run build:web && npx cdk deploy StoryMagicWaf',
    );
  });
});
