/**
 * `npm run doctor`: text models are really called, through the real SDK, on the Bedrock twin (which answers
 * as Bedrock does per region); the services the twin does not cover (CloudFormation, SSM, WAFv2, Lambda, SES,
 * Service Quotas and Bedrock's control plane) are mocked at the SDK boundary.
 */
import { BedrockClient, GetFoundationModelAvailabilityCommand, GetGuardrailCommand } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DescribeParametersCommand, GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import {
  ListAWSDefaultServiceQuotasCommand,
  ListServiceQuotasCommand,
  ServiceQuotasClient,
  type ServiceQuota,
} from '@aws-sdk/client-service-quotas';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import { runDoctor, type DoctorClients } from '../../bin/doctor/run-doctor.js';
import { newMediaSigningKey } from '../../bin/local/media-signing-key.js';
import { parseReservedConcurrency } from '../../lib/reserved-concurrency.js';

const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/story-magic/abc-123';
const cloudFormation = mockClient(CloudFormationClient);
const ssm = mockClient(SSMClient);
/** The operator's media signing key pair (a test one). */
const MEDIA_KEY = newMediaSigningKey();
const bedrock = mockClient(BedrockClient);
const wafv2 = mockClient(WAFV2Client);
const serviceQuotas = mockClient(ServiceQuotasClient);
const lambda = mockClient(LambdaClient);
const sesv2 = mockClient(SESv2Client);

/** An account's applied quotas as Service Quotas lists them (names as AWS writes them; codes made up). */
const BEDROCK_QUOTAS: ServiceQuota[] = [
  {
    QuotaCode: 'Q-NOVA-XR-RPM',
    QuotaName: 'Cross-region model inference requests per minute for Amazon Nova Lite',
    Value: 2000,
  },
  {
    QuotaCode: 'Q-NOVA-XR-TPM',
    QuotaName: 'Cross-region model inference tokens per minute for Amazon Nova Lite',
    Value: 4_000_000,
  },
  {
    QuotaCode: 'Q-NOVA-OD-RPM',
    QuotaName: 'On-demand model inference requests per minute for Amazon Nova Lite',
    Value: 1000,
  },
  {
    QuotaCode: 'Q-NOVA-TPD',
    QuotaName: 'Model invocation max tokens per day for Amazon Nova Lite',
    Value: 5_760_000_000,
  },
  {
    QuotaCode: 'Q-CORE-RPM',
    QuotaName: 'On-demand model inference requests per minute for Stability AI Stable Image Core',
    Value: 15,
  },
  {
    QuotaCode: 'Q-ULTRA-RPM',
    QuotaName: 'On-demand model inference requests per minute for Stability AI Stable Image Ultra',
    Value: 10,
  },
  {
    QuotaCode: 'Q-GUARDRAIL-TUPS',
    QuotaName: 'Text units per second for ApplyGuardrail content filter policy',
    Value: 50,
  },
];
/** Applied values (ListServiceQuotas lists only these) and AWS's defaults (ListAWSDefaultServiceQuotas). */
function quotas(applied: ServiceQuota[] = BEDROCK_QUOTAS, defaults: ServiceQuota[] = []) {
  serviceQuotas
    .on(ListServiceQuotasCommand, { ServiceCode: 'bedrock' })
    .resolves({ Quotas: applied })
    .on(ListAWSDefaultServiceQuotasCommand, { ServiceCode: 'bedrock' })
    .resolves({ Quotas: defaults })
    .on(ListServiceQuotasCommand, { ServiceCode: 'polly' })
    .resolves({ Quotas: [{ QuotaName: 'Transactions per second for SynthesizeSpeech (neural)', Value: 8 }] })
    .on(ListAWSDefaultServiceQuotasCommand, { ServiceCode: 'polly' })
    .resolves({ Quotas: [] });
}
const lambdaLimit = (ConcurrentExecutions: number) =>
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions } });
/** The private key's SecureString as DescribeParameters lists it (the KMS key it was put under). */
const privateKeyUnder = (KeyId: string | undefined) =>
  ssm.on(DescribeParametersCommand).resolves({
    Parameters: KeyId ? [{ Name: '/StoryMagic/media-signing/private-key', Type: 'SecureString', KeyId }] : [],
  });
