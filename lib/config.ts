import { RemovalPolicy } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { DEFAULT_BEDROCK_REGION } from '#common/models/catalogue.js';
import { DEFAULT_QUOTAS, parseQuotaSetting, type BedrockQuotas } from '#common/models/quotas.js';
import {
  parseReservedConcurrency,
  REPLACED_CONCURRENCY_KEYS,
  replacedKeyMessage,
  type ReservedConcurrency,
} from './reserved-concurrency.js';

/** The values lambdas/runtime/config.ts accepts for STORY_PROVIDER. */
export const STORY_PROVIDERS = ['local', 'bedrock'] as const;
export type StoryProvider = (typeof STORY_PROVIDERS)[number];

/**
 * Deploy-time choices, read once from CDK context (`cdk.json` or `-c key=value`) so every construct
 * agrees on them:
 * - `allowDestroy=true`: a throwaway environment. Data stores lose deletion protection and are removed
 *   (buckets emptied) with the stack. Default: everything holding user data is retained and protected.
 * - `storyProvider=local|bedrock`: where stories and illustrations come from. Default `bedrock`.
 * - `feedbackFormUrl=https://…`: the third-party beta feedback form the SPA embeds (app-config.json);
 *   its origin is allowed in the CSP's frame-src. Default: none (the SPA shows its own form).
 * - `webAclArn=arn:aws:wafv2:us-east-1:…`: the CloudFront web ACL from the `StoryMagicWaf` stack.
 * - `guardrailId=…` (and `guardrailVersion`, default `DRAFT`): the operator's own Bedrock guardrail,
 *   used instead of the child-safety guardrail the app creates when the provider is `bedrock`.
 * - `bedrockRegion=…`: the region the stack is deployed to and calls Bedrock in (default us-west-2, the
 *   one region serving every default model); synth refuses a region the model catalogue says cannot.
 * - `budgetUsd=…` with `budgetEmail=…`: a monthly cost budget that e-mails at 80 % and 100 % spent and
 *   when the month is forecast to pass it. Default: none.
 * - `bedrockQuotas={"textRequestsPerMinute":…,"imageRequestsPerMinute":…}`: the account's Bedrock quotas as
 *   `npm run doctor` reads them; the capacity gate admits stories and pictures at the rate they allow.
 *   Default: AWS's public defaults where they are written down (us-west-2, common/models/quotas.ts).
 * - `mailFrom=…`: the SES-verified address the inactive-account warning is sent from (lambdas/retention).
 *   Default: none, and then no account is warned, so none is deleted for inactivity.
 * - `alarmEmail=…`: where the operational alarms (throttling, queue age, failed executions, API 429s) are
 *   e-mailed. Default: the alarms exist, with no subscriber.
 * - `reservedConcurrency=off|<total>` (default `off`): the Lambda concurrency set aside, 10 of it for the Cognito
 *   triggers (sign-in always has room) and the rest for the workflow tasks (also their ceiling); needs an account
 *   limit of the total plus 100 (lib/reserved-concurrency.ts, checked by `npm run doctor`). Default: none, so a
 *   new account (a limit of 10) can deploy.
 */
export interface DeployConfig {
  readonly allowDestroy: boolean;
  readonly storyProvider: StoryProvider;
  readonly feedbackFormUrl: string | undefined;
  readonly webAclArn: string | undefined;
  readonly guardrail: { readonly id: string; readonly version: string } | undefined;
  readonly bedrockRegion: string;
  readonly budget: { readonly usd: number; readonly email: string } | undefined;
  readonly bedrockQuotas: BedrockQuotas | undefined;
  readonly alarmEmail: string | undefined;
  readonly mailFrom: string | undefined;
  /** Undefined: nothing reserved. */
  readonly reservedConcurrency: ReservedConcurrency | undefined;
  /** RemovalPolicy of everything holding user data: the table, the buckets and the user pool. */
  readonly removalPolicy: RemovalPolicy;
}

/** Context values arrive as strings from `-c`, as JSON values from cdk.json: accept both. */
function readFlag(scope: Construct, key: string): boolean {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === false || raw === 'false') return false;
  if (raw === true || raw === 'true') return true;
  throw new Error(`Context "${key}" must be true or false, got ${JSON.stringify(raw)}`);
}

