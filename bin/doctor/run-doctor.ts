/**
 * The pre-deploy check of `npm run doctor` (bin/doctor.ts), with the operator's AWS credentials: CDK
 * bootstrap in the stack's region and in us-east-1 (the web ACL's stack), each default model invocable
 * from the stack's region (a Marketplace model's agreement in place), the operator's guardrail (when named),
 * the web ACL in us-east-1, the media signing key pair in Parameter Store (private pictures and sound), and
 * the account's quotas: what a busy evening can carry (capacity.ts). One line
 * per check, with what to do when it fails; resolves false when any check failed.
 *
 * "Invocable" is proven at the lowest cost that still proves it: a text model gets a real Converse call
 * of one output token with the id the provider sends (a profile where the region needs one), a fraction
 * of a cent that exercises access, IAM, the profile and the region exactly as the app will. A picture costs
 * $0.04-0.14, so an image model is checked with GetFoundationModelAvailability instead (served in the region,
 * authorised, entitled, and the Marketplace agreement), which Bedrock itself consults before a call.
 */
import { BedrockClient, GetFoundationModelAvailabilityCommand, GetGuardrailCommand } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { capacityChecks, type CapacityFloor, type ReservedConcurrency } from './capacity.js';
import { DEFAULT_MODELS, invocationFor } from '#common/models/catalogue.js';
import { createPublicKey, createSign, createVerify, randomBytes } from 'node:crypto';
import { mediaSigningParameterNames } from '../../lib/media-signing-parameters.js';

/** CloudFront takes web ACLs only from us-east-1, so the StoryMagicWaf stack lives there. */
export const WEB_ACL_REGION = 'us-east-1';
/** CDK's default bootstrap qualifier, and the oldest bootstrap the synthesized templates accept. */
const BOOTSTRAP_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
const MIN_BOOTSTRAP_VERSION = 6;
const WAF_STACK = 'StoryMagicWaf';

export type DoctorClients = Readonly<{
  serviceQuotas(region: string): ServiceQuotasClient;
  cloudFormation(region: string): CloudFormationClient;
  ssm(region: string): SSMClient;
  bedrock(region: string): BedrockClient;
  bedrockRuntime(region: string): BedrockRuntimeClient;
  wafv2(region: string): WAFV2Client;
}>;

export const awsClients: DoctorClients = {
  serviceQuotas: (region) => new ServiceQuotasClient({ region }),
  cloudFormation: (region) => new CloudFormationClient({ region }),
  ssm: (region) => new SSMClient({ region }),
  bedrock: (region) => new BedrockClient({ region }),
  bedrockRuntime: (region) => new BedrockRuntimeClient({ region, maxAttempts: 2 }),
  wafv2: (region) => new WAFV2Client({ region }),
};

export type DoctorOptions = Readonly<{
  /** The stack's region (`-c bedrockRegion`, default us-west-2). */
  region: string;
  guardrail?: { id: string; version: string } | undefined;
  /** `-c webAclArn`; without it the WebAclArn output of the StoryMagicWaf stack is checked. */
  webAclArn?: string | undefined;
  /** The fewest stories and covers a minute the account must carry (`-c minStoriesPerMinute`, `-c minCoversPerMinute`). */
  floor?: CapacityFloor;
  /** What the deploy reserves (`-c workflowConcurrency`, `-c triggersConcurrency`). */
  reserved?: ReservedConcurrency;
  clients?: DoctorClients;
  log?: (line: string) => void;
}>;

type Outcome = { ok: true; detail: string } | { ok: false; detail: string; fix: string };
const pass = (detail: string): Outcome => ({ ok: true, detail });
const fail = (detail: string, fix: string): Outcome => ({ ok: false, detail, fix });
const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `unexpected error: ${String(error)}`;

async function bootstrap(clients: DoctorClients, region: string): Promise<Outcome> {
  const fix = `run: npx cdk bootstrap aws://<account>/${region}`;
  try {
    const { Stacks } = await clients
      .cloudFormation(region)
      .send(new DescribeStacksCommand({ StackName: 'CDKToolkit' }));
    const status = Stacks?.[0]?.StackStatus ?? 'missing';
    if (!/_COMPLETE$/.test(status) || /ROLLBACK|DELETE/.test(status)) {
      return fail(
        `the CDKToolkit stack in ${region} is ${status}`,
        `fix or delete it in the CloudFormation console, then ${fix}`,
      );
    }
    const { Parameter } = await clients.ssm(region).send(new GetParameterCommand({ Name: BOOTSTRAP_PARAMETER }));
    const version = Number(Parameter?.Value);
    if (!Number.isInteger(version) || version < MIN_BOOTSTRAP_VERSION) {
      return fail(
        `bootstrap version ${Parameter?.Value ?? 'missing'} in ${region} is older than ${MIN_BOOTSTRAP_VERSION}`,
        fix,
      );
    }
    return pass(`CDK bootstrap in ${region} (version ${version})`);
  } catch (error) {
    if (/does not exist|ParameterNotFound/.test(errorText(error)))
      return fail(`${region} is not CDK-bootstrapped`, fix);
    return fail(
      `could not read the CDK bootstrap of ${region} (${errorText(error)})`,
      'check the credentials, then ' + fix,
    );
  }
}

