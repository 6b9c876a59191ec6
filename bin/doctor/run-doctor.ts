/**
 * The pre-deploy check of `npm run doctor` (bin/doctor.ts), with the operator's AWS credentials: CDK
 * bootstrap in the stack's region and in us-east-1 (the web ACL's stack), each default model invocable
 * from the stack's region (a Marketplace model's agreement in place), the operator's guardrail (when named),
 * the web ACL in us-east-1, the media signing key pair in Parameter Store (private pictures and sound, the
 * private half under the stack's own KMS key), SES out of its sandbox (the inactive-account warnings), the
 * account's Lambda concurrency against `-c reservedConcurrency` (lambda-concurrency.ts) and its quotas: what a
 * busy evening can carry (capacity.ts). One line per check, with what to do when it fails or warns; resolves
 * false when any check failed (a warning does not stop a deploy).
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
import { LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DescribeParametersCommand, GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { capacityChecks, type CapacityFloor } from './capacity.js';
import { lambdaConcurrencyCheck } from './lambda-concurrency.js';
import { errorName, fail, lineOf, pass, warn, type Outcome } from './outcome.js';
import { DEFAULT_MODELS, invocationFor } from '#common/models/catalogue.js';
import { createPublicKey, createSign, createVerify, randomBytes } from 'node:crypto';
import { MEDIA_SIGNING_KEY_OUTPUT, mediaSigningParameterNames } from '../../lib/media-signing-parameters.js';
import type { ReservedConcurrency } from '../../lib/reserved-concurrency.js';

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
  lambda(region: string): LambdaClient;
  sesv2(region: string): SESv2Client;
}>;

export const awsClients: DoctorClients = {
  serviceQuotas: (region) => new ServiceQuotasClient({ region }),
  cloudFormation: (region) => new CloudFormationClient({ region }),
  ssm: (region) => new SSMClient({ region }),
  bedrock: (region) => new BedrockClient({ region }),
  bedrockRuntime: (region) => new BedrockRuntimeClient({ region, maxAttempts: 2 }),
  wafv2: (region) => new WAFV2Client({ region }),
  lambda: (region) => new LambdaClient({ region }),
  sesv2: (region) => new SESv2Client({ region }),
};

export type DoctorOptions = Readonly<{
  /** The stack's region (`-c bedrockRegion`, default us-west-2). */
  region: string;
  guardrail?: { id: string; version: string } | undefined;
  /** `-c webAclArn`; without it the WebAclArn output of the StoryMagicWaf stack is checked. */
  webAclArn?: string | undefined;
  /** The fewest stories and covers a minute the account must carry (`-c minStoriesPerMinute`, `-c minCoversPerMinute`). */
  floor?: CapacityFloor;
  /** What the deploy reserves (`-c reservedConcurrency`); undefined: nothing, the deploy's default. */
  reserved?: ReservedConcurrency | undefined;
  clients?: DoctorClients;
  log?: (line: string) => void;
}>;

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
 * API signs with the private key in its SecureString, encrypted with the stack's own KMS key (whose key policy
 * names the API's role: under the account's aws/ssm key any principal allowed ssm:GetParameter could read it).
 * The public half must be there before the first deploy; the private half goes in once the deploy has made
 * the key. The two must be one pair (a probe signed with one is checked with the other; neither is printed).
 */