/** The StoryMagic stack deployed (its media signing key's id an output), or not yet. */
const storyMagicStack = (deployed: boolean) =>
  deployed
    ? cloudFormation.on(DescribeStacksCommand, { StackName: 'StoryMagic' }).resolves({
        Stacks: [
          {
            StackName: 'StoryMagic',
            StackStatus: 'UPDATE_COMPLETE',
            CreationTime: new Date(),
            Outputs: [{ OutputKey: 'MediaSigningKeyId', OutputValue: '0a1b2c3d-4e5f-6789-abcd-ef0123456789' }],
          },
        ],
      })
    : cloudFormation
        .on(DescribeStacksCommand, { StackName: 'StoryMagic' })
        .rejects(Object.assign(new Error('Stack with id StoryMagic does not exist'), { name: 'ValidationError' }));
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
    lambda: (region) => new LambdaClient({ region, credentials }),
    sesv2: (region) => new SESv2Client({ region, credentials }),
  };
});
afterAll(() => twin.stop());

/**
 * A ready account: both regions bootstrapped, the models available, the web ACL deployed, the stack deployed
 * with the media signing key pair in place (the private half under the stack's key), SES out of its sandbox,
 * Lambda's concurrency at 1,000.
 */
beforeEach(() => {
  twin.reset();
  for (const mock of [cloudFormation, ssm, bedrock, wafv2, serviceQuotas, lambda, sesv2]) mock.reset();
  quotas();
  lambdaLimit(1000);
  sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
  storyMagicStack(true);
  privateKeyUnder('alias/StoryMagic/media-signing');
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
      '✓ media signing key pair in us-west-2 (/StoryMagic/media-signing/public-key, private key a SecureString under alias/StoryMagic/media-signing)',
      '✓ SES in us-west-2 has production access (out of the sandbox)',
      '✓ Lambda: 1,000 concurrent executions in us-west-2, nothing reserved (-c reservedConcurrency=off); -c reservedConcurrency=110 would fit',
      '✓ amazon.nova-lite-v1:0: 2,000 requests and 4,000,000 tokens a minute, 5,760,000,000 tokens a day',
      '✓ stability.stable-image-core-v1:1: 15 pictures a minute',
      '✓ stability.stable-image-ultra-v1:1: 10 pictures a minute',
      '✓ guardrail: 50 text units a second ("Text units per second for ApplyGuardrail content filter policy")',
      // 80 % of min(2,000 / 2.5 requests, 4,000,000 / 6,645 tokens, 3,000 / 66.5 units) stories, of 15 pictures (Core).
      '✓ the account can make about 36 stories and 12 covers a minute (80 % of the quotas); the floor is 20 and 5',
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

  it('passes before the first deploy with the public half alone, saying the private half goes under the stack’s key after it', async () => {
    storyMagicStack(false);
    privateKeyUnder(undefined);
    const { passed, lines } = await doctor();
    expect(passed).toBe(true);
    const line = lines.find((each) => each.startsWith('⚠ the media signing public key is in us-west-2'));
    expect(line).toContain(
      'After the deploy: aws ssm put-parameter --region us-west-2 --name /StoryMagic/media-signing/private-key --type SecureString --key-id alias/StoryMagic/media-signing',
    );
    expect(lines.at(-1)).toBe('All checks passed, with 1 warning(s) (⚠) to see to before a launch: ready to deploy.');
  });

  it('fails a deployed stack whose private key is missing, or under aws/ssm, which any principal of the account may decrypt with', async () => {
    privateKeyUnder(undefined);
    const missing = await doctor();
    expect(missing.passed).toBe(false);
    expect(missing.lines.find((each) => each.startsWith('✗ no media signing private key in us-west-2'))).toContain(
      '--key-id alias/StoryMagic/media-signing',
    );
    privateKeyUnder('alias/aws/ssm');
    const managed = await doctor();
    expect(managed.passed).toBe(false);
    expect(managed.lines).toContainEqual(
      expect.stringMatching(
        /^✗ \/StoryMagic\/media-signing\/private-key is encrypted with alias\/aws\/ssm, which any principal of the account allowed ssm:GetParameter may decrypt with\. To fix: aws ssm put-parameter .*--key-id alias\/StoryMagic\/media-signing --overwrite/,
      ),
    );
    // Before the first deploy the stack's key does not exist yet: a warning, not a failure.
    storyMagicStack(false);
    const early = await doctor();
    expect(early.passed).toBe(true);
    expect(early.lines).toContainEqual(
      expect.stringMatching(/^⚠ .*encrypted with alias\/aws\/ssm.* After the first deploy/),
    );
    // The stack's key named by its id or ARN is the stack's key too.
    storyMagicStack(true);
    privateKeyUnder('arn:aws:kms:us-west-2:123456789012:key/0a1b2c3d-4e5f-6789-abcd-ef0123456789');
    expect((await doctor()).passed).toBe(true);
  });

  it('fails two halves of different pairs, and warns when these credentials may not decrypt the private half', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/private-key', WithDecryption: true })
      .resolves({ Parameter: { Type: 'SecureString', Value: newMediaSigningKey().privateKey } });
    const mismatched = await doctor();
    expect(mismatched.passed).toBe(false);
    expect(mismatched.lines).toContainEqual(
      expect.stringMatching(/^✗ the media signing keys in us-west-2 are not one pair\. To fix: make a key pair/),
    );
    // Nothing of the private key is ever printed.
    expect(JSON.stringify(mismatched.lines)).not.toContain('PRIVATE KEY');
    ssm
      .on(GetParameterCommand, { Name: '/StoryMagic/media-signing/private-key', WithDecryption: true })
      .rejects(Object.assign(new Error('not allowed'), { name: 'AccessDeniedException' }));
    const denied = await doctor();
    expect(denied.passed).toBe(true);
    expect(denied.lines).toContainEqual(
      expect.stringMatching(
        /^⚠ .*private-key is a SecureString under alias\/StoryMagic\/media-signing, which these credentials may not decrypt/,
      ),
    );
  });

  it('warns, with the request to make, while SES is still in its sandbox', async () => {
    sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const { passed, lines } = await doctor();
    expect(passed).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^⚠ SES in us-west-2 is still in the sandbox: it sends only to verified addresses, so no family gets the inactive-account warning .* aws sesv2 put-account-details --region us-west-2 --production-access-enabled/,
      ),
    );
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

  describe('Lambda concurrency against -c reservedConcurrency (GetAccountSettings)', () => {
    const request = (value: number) =>
      `aws service-quotas request-service-quota-increase --region us-west-2 --service-code lambda --quota-code L-B99A9384 --desired-value ${value}`;

    it('passes a new account’s 10 with nothing reserved (the default), with the request to make before a launch', async () => {
      lambdaLimit(10);
      const { passed, lines } = await doctor();
      expect(passed).toBe(true);
      const line = lines.find((each) =>
        each.startsWith('⚠ Lambda: 10 concurrent executions in us-west-2, nothing reserved'),
      );
      expect(line).toContain(request(1000));
      expect(line).toContain('deploy with -c reservedConcurrency=110');
    });

    it('fails a reservation the account’s limit cannot hold, naming the limit it needs and the request', async () => {
      lambdaLimit(10);
      const { passed, lines } = await doctor({ reserved: parseReservedConcurrency('110') });
      expect(passed).toBe(false);
      expect(lines).toContain(
        '✗ Lambda allows 10 concurrent executions in us-west-2; -c reservedConcurrency=110 reserves 100 for story work and 10 for sign-in, and Lambda keeps 100 unreserved, so the deploy needs 210. ' +
          `To fix: request "Concurrent executions" of at least 210 in Service Quotas (AWS Lambda, us-west-2): ${request(210)}; until it is granted, deploy with -c reservedConcurrency=off`,
      );
      lambdaLimit(150);
      expect((await doctor({ reserved: parseReservedConcurrency('110') })).lines).toContainEqual(
        expect.stringMatching(
          /so the deploy needs 210\. .*deploy with -c reservedConcurrency=50 or -c reservedConcurrency=off$/,
        ),
      );
    });

    it('passes a reservation that fits', async () => {
      lambdaLimit(210);
      const { passed, lines } = await doctor({ reserved: parseReservedConcurrency('110') });
      expect(passed).toBe(true);
      expect(lines).toContain(
        '✓ Lambda: 210 concurrent executions in us-west-2; -c reservedConcurrency=110 keeps 100 for story work and 10 for sign-in, 100 unreserved',
      );
    });

    it('fails when the account settings cannot be read', async () => {
      lambda.on(GetAccountSettingsCommand).rejects(Object.assign(new Error('no'), { name: 'AccessDeniedException' }));
      const { passed, lines } = await doctor();
      expect(passed).toBe(false);
      expect(lines).toContain(
        "✗ could not read Lambda's account settings in us-west-2 (AccessDeniedException). To fix: allow these credentials lambda:GetAccountSettings",
      );
    });
  });

  describe('quotas Service Quotas leaves out', () => {
    const without = (pattern: RegExp) => BEDROCK_QUOTAS.filter((quota) => !pattern.test(quota.QuotaName ?? ''));

    it('warns, without failing, of a Nova Lite requests-per-minute quota AWS does not apply, and sizes by the tokens', async () => {
      quotas(without(/requests per minute for Amazon Nova Lite/));
      const { passed, lines } = await doctor();
      expect(passed).toBe(true);
      expect(lines).toContain('✓ amazon.nova-lite-v1:0: 4,000,000 tokens a minute, 5,760,000,000 tokens a day');
      expect(lines).toContain(
        '⚠ Service Quotas lists no cross-region requests per minute for amazon.nova-lite-v1:0 in us-west-2, applied or default. AWS applies it to some models only; the gate is sized without it',
      );
      const sized = lines.find((line) => line.startsWith('Size the capacity gate'));
      expect(sized).toContain('"amazon.nova-lite-v1:0":{"tokensPerMinute":4000000,"tokensPerDay":5760000000}');
    });

    it('reads AWS’s default value of a quota the account has no applied value for, the applied one winning', async () => {
      const pictures = /Stable Image/;
      quotas(without(pictures), [
        ...BEDROCK_QUOTAS.filter((quota) => pictures.test(quota.QuotaName ?? '')).map((quota) => ({
          ...quota,
          Value: 90,
        })),
        // The default of a quota the account has its own value of does not count.
        { ...(BEDROCK_QUOTAS[1] as ServiceQuota), Value: 1 },
      ]);
      const { passed, lines } = await doctor();
      expect(passed).toBe(true);
      expect(lines).toContain('✓ stability.stable-image-core-v1:1: 90 pictures a minute');
      expect(lines).toContain('✓ stability.stable-image-ultra-v1:1: 90 pictures a minute');
      expect(lines).toContain(
        '✓ amazon.nova-lite-v1:0: 2,000 requests and 4,000,000 tokens a minute, 5,760,000,000 tokens a day',
      );
    });

    it('fails a guardrail quota of 0, which would throttle every guarded call', async () => {
      quotas(
        BEDROCK_QUOTAS.map((quota) => (/Text units/.test(quota.QuotaName ?? '') ? { ...quota, Value: 0 } : quota)),
      );
      const { passed, lines } = await doctor();
      expect(passed).toBe(false);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^✗ the guardrail's quota "Text units per second for ApplyGuardrail content filter policy" is 0 in us-west-2\. To fix: request an increase/,
        ),
      );
      expect(lines.some((line) => line.startsWith('✗ the account can make only about 0 stories'))).toBe(true);
      expect(lines.some((line) => line.startsWith('Size the capacity gate'))).toBe(false);
    });

    it('warns of a picture model or guardrail quota listed nowhere, and of defaults it could not read', async () => {
      quotas(without(/Stable Image Ultra|Text units/));
      serviceQuotas
        .on(ListAWSDefaultServiceQuotasCommand, { ServiceCode: 'bedrock' })
        .rejects(Object.assign(new Error('no'), { name: 'AccessDeniedException' }));
      const { passed, lines } = await doctor();
      expect(passed).toBe(true);
      expect(lines).toContainEqual(
        expect.stringMatching(/^⚠ could not read AWS's default Bedrock quotas \(AccessDeniedException\)/),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^⚠ Service Quotas lists no requests per minute for stability\.stable-image-ultra-v1:1 in us-west-2/,
        ),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(/^⚠ Service Quotas lists no guardrail text units per second in us-west-2/),
      );
    });
  });

  it('fails below the floor the operator sets', async () => {
    const { passed, lines } = await doctor({ floor: { storiesPerMinute: 500, coversPerMinute: 5 } });
    expect(passed).toBe(false);
    expect(lines).toContain(
      '✗ the account can make only about 36 stories and 12 covers a minute (80 % of the quotas), below the floor of 500 stories and 5 covers. To fix: request the increases named above (README "Opening night"), or lower the floor with -c minStoriesPerMinute / -c minCoversPerMinute',
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