async function textModel(clients: DoctorClients, region: string, modelId: string, sent: string): Promise<Outcome> {
  try {
    await clients.bedrockRuntime(region).send(
      new ConverseCommand({
        modelId: sent,
        messages: [{ role: 'user', content: [{ text: 'Answer with one word: ready?' }] }],
        inferenceConfig: { maxTokens: 1 },
      }),
    );
    return pass(`${modelId} answers in ${region} (as ${sent}, one token)`);
  } catch (error) {
    const fix = /AccessDenied/.test(errorText(error))
      ? `allow these credentials bedrock:InvokeModel on ${sent} and check no SCP denies Bedrock in ${region}`
      : `see the Bedrock console's model catalog in ${region}`;
    return fail(`${modelId} cannot be called in ${region} (${errorText(error)})`, fix);
  }
}

async function imageModel(clients: DoctorClients, region: string, modelId: string): Promise<Outcome> {
  try {
    const answer = await clients.bedrock(region).send(new GetFoundationModelAvailabilityCommand({ modelId }));
    if (answer.regionAvailability !== 'AVAILABLE') {
      return fail(`${modelId} is not served in ${region}`, 'deploy to us-west-2 (-c bedrockRegion=us-west-2)');
    }
    if (answer.authorizationStatus !== 'AUTHORIZED') {
      return fail(`${modelId} is not authorised in this account`, 'remove the IAM policy or SCP that denies it');
    }
    if (answer.entitlementAvailability !== 'AVAILABLE') {
      return fail(
        `the account is not entitled to ${modelId}`,
        'allow AWS Marketplace purchases for the account, then retry',
      );
    }
    // A Marketplace model's first call starts its subscription, and calls fail until the agreement is in
    // place (minutes): on a launch evening that is every first cover. It must be in place before the deploy.
    const agreement = answer.agreementAvailability?.status;
    if (agreement !== 'AVAILABLE') {
      const detail = answer.agreementAvailability?.errorMessage ? `: ${answer.agreementAvailability.errorMessage}` : '';
      return fail(
        `the Marketplace agreement for ${modelId} is ${agreement === 'PENDING' ? 'still pending' : (agreement ?? 'unknown').toLowerCase().replace('_', ' ')}${detail}`,
        agreement === 'PENDING'
          ? 'wait a few minutes for AWS to complete it, then run the doctor again'
          : 'open the model in the Bedrock console (Model catalog) and request access to accept its offer; wait until it is available',
      );
    }
    return pass(`${modelId} is available in ${region} (subscribed)`);
  } catch (error) {
    return fail(
      `could not check ${modelId} in ${region} (${errorText(error)})`,
      'allow these credentials bedrock:GetFoundationModelAvailability',
    );
  }
}

async function guardrail(
  clients: DoctorClients,
  region: string,
  given: { id: string; version: string },
): Promise<Outcome> {
  try {
    const answer = await clients
      .bedrock(region)
      .send(new GetGuardrailCommand({ guardrailIdentifier: given.id, guardrailVersion: given.version }));
    if (answer.status !== 'READY') {
      return fail(
        `guardrail ${given.id} version ${given.version} is ${answer.status ?? 'in an unknown state'}`,
        'wait for it to be READY or fix it in the Bedrock console',
      );
    }
    return pass(`guardrail ${answer.name ?? given.id} version ${given.version} is ready in ${region}`);
  } catch (error) {
    return fail(
      `guardrail ${given.id} version ${given.version} not found in ${region} (${errorText(error)})`,
      `create it in ${region} first, or deploy without -c guardrailId to use the app's own`,
    );
  }
}

async function webAcl(clients: DoctorClients, arn: string | undefined): Promise<Outcome> {
  let given = arn;
  if (!given) {
    try {
      const { Stacks } = await clients
        .cloudFormation(WEB_ACL_REGION)
        .send(new DescribeStacksCommand({ StackName: WAF_STACK }));
      given = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === 'WebAclArn')?.OutputValue;
    } catch {
      // Reported below: no stack, no ARN.
    }
    if (!given) {
      return fail(
        `no web ACL: the ${WAF_STACK} stack is not deployed in ${WEB_ACL_REGION}`,
        `run: npm run build:web && npx cdk deploy ${WAF_STACK}`,
      );
    }
  }
  const parts = /^arn:aws[\w-]*:wafv2:([a-z0-9-]+):\d{12}:global\/webacl\/([^/]+)\/([^/]+)$/.exec(given);
  if (!parts)
    return fail(`${given} is not a CloudFront (global) web ACL ARN`, `use the WebAclArn output of ${WAF_STACK}`);
  const [, region, name, id] = parts as unknown as [string, string, string, string];
  if (region !== WEB_ACL_REGION) {
    return fail(
      `the web ACL is in ${region}; CloudFront takes only ${WEB_ACL_REGION}`,
      `deploy ${WAF_STACK} (it is made in ${WEB_ACL_REGION})`,
    );
  }
  try {
    await clients.wafv2(WEB_ACL_REGION).send(new GetWebACLCommand({ Name: name, Id: id, Scope: 'CLOUDFRONT' }));
    return pass(`web ACL ${name} exists in ${WEB_ACL_REGION}`);
  } catch (error) {
    return fail(
      `web ACL ${given} not found (${errorText(error)})`,
      `run: npx cdk deploy ${WAF_STACK}, and pass its WebAclArn`,
    );
  }
}

