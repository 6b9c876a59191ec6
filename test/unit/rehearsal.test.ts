import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { selectRoute } from '../../bin/rehearsal/front.js';
import type { AssemblyStack } from '../../bin/rehearsal/assembly.js';
import { resolveValue, type ResolveContext } from '../../bin/rehearsal/intrinsics.js';
import { keyPolicyRefusal } from '../../bin/rehearsal/key-policy.js';
import {
  createFunctionPool,
  MAX_SYNC_PAYLOAD_BYTES,
  type LambdaFunctionPool,
} from '../../bin/rehearsal/lambda-service.js';

/** The deploy rehearsal's stand-ins for Lambda, CloudFormation's intrinsics and API Gateway's routing. */

const scratch = mkdtempSync(join(tmpdir(), 'rehearsal-unit-'));
const pools: LambdaFunctionPool[] = [];
afterAll(() => {
  for (const pool of pools) pool.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A function whose asset is one module, as the rehearsal would run it from a cloud assembly. */
function functionOf(
  name: string,
  code: string,
  settings: { timeoutSeconds?: number; environment?: Record<string, string> } = {},
) {
  const assetDir = join(scratch, 'assets', name);
  mkdirSync(assetDir, { recursive: true });
  writeFileSync(join(assetDir, 'index.mjs'), code);
  const pool = createFunctionPool(
    {
      name,
      arn: `arn:aws:lambda:us-east-1:123456789012:function:${name}`,
      logicalId: name,
      runtime: `nodejs${process.versions.node.split('.')[0]}.x`,
      handler: 'index.handler',
      assetDir,
      memorySize: 256,
      timeoutSeconds: settings.timeoutSeconds ?? 5,
      reservedConcurrency: undefined,
      environment: settings.environment ?? {},
    },
    { taskRoot: join(scratch, name, 'task'), tmp: join(scratch, name, 'tmp'), logFile: join(scratch, `${name}.log`) },
    { region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
  );
  pools.push(pool);
  return pool;
}

describe('the rehearsal runs a function as Lambda does', { timeout: 30_000 }, () => {
  it("gives the handler the template's variables and Lambda's own, and nothing of the machine's", async () => {
    process.env.STORY_MAGIC_HOST_ONLY = 'leaked';
    const pool = functionOf(
      'environment',
      `export const handler = async (event, context) => ({ event, table: process.env.TABLE_NAME, region: process.env.AWS_REGION,
        name: context.functionName, host: process.env.STORY_MAGIC_HOST_ONLY ?? null, remaining: context.getRemainingTimeInMillis() > 0 })`,
      { environment: { TABLE_NAME: 'the-table' } },
    );
    const outcome = await pool.invoke({ task: 'hello' });
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && JSON.parse(outcome.payload)).toEqual({
      event: { task: 'hello' },
      table: 'the-table',
      region: 'us-east-1',
      name: 'environment',
      host: null,
      remaining: true,
    });
  });

  it('answers a thrown error as Lambda does, with its type and message', async () => {
    const pool = functionOf(
      'throws',
      `export const handler = async () => { throw Object.assign(new Error('no story'), { name: 'ProviderError' }); }`,
    );
    const outcome = await pool.invoke({});
    expect(outcome).toMatchObject({ ok: false, errorType: 'ProviderError', errorMessage: 'no story' });
  });

  it('keeps the code read-only, as /var/task is', async () => {
    const pool = functionOf(
      'writes',
      `import { writeFileSync } from 'node:fs';
       export const handler = async () => { writeFileSync(new URL('./cache.json', import.meta.url), '{}'); return 'wrote'; }`,
    );
    const outcome = await pool.invoke({});
    expect(outcome).toMatchObject({
      ok: false,
      errorMessage: expect.stringMatching(/EACCES|permission denied/i) as unknown,
    });
  });

  it('ends an invocation at the timeout, and the next one starts a fresh container', async () => {
    const pool = functionOf(
      'slow',
      `let calls = 0; export const handler = async (event) => { calls += 1; if (event.wait) await new Promise(() => {}); return calls; }`,
      { timeoutSeconds: 1 },
    );
    const timedOut = await pool.invoke({ wait: true });
    expect(timedOut).toMatchObject({ ok: false, errorType: 'Sandbox.Timedout' });
    expect(timedOut.ok || timedOut.errorMessage).toMatch(/Task timed out after 1\.00 seconds/);
    const next = await pool.invoke({});
    expect(next.ok && next.payload).toBe('1');
    expect(pool.figures().coldStarts).toBe(2);
  });

  it('refuses an answer over 6 MB', async () => {
    const pool = functionOf('large', `export const handler = async () => 'x'.repeat(${MAX_SYNC_PAYLOAD_BYTES + 1})`);
    expect(await pool.invoke({})).toMatchObject({ ok: false, errorType: 'Function.ResponseSizeTooLarge' });
  });

  it('names a handler its asset does not hold', async () => {
    const pool = functionOf('missing', `export const other = async () => 1;`);
    expect(await pool.invoke({})).toMatchObject({ ok: false, errorType: 'Runtime.HandlerNotFound' });
  });
});

describe("CloudFormation's intrinsics, as the rehearsal resolves them", () => {
  const context: ResolveContext = {
    stackName: 'StoryMagic',
    region: 'eu-west-1',
    accountId: '123456789012',
    template: {
      Resources: { Pool: { Type: 'AWS::Cognito::UserPool' }, Secret: { Type: 'AWS::SecretsManager::Secret' } },
    },
    physical: new Map([
      ['Pool', { ref: 'eu-west-1_abc', attributes: { Arn: 'arn:pool' } }],
      ['Secret', { ref: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-x1' }],
    ]),
    secrets: new Map([['arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-x1', 's3cret']]),
    parameters: new Map(),
  };

  it('joins, substitutes and reads attributes and secrets', () => {
    expect(
      resolveValue(
        { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: 'Pool' }]] },
        context,
      ),
    ).toBe('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc');
    expect(resolveValue({ 'Fn::Sub': '${Pool.Arn}/${AWS::AccountId}' }, context)).toBe('arn:pool/123456789012');
    expect(
      resolveValue(
        { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: 'Secret' }, ':SecretString:::}}']] },
        context,
      ),
    ).toBe('s3cret');
  });

  it('fails, naming it, on a reference it cannot answer', () => {
    expect(() => resolveValue({ 'Fn::GetAtt': ['Pool', 'ProviderURL'] }, context)).toThrow(/Pool\.ProviderURL/);
    expect(() => resolveValue({ Ref: 'Nowhere' }, context)).toThrow(/Ref Nowhere/);
  });
});

