import {
  ListAWSDefaultServiceQuotasCommand,
  ListServiceQuotasCommand,
  type ServiceQuota,
  type ServiceQuotasClient,
} from '@aws-sdk/client-service-quotas';
import { DEFAULT_MODELS, findModel, invocationFor } from '#common/models/catalogue.js';
import type { BedrockQuotas, ImageModelQuota, TextModelQuota } from '#common/models/quotas.js';
import { laneRates, QUOTA_SHARE } from '../../lambdas/data/capacity/sizing.js';
import { errorName, fail, pass, warn, type Outcome } from './outcome.js';

/**
 * What the account can carry on a busy evening, read from Service Quotas: Bedrock's requests and tokens a
 * minute and tokens a day for the text model, requests a minute for each picture model, the guardrail's text
 * units a second, and Polly's rate. A quota's value is the account's applied one where it has one (for a new
 * account it may be far below AWS's published defaults, even 0), else AWS's default: ListServiceQuotas leaves
 * out quotas without an applied value, ListAWSDefaultServiceQuotas lists those. A quota listed by neither (AWS
 * applies some only to some models) is a warning, not a failure. It prints how many stories and covers a
 * minute the capacity gate will admit, fails below the floor the operator sets, and prints the
 * `-c bedrockQuotas` the deploy should carry so the gate is sized to this account.
 */

export type CapacityFloor = Readonly<{ storiesPerMinute: number; coversPerMinute: number }>;

const count = (value: number) => Math.round(value).toLocaleString('en-US');

type QuotaPage = { Quotas?: ServiceQuota[]; NextToken?: string };

async function everyPage(read: (token: string | undefined) => Promise<QuotaPage>): Promise<ServiceQuota[]> {
  const quotas: ServiceQuota[] = [];
  let token: string | undefined;
  do {
    const page = await read(token);
    quotas.push(...(page.Quotas ?? []));
    token = page.NextToken;
  } while (token);
  return quotas;
}

type ServiceQuotaList = { quotas: ServiceQuota[]; defaultsUnread: string | undefined };

/** A service's quotas: the applied values, and AWS's defaults for those without one. */
async function quotasOf(client: ServiceQuotasClient, serviceCode: string): Promise<ServiceQuotaList> {
  const applied = await everyPage((NextToken) =>
    client.send(new ListServiceQuotasCommand({ ServiceCode: serviceCode, NextToken, MaxResults: 100 })),
  );
  let defaults: ServiceQuota[] = [];
  let defaultsUnread: string | undefined;
  try {
    defaults = await everyPage((NextToken) =>
      client.send(new ListAWSDefaultServiceQuotasCommand({ ServiceCode: serviceCode, NextToken, MaxResults: 100 })),
    );
  } catch (error) {
    defaultsUnread = errorName(error);
  }
  const key = (quota: ServiceQuota) => quota.QuotaCode ?? quota.QuotaName ?? '';
  const byKey = new Map(defaults.map((quota) => [key(quota), quota]));
  for (const quota of applied) byKey.set(key(quota), quota);
  return { quotas: [...byKey.values()], defaultsUnread };
}

/** The quota whose name matches every pattern (the smallest, when several do). */
function quota(quotas: readonly ServiceQuota[], ...patterns: RegExp[]): ServiceQuota | undefined {
  return quotas
    .filter((each) => patterns.every((pattern) => pattern.test(each.QuotaName ?? '')))
    .sort((a, b) => (a.Value ?? 0) - (b.Value ?? 0))[0];
}