/** The stack `cdk deploy` makes (lib/app.ts). */
const STACK_NAME = 'StoryMagic';

/**
 * Private pictures and sound: CloudFront trusts the public key the deploy reads from Parameter Store, and the
 * API signs with the private key in its SecureString. Both must be there before the first deploy, and be one
 * pair (a probe signed with one is checked with the other; neither is printed).
 */
async function mediaSigningKey(clients: DoctorClients, region: string): Promise<Outcome> {
  const names = mediaSigningParameterNames(STACK_NAME);
  const fix =
    'make a key pair and store it (README runbook, "Private pictures and sound"): ' +
    'openssl genrsa -out media-key.pem 2048 && openssl rsa -in media-key.pem -pubout -out media-key.pub.pem && ' +
    `aws ssm put-parameter --region ${region} --name ${names.privateKey} --type SecureString --value file://media-key.pem && ` +
    `aws ssm put-parameter --region ${region} --name ${names.publicKey} --type String --value file://media-key.pub.pem && ` +
    'shred -u media-key.pem';
  try {
    const read = (name: string, decrypt: boolean) =>
      clients.ssm(region).send(new GetParameterCommand({ Name: name, WithDecryption: decrypt }));
    const [publicKey, privateKey] = await Promise.all([read(names.publicKey, false), read(names.privateKey, true)]);
    if (privateKey.Parameter?.Type !== 'SecureString') {
      return fail(`${names.privateKey} is not a SecureString`, `delete it, then ${fix}`);
    }
    const probe = randomBytes(32);
    const signature = createSign('RSA-SHA1')
      .update(probe)
      .sign(privateKey.Parameter.Value ?? '');
    const paired = createVerify('RSA-SHA1')
      .update(probe)
      .verify(createPublicKey(publicKey.Parameter?.Value ?? ''), signature);
    if (!paired) return fail(`the media signing keys in ${region} are not one pair`, fix);
    return pass(`media signing key pair in ${region} (${names.publicKey}, private key a SecureString)`);
  } catch (error) {
    if (/ParameterNotFound/.test(errorText(error))) return fail(`no media signing key pair in ${region}`, fix);
    return fail(`could not read the media signing key pair in ${region} (${errorText(error)})`, fix);
  }
}

/**
 * The least a launch needs: 20 stories and 5 covers a minute (a class of families starting together gets
 * its stories at once and its covers within minutes). The operator raises it for a real launch (README
 * "Opening night").
 */
export const DEFAULT_FLOOR: CapacityFloor = { storiesPerMinute: 20, coversPerMinute: 5 };

/** Runs every check (none stops the others); resolves true when all passed. */
export async function runDoctor(options: DoctorOptions): Promise<boolean> {
  const clients = options.clients ?? awsClients;
  const log = options.log ?? ((line: string) => console.log(line));
  const { region } = options;
  const checks: (() => Promise<Outcome>)[] = [
    () => bootstrap(clients, region),
    ...(region === WEB_ACL_REGION ? [] : [() => bootstrap(clients, WEB_ACL_REGION)]),
    ...[...new Set(Object.values(DEFAULT_MODELS))].map((modelId) => async () => {
      const check = invocationFor(modelId, region);
      if (!check.ok) return fail(check.reason, 'deploy to us-west-2 (-c bedrockRegion=us-west-2)');
      const { invocation } = check;
      return invocation.model.kind === 'text'
        ? textModel(clients, region, modelId, invocation.modelId)
        : imageModel(clients, region, modelId);
    }),
    options.guardrail
      ? () => guardrail(clients, region, options.guardrail as { id: string; version: string })
      : () => Promise.resolve(pass('guardrail: none named, the app creates its own child-safety guardrail')),
    () => webAcl(clients, options.webAclArn),
    () => mediaSigningKey(clients, region),
  ];
  let failed = 0;
  const report = (outcome: Outcome) => {
    if (outcome.ok) log(`✓ ${outcome.detail}`);
    else {
      failed += 1;
      log(`✗ ${outcome.detail}. To fix: ${outcome.fix}`);
    }
  };
  for (const check of checks) report(await check());
  const capacity = await capacityChecks(
    clients.serviceQuotas(region),
    region,
    options.floor ?? DEFAULT_FLOOR,
    options.reserved ?? { workflow: 100, triggers: 10 },
  );
  capacity.outcomes.forEach(report);
  if (capacity.quotas) {
    log(`Size the capacity gate to this account: deploy with -c bedrockQuotas='${JSON.stringify(capacity.quotas)}'`);
  }
  log(failed === 0 ? 'All checks passed: ready to deploy.' : `${failed} check(s) failed.`);
  return failed === 0;
}