function readStoryProvider(scope: Construct): StoryProvider {
  const raw: unknown = scope.node.tryGetContext('storyProvider') ?? 'bedrock';
  const provider = STORY_PROVIDERS.find((p) => p === raw);
  if (!provider)
    throw new Error(`Context "storyProvider" must be one of ${STORY_PROVIDERS.join(', ')}, got ${JSON.stringify(raw)}`);
  return provider;
}

function readHttpsUrl(scope: Construct, key: string): string | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !URL.canParse(raw) || new URL(raw).protocol !== 'https:') {
    throw new Error(`Context "${key}" must be an https URL, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

function readString(scope: Construct, key: string, pattern: RegExp): string | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !pattern.test(raw)) {
    throw new Error(`Context "${key}" must match ${String(pattern)}, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

function readBudget(scope: Construct): DeployConfig['budget'] {
  const raw: unknown = scope.node.tryGetContext('budgetUsd');
  const email = readString(scope, 'budgetEmail', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  if (raw === undefined || raw === '') {
    if (email) throw new Error('Context "budgetEmail" needs "budgetUsd" (the monthly amount in US dollars)');
    return undefined;
  }
  const usd = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(usd) || usd <= 0) {
    throw new Error(`Context "budgetUsd" must be a positive amount of US dollars, got ${JSON.stringify(raw)}`);
  }
  if (!email) throw new Error('Context "budgetUsd" needs "budgetEmail": the address the budget alarms are sent to');
  return { usd, email };
}

/**
 * The account's Bedrock quotas (`-c bedrockQuotas`: `defaults`, flat figures, or the per-model JSON `npm run
 * doctor` prints); without it, the public defaults where they are known (us-west-2), else none.
 */
function readQuotas(scope: Construct, region: string): BedrockQuotas | undefined {
  const raw: unknown = scope.node.tryGetContext('bedrockQuotas');
  if (raw === undefined || raw === '') return region === DEFAULT_BEDROCK_REGION ? DEFAULT_QUOTAS : undefined;
  return parseQuotaSetting(typeof raw === 'string' ? raw : JSON.stringify(raw), 'Context "bedrockQuotas"');
}

function readReservedConcurrency(scope: Construct): ReservedConcurrency | undefined {
  for (const key of REPLACED_CONCURRENCY_KEYS) {
    if (scope.node.tryGetContext(key) !== undefined) throw new Error(`Context ${replacedKeyMessage(key)}`);
  }
  return parseReservedConcurrency(scope.node.tryGetContext('reservedConcurrency'));
}

export function readDeployConfig(scope: Construct): DeployConfig {
  const allowDestroy = readFlag(scope, 'allowDestroy');
  const guardrailId = readString(scope, 'guardrailId', /^[a-z0-9]{1,64}$|^arn:aws[\w-]*:bedrock:/);
  return {
    webAclArn: readString(scope, 'webAclArn', /^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\//),
    guardrail: guardrailId
      ? { id: guardrailId, version: readString(scope, 'guardrailVersion', /^(DRAFT|\d{1,8})$/) ?? 'DRAFT' }
      : undefined,
    allowDestroy,
    bedrockRegion: readString(scope, 'bedrockRegion', /^[a-z]{2}(-gov)?-[a-z]+-\d$/) ?? DEFAULT_BEDROCK_REGION,
    storyProvider: readStoryProvider(scope),
    budget: readBudget(scope),
    bedrockQuotas: readQuotas(
      scope,
      readString(scope, 'bedrockRegion', /^[a-z]{2}(-gov)?-[a-z]+-\d$/) ?? DEFAULT_BEDROCK_REGION,
    ),
    alarmEmail: readString(scope, 'alarmEmail', /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
    mailFrom: readString(scope, 'mailFrom', /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
    reservedConcurrency: readReservedConcurrency(scope),
    feedbackFormUrl: readHttpsUrl(scope, 'feedbackFormUrl'),
    removalPolicy: allowDestroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  };
}