/** The words a quota's name uses for a catalogue model ("Nova Lite", "Stable Image Core"). */
const modelWords = (modelId: string) =>
  new RegExp(
    (findModel(modelId)?.label ?? modelId)
      .replace(/^(Amazon|Stability)\s+/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+'),
    'i',
  );

const increase = (name: string | undefined, region: string) =>
  `request an increase of "${name ?? 'the quota'}" in Service Quotas (Amazon Bedrock, ${region}) well before ` +
  'launch: AWS reviews Bedrock increases by hand, favours accounts already using their quota, and may take days';

const notListed = (what: string, region: string) => `Service Quotas lists no ${what} in ${region}, applied or default`;

export async function capacityChecks(
  client: ServiceQuotasClient,
  region: string,
  floor: CapacityFloor,
): Promise<{ outcomes: Outcome[]; quotas: BedrockQuotas | undefined }> {
  const outcomes: Outcome[] = [];
  let text: TextModelQuota | undefined;
  const images: Record<string, ImageModelQuota> = {};
  let guardrailTextUnitsPerSecond: number | undefined;
  let bedrock: ServiceQuota[];
  try {
    const listed = await quotasOf(client, 'bedrock');
    bedrock = listed.quotas;
    if (listed.defaultsUnread) {
      outcomes.push(
        warn(
          `could not read AWS's default Bedrock quotas (${listed.defaultsUnread}): a quota without a value applied to the account is missing below`,
          'Allow these credentials servicequotas:ListAWSDefaultServiceQuotas',
        ),
      );
    }
  } catch (error) {
    return {
      outcomes: [
        fail(
          `could not read the account's Bedrock quotas (${errorName(error)})`,
          'allow these credentials servicequotas:ListServiceQuotas and servicequotas:ListAWSDefaultServiceQuotas',
        ),
      ],
      quotas: undefined,
    };
  }

  // The text model, called as the app calls it: through its cross-region profile where the region needs one.
  const invocation = invocationFor(DEFAULT_MODELS.text, region);
  const scope = invocation.ok && invocation.invocation.profile ? /cross-region/i : /on-demand/i;
  const scopeName = scope.source.replace(/\\/g, '');
  const words = modelWords(DEFAULT_MODELS.text);
  const requests = quota(bedrock, scope, /requests per minute/i, words);
  const tokens = quota(bedrock, scope, /tokens per minute/i, words);
  const daily = quota(bedrock, /tokens per day/i, words);
  const zero = [requests, tokens].find((each) => each && !each.Value);
  if (!requests && !tokens) {
    outcomes.push(
      warn(
        notListed(`${scopeName} requests or tokens per minute for ${DEFAULT_MODELS.text}`, region),
        'The capacity gate cannot be sized from them: check the Bedrock quotas of the region in the Service ' +
          'Quotas console (AWS renames them now and then) and size the deploy with -c bedrockQuotas by hand',
      ),
    );
  } else if (zero) {
    // Nothing can be written: the gate's sizing below says so (0 stories a minute).
    text = { requestsPerMinute: 0, tokensPerMinute: 0 };
    const figures = [
      requests ? `${requests.Value ?? 0} requests` : undefined,
      tokens ? `${tokens.Value ?? 0} tokens` : undefined,
    ].filter((each) => each !== undefined);
    outcomes.push(
      fail(
        `${DEFAULT_MODELS.text} may not be called at all: its quotas in ${region} are ${figures.join(' and ')} a minute`,
        increase(zero.QuotaName, region),
      ),
    );
  } else {
    text = {
      ...(requests?.Value ? { requestsPerMinute: requests.Value } : {}),
      ...(tokens?.Value ? { tokensPerMinute: tokens.Value } : {}),
      ...(daily?.Value ? { tokensPerDay: daily.Value } : {}),
    };
    const figures = [
      requests?.Value ? `${count(requests.Value)} requests` : undefined,
      tokens?.Value ? `${count(tokens.Value)} tokens` : undefined,
    ].filter((each) => each !== undefined);
    const perDay = daily?.Value ? `, ${count(daily.Value)} tokens a day` : '';
    outcomes.push(pass(`${DEFAULT_MODELS.text}: ${figures.join(' and ')} a minute${perDay}`));
    for (const [missing, what] of [
      [requests, 'requests'],
      [tokens, 'tokens'],
    ] as const) {
      if (missing) continue;
      outcomes.push(
        warn(
          notListed(`${scopeName} ${what} per minute for ${DEFAULT_MODELS.text}`, region),
          `AWS applies it to some models only; the gate is sized without it`,
        ),
      );
    }
  }

  // Each picture model: requests a minute (express pictures and studio pictures wait in lines of their own).
  for (const modelId of [DEFAULT_MODELS.expressImage, DEFAULT_MODELS.studioImage]) {
    const perMinute = quota(bedrock, /requests per minute/i, modelWords(modelId));
    if (!perMinute) {
      images[modelId] = {};
      outcomes.push(
        warn(
          notListed(`requests per minute for ${modelId}`, region),
          'The gate does not pace its pictures: check the Service Quotas console, and if AWS applies one, ' +
            'size the deploy with -c bedrockQuotas by hand',
        ),
      );
      continue;
    }
    if (!perMinute.Value) {
      images[modelId] = { requestsPerMinute: 0 };
      outcomes.push(fail(`${modelId}: 0 requests a minute in ${region}`, increase(perMinute.QuotaName, region)));
      continue;
    }
    images[modelId] = { requestsPerMinute: perMinute.Value };
    outcomes.push(pass(`${modelId}: ${count(perMinute.Value)} pictures a minute`));
  }

  const units = quota(bedrock, /text units? per second/i);
  if (units?.Value) {
    guardrailTextUnitsPerSecond = units.Value;
    outcomes.push(pass(`guardrail: ${count(units.Value)} text units a second ("${units.QuotaName ?? ''}")`));
  } else if (units) {
    // Every guarded call would be throttled: the sizing below says so (0 stories a minute).
    guardrailTextUnitsPerSecond = 0;
    outcomes.push(
      fail(`the guardrail's quota "${units.QuotaName ?? ''}" is 0 in ${region}`, increase(units.QuotaName, region)),
    );
  } else {
    outcomes.push(
      warn(
        notListed('guardrail text units per second', region),
        'The gate is sized without it: check the Service Quotas console (Amazon Bedrock, "text units per second")',
      ),
    );
  }

  // What the gate will admit from these quotas, against the operator's floor (covers are express pictures).
  const found: BedrockQuotas = {
    text: { everyModel: {}, byModel: text ? { [DEFAULT_MODELS.text]: text } : {} },
    image: { everyModel: {}, byModel: images },
    ...(guardrailTextUnitsPerSecond !== undefined ? { guardrailTextUnitsPerSecond } : {}),
    timeScale: 1,
  };
  const rates = laneRates(found);
  const stories = rates.story.perMinute;
  const covers = rates['picture-express'].perMinute;
  const share = `${Math.round(QUOTA_SHARE * 100)} % of the quotas`;
  const capacity = `about ${count(stories)} stories and ${count(covers)} covers a minute (${share})`;
  outcomes.push(
    stories >= floor.storiesPerMinute && covers >= floor.coversPerMinute
      ? pass(`the account can make ${capacity}; the floor is ${floor.storiesPerMinute} and ${floor.coversPerMinute}`)
      : fail(
          `the account can make only ${capacity}, below the floor of ${floor.storiesPerMinute} stories and ${floor.coversPerMinute} covers`,
          'request the increases named above (README "Opening night"), or lower the floor with -c minStoriesPerMinute / -c minCoversPerMinute',
        ),
  );

  try {
    const polly = quota((await quotasOf(client, 'polly')).quotas, /synthesizespeech/i);
    if (polly?.Value) {
      // A first "Read to me" of a part is two requests (sound and word marks).
      outcomes.push(
        pass(
          `Polly: ${count(polly.Value)} SynthesizeSpeech requests a second (about ${count((polly.Value * 60) / 2)} parts read aloud a minute)`,
        ),
      );
    }
  } catch {
    // Polly's quota is informative only: "Read to me" waits out a throttled call.
  }
  // The deploy's -c bedrockQuotas only when the text model's quotas were found and none is 0.
  const usable =
    text !== undefined &&
    !zero &&
    guardrailTextUnitsPerSecond !== 0 &&
    Object.values(images).every((image) => image.requestsPerMinute === undefined || image.requestsPerMinute > 0);
  return { outcomes, quotas: usable ? found : undefined };
}