async function mediaSigningKey(clients: DoctorClients, region: string): Promise<Outcome> {
  const names = mediaSigningParameterNames(STACK_NAME);
  const putPrivate =
    `aws ssm put-parameter --region ${region} --name ${names.privateKey} --type SecureString ` +
    `--key-id ${names.keyAlias} --overwrite --value file://media-key.pem && shred -u media-key.pem`;
  const makePair =
    'make a key pair and put its public half in Parameter Store before the first deploy (README runbook, ' +
    '"Media signing key pair"): openssl genrsa -out media-key.pem 2048 && ' +
    'openssl rsa -in media-key.pem -pubout -out media-key.pub.pem && ' +
    `aws ssm put-parameter --region ${region} --name ${names.publicKey} --type String --value file://media-key.pub.pem; ` +
    `after the deploy, its private half under the stack's key: ${putPrivate}`;
  const ssm = clients.ssm(region);
  try {
    const stackKey = await deployedOutput(clients, region, MEDIA_SIGNING_KEY_OUTPUT);
    const publicKey = await ssm.send(new GetParameterCommand({ Name: names.publicKey }));
    const described = (
      await ssm.send(
        new DescribeParametersCommand({
          ParameterFilters: [{ Key: 'Name', Option: 'Equals', Values: [names.privateKey] }],
        }),
      )
    ).Parameters?.[0];
    if (!described) {
      return stackKey
        ? fail(`no media signing private key in ${region}: the API cannot open pictures and sound`, putPrivate)
        : warn(
            `the media signing public key is in ${region}; its private half goes in after the first deploy, ` +
              `under the stack's own KMS key (${names.keyAlias})`,
            `After the deploy: ${putPrivate}`,
          );
    }
    if (described.Type !== 'SecureString') {
      return fail(`${names.privateKey} is not a SecureString`, `delete it, then ${putPrivate}`);
    }
    const keyId = described.KeyId ?? 'alias/aws/ssm';
    let keyProblem: Outcome | undefined;
    if (!stackKey || !isStackKey(keyId, stackKey, names.keyAlias)) {
      const detail =
        keyId === 'alias/aws/ssm'
          ? `${names.privateKey} is encrypted with alias/aws/ssm, which any principal of the account allowed ssm:GetParameter may decrypt with`
          : `${names.privateKey} is encrypted with ${keyId}, not the stack's own key (${names.keyAlias})`;
      if (stackKey) return fail(detail, putPrivate);
      keyProblem = warn(detail, `After the first deploy, put it again under the stack's own key: ${putPrivate}`);
    }
    let privateKey: string;
    try {
      const read = await ssm.send(new GetParameterCommand({ Name: names.privateKey, WithDecryption: true }));
      privateKey = read.Parameter?.Value ?? '';
    } catch (error) {
      if (!/AccessDenied/.test(errorText(error))) throw error;
      return (
        keyProblem ??
        warn(
          `${names.privateKey} is a SecureString under ${names.keyAlias}, which these credentials may not decrypt (${errorName(error)})`,
          `Whether it pairs with ${names.publicKey} is not checked: run the doctor with credentials allowed kms:Decrypt on the key to check it`,
        )
      );
    }
    const probe = randomBytes(32);
    const signature = createSign('RSA-SHA1').update(probe).sign(privateKey);
    const paired = createVerify('RSA-SHA1')
      .update(probe)
      .verify(createPublicKey(publicKey.Parameter?.Value ?? ''), signature);
    if (!paired) return fail(`the media signing keys in ${region} are not one pair`, makePair);
    return (
      keyProblem ??
      pass(
        `media signing key pair in ${region} (${names.publicKey}, private key a SecureString under ${names.keyAlias})`,
      )
    );
  } catch (error) {
    if (/ParameterNotFound/.test(errorText(error))) return fail(`no media signing key pair in ${region}`, makePair);
    return fail(`could not read the media signing key pair in ${region} (${errorText(error)})`, makePair);
  }
}

/** An output of the deployed StoryMagic stack; undefined before its first deploy. */
async function deployedOutput(clients: DoctorClients, region: string, key: string): Promise<string | undefined> {
  try {
    const { Stacks } = await clients.cloudFormation(region).send(new DescribeStacksCommand({ StackName: STACK_NAME }));
    return Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === key)?.OutputValue;
  } catch (error) {
    if (/does not exist/.test(errorText(error))) return undefined;
    throw error;
  }
}

/** Whether a parameter's KeyId (an alias, a key id, or either's ARN, as it was put) names the stack's key. */
const isStackKey = (keyId: string, stackKeyId: string, alias: string) =>
  keyId === alias || keyId.endsWith(`:${alias}`) || keyId === stackKeyId || keyId.endsWith(`:key/${stackKeyId}`);

/**
 * SES out of its sandbox: in it, SES sends only to verified addresses, so the inactive-account warnings reach
 * no family (each is refused, counted and alarmed on) and no account is deleted for inactivity.
 */
async function sesProductionAccess(clients: DoctorClients, region: string): Promise<Outcome> {
  const request =
    `Before a launch, request production access: SES console (${region}) → Account dashboard → Request ` +
    `production access, or aws sesv2 put-account-details --region ${region} --production-access-enabled ` +
    '--mail-type TRANSACTIONAL --website-url <SiteUrl> --use-case-description "<what the site sends>"';
  try {
    const account = await clients.sesv2(region).send(new GetAccountCommand({}));
    if (!account.ProductionAccessEnabled) {
      return warn(
        `SES in ${region} is still in the sandbox: it sends only to verified addresses, so no family gets the ` +
          'inactive-account warning (-c mailFrom) and no account is deleted for inactivity',
        request,
      );
    }
    if (account.SendingEnabled === false) {
      return warn(
        `SES sending is paused for the account in ${region}`,
        'See the SES console (Account dashboard) for why, and resume sending',
      );
    }
    return pass(`SES in ${region} has production access (out of the sandbox)`);
  } catch (error) {
    return warn(
      `could not read the SES account in ${region} (${errorName(error)})`,
      'Allow these credentials ses:GetAccount to check SES is out of its sandbox',
    );
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
    () => sesProductionAccess(clients, region),
    () => lambdaConcurrencyCheck(clients.lambda(region), region, options.reserved),
  ];
  let failed = 0;
  let warned = 0;
  const report = (outcome: Outcome) => {
    if (outcome.kind === 'fail') failed += 1;
    if (outcome.kind === 'warn') warned += 1;
    log(lineOf(outcome));
  };
  for (const check of checks) report(await check());
  const capacity = await capacityChecks(clients.serviceQuotas(region), region, options.floor ?? DEFAULT_FLOOR);
  capacity.outcomes.forEach(report);
  if (capacity.quotas) {
    log(`Size the capacity gate to this account: deploy with -c bedrockQuotas='${JSON.stringify(capacity.quotas)}'`);
  }
  const warnings = warned > 0 ? `, with ${warned} warning(s) (⚠) to see to before a launch` : '';
  log(failed === 0 ? `All checks passed${warnings}: ready to deploy.` : `${failed} check(s) failed${warnings}.`);
  return failed === 0;
}