describe('the media signing private key, as KMS would let the functions read it', () => {
  const parameterArn = {
    'Fn::Join': [
      '',
      ['arn:aws:ssm:', { Ref: 'AWS::Region' }, ':123456789012:parameter/StoryMagic/media-signing/private-key'],
    ],
  };
  const stackWith = (reader: string, via = 'ssm.us-west-2.amazonaws.com'): AssemblyStack => ({
    name: 'StoryMagic',
    region: undefined,
    assets: new Map(),
    template: {
      Resources: {
        Key: {
          Type: 'AWS::KMS::Key',
          Properties: {
            KeyPolicy: {
              Statement: [
                { Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::123456789012:root' }, Action: 'kms:Encrypt' },
                {
                  Effect: 'Allow',
                  Principal: { AWS: { 'Fn::GetAtt': [reader, 'Arn'] } },
                  Action: 'kms:Decrypt',
                  Condition: {
                    StringEquals: { 'kms:ViaService': via, 'kms:EncryptionContext:PARAMETER_ARN': parameterArn },
                  },
                },
              ],
            },
          },
        },
        Alias: {
          Type: 'AWS::KMS::Alias',
          Properties: { AliasName: 'alias/StoryMagic/media-signing', TargetKeyId: { 'Fn::GetAtt': ['Key', 'Arn'] } },
        },
        ApiRole: { Type: 'AWS::IAM::Role' },
        OtherRole: { Type: 'AWS::IAM::Role' },
        Api: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Role: { 'Fn::GetAtt': ['ApiRole', 'Arn'] },
            Environment: { Variables: { MEDIA_SIGNING_KEY_PARAMETER: '/StoryMagic/media-signing/private-key' } },
          },
        },
        Other: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['OtherRole', 'Arn'] } } },
      },
    },
  });
  const contextOf = (stack: AssemblyStack): ResolveContext => ({
    stackName: 'StoryMagic',
    region: 'us-west-2',
    accountId: '123456789012',
    template: stack.template,
    physical: new Map([
      ['Key', { ref: 'k-1', attributes: { Arn: 'arn:aws:kms:us-west-2:123456789012:key/k-1' } }],
      ['ApiRole', { ref: 'api', attributes: { Arn: 'arn:aws:iam::123456789012:role/api' } }],
      ['OtherRole', { ref: 'other', attributes: { Arn: 'arn:aws:iam::123456789012:role/other' } }],
    ]),
    secrets: new Map(),
    parameters: new Map(),
  });
  const refusal = (stack: AssemblyStack) =>
    keyPolicyRefusal(
      stack,
      contextOf(stack),
      'alias/StoryMagic/media-signing',
      '/StoryMagic/media-signing/private-key',
      'MEDIA_SIGNING_KEY_PARAMETER',
    );

  it('lets the function that reads it decrypt when the key policy names its role, through SSM, for that parameter', () => {
    expect(refusal(stackWith('ApiRole'))).toBeUndefined();
  });

  it('refuses a reader the key policy does not name, or names for another region’s SSM', () => {
    expect(refusal(stackWith('OtherRole'))).toMatch(
      /^KMS would refuse Api the media signing private key: the policy of alias\/StoryMagic\/media-signing does not let its role \(arn:aws:iam::123456789012:role\/api\)/,
    );
    expect(refusal(stackWith('ApiRole', 'ssm.us-east-1.amazonaws.com'))).toMatch(/^KMS would refuse Api/);
    const stack = stackWith('ApiRole');
    const { Alias: _, ...withoutAlias } = stack.template.Resources;
    expect(refusal({ ...stack, template: { Resources: withoutAlias } })).toMatch(/no KMS key with the alias/);
  });
});

describe("API Gateway's route selection", () => {
  const routes = [
    { method: 'GET', path: '/api/health', routeKey: 'GET /api/health', jwt: false },
    { method: 'ANY', path: '/api/{proxy+}', routeKey: 'ANY /api/{proxy+}', jwt: true },
  ];

  it('prefers the exact route, then the greedy one, and matches nothing outside them', () => {
    expect(selectRoute(routes, 'GET', '/api/health')?.route.routeKey).toBe('GET /api/health');
    expect(selectRoute(routes, 'POST', '/api/health')?.route.routeKey).toBe('ANY /api/{proxy+}');
    expect(selectRoute(routes, 'GET', '/api/stories/1')?.parameters).toEqual({ proxy: 'stories/1' });
    expect(selectRoute(routes, 'GET', '/api')).toBeUndefined();
    expect(selectRoute(routes, 'GET', '/media/x.png')).toBeUndefined();
  });
});

describe("the Bedrock twin, given the account's guardrails", () => {
  it('refuses a guardrail the account does not have in the called region, as Bedrock does', async () => {
    const { startBedrockTwin } = await import('../../bin/local/bedrock-twin/server.js');
    const { BedrockRuntimeClient, ApplyGuardrailCommand } = await import('@aws-sdk/client-bedrock-runtime');
    const twin = await startBedrockTwin({ guardrails: [{ id: 'kidsafe01', version: '3', region: 'us-west-2' }] });
    const clientIn = (region: string) =>
      new BedrockRuntimeClient({
        region,
        endpoint: twin.url,
        credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
        maxAttempts: 1,
      });
    const apply = (region: string, id: string, version: string) =>
      clientIn(region).send(
        new ApplyGuardrailCommand({
          guardrailIdentifier: id,
          guardrailVersion: version,
          source: 'INPUT',
          content: [{ text: { text: 'a kind dragon' } }],
        }),
      );
    try {
      await expect(apply('us-west-2', 'kidsafe01', '3')).resolves.toMatchObject({ action: 'NONE' });
      await expect(apply('us-west-2', 'kidsafe02', '3')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(apply('us-west-2', 'kidsafe01', '4')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(apply('us-east-1', 'kidsafe01', '3')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    } finally {
      await twin.stop();
    }
  });
});
