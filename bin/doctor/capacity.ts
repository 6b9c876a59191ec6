import { ListServiceQuotasCommand, type ServiceQuota, type ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { DEFAULT_MODELS, findModel, invocationFor } from '#common/models/catalogue.js';
import type { BedrockQuotas, ImageModelQuota, TextModelQuota } from '#common/models/quotas.js';
import { laneRates, QUOTA_SHARE } from '../../lambdas/data/capacity/sizing.js';

/**
 * What the account can carry on a busy evening, read from Service Quotas (the account's applied values,
 * which for a new account may be far below AWS's published defaults, even 0): Bedrock's requests and tokens a
 * minute and tokens a day for the text model, requests a minute for each picture model, the guardrail's text
 * units a second, Lambda's concurrency and Polly's rate. It prints how many stories and covers a minute the
 * capacity gate will admit, fails below the floor the operator sets, and prints the `-c bedrockQuotas` the
 * deploy should carry so the gate is sized to this account.
 */

export type CapacityFloor = Readonly<{ storiesPerMinute: number; coversPerMinute: number }>;
export type ReservedConcurrency = Readonly<{ workflow: number; triggers: number }>;

/** Below this many unreserved executions, Lambda refuses the deploy's reservations (AWS keeps 100 for the rest). */
const UNRESERVED_MINIMUM = 100;

export type CapacityOutcome = { ok: true; detail: string } | { ok: false; detail: string; fix: string };
const pass = (detail: string): CapacityOutcome => ({ ok: true, detail });
const fail = (detail: string, fix: string): CapacityOutcome => ({ ok: false, detail, fix });
const count = (value: number) => Math.round(value).toLocaleString('en-US');

async function quotasOf(client: ServiceQuotasClient, serviceCode: string): Promise<ServiceQuota[]> {
  const quotas: ServiceQuota[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new ListServiceQuotasCommand({ ServiceCode: serviceCode, NextToken, MaxResults: 100 }),
    );
    quotas.push(...(page.Quotas ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return quotas;
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

export async function capacityChecks(
  client: ServiceQuotasClient,
  region: string,
  floor: CapacityFloor,
  reserved: ReservedConcurrency,
): Promise<{ outcomes: CapacityOutcome[]; quotas: BedrockQuotas | undefined }> {
  const outcomes: CapacityOutcome[] = [];
  let text: TextModelQuota | undefined;
  const images: Record<string, ImageModelQuota> = {};
  let guardrailTextUnitsPerSecond: number | undefined;
  let bedrock: ServiceQuota[];
  try {
    bedrock = await quotasOf(client, 'bedrock');
  } catch (error) {
    const name = error instanceof Error ? error.name : 'error';
    return {
      outcomes: [
        fail(
          `could not read the account's Bedrock quotas (${name})`,
          'allow these credentials servicequotas:ListServiceQuotas',
        ),
      ],
      quotas: undefined,
    };
  }

  // The text model, called as the app calls it: through its cross-region profile where the region needs one.
  const invocation = invocationFor(DEFAULT_MODELS.text, region);
  const scope = invocation.ok && invocation.invocation.profile ? /cross-region/i : /on-demand/i;
  const words = modelWords(DEFAULT_MODELS.text);
  const requests = quota(bedrock, scope, /requests per minute/i, words);
  const tokens = quota(bedrock, scope, /tokens per minute/i, words);
  const daily = quota(bedrock, /tokens per day/i, words);
  if (!requests || !tokens) {
    outcomes.push(
      fail(
        `Service Quotas lists no ${scope.source.replace(/\\/g, '')} requests and tokens per minute for ${DEFAULT_MODELS.text} in ${region}`,
        'check the Bedrock quotas of the region in the Service Quotas console (AWS renames them now and then)',
      ),
    );
  } else if (!requests.Value || !tokens.Value) {
    // Nothing can be written: the gate's sizing below says so (0 stories a minute).
    text = { requestsPerMinute: 0, tokensPerMinute: 0 };
    outcomes.push(
      fail(
        `${DEFAULT_MODELS.text} may not be called at all: its quotas in ${region} are ${requests.Value ?? 0} requests and ${tokens.Value ?? 0} tokens a minute`,
        increase(requests.QuotaName, region),
      ),
    );
  } else {
    text = {
      requestsPerMinute: requests.Value,
      tokensPerMinute: tokens.Value,
      ...(daily?.Value ? { tokensPerDay: daily.Value } : {}),
    };
    const perDay = daily?.Value ? `, ${count(daily.Value)} tokens a day` : '';
    outcomes.push(
      pass(
        `${DEFAULT_MODELS.text}: ${count(requests.Value)} requests and ${count(tokens.Value)} tokens a minute${perDay}`,
      ),
    );
  }

  // Each picture model: requests a minute (express pictures and studio pictures wait in lines of their own).
  for (const modelId of [DEFAULT_MODELS.expressImage, DEFAULT_MODELS.studioImage]) {
    const perMinute = quota(bedrock, /requests per minute/i, modelWords(modelId));
    if (!perMinute?.Value) {
      images[modelId] = { requestsPerMinute: 0 };
      outcomes.push(
        fail(
          `${modelId}: ${perMinute ? '0 requests a minute' : 'no requests-per-minute quota listed'} in ${region}`,
          increase(perMinute?.QuotaName, region),
        ),
      );
      continue;
    }
    images[modelId] = { requestsPerMinute: perMinute.Value };
    outcomes.push(pass(`${modelId}: ${count(perMinute.Value)} pictures a minute`));
  }

  const units = quota(bedrock, /text units? per second/i);
  if (units?.Value) {
    guardrailTextUnitsPerSecond = units.Value;
    outcomes.push(pass(`guardrail: ${count(units.Value)} text units a second ("${units.QuotaName ?? ''}")`));
  }

  // What the gate will admit from these quotas, against the operator's floor (covers are express pictures).
  const found: BedrockQuotas = {
    text: { everyModel: {}, byModel: text ? { [DEFAULT_MODELS.text]: text } : {} },
    image: { everyModel: {}, byModel: images },
    ...(guardrailTextUnitsPerSecond ? { guardrailTextUnitsPerSecond } : {}),
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
    const lambda = quota(await quotasOf(client, 'lambda'), /^concurrent executions$/i);
    const needed = reserved.workflow + reserved.triggers + UNRESERVED_MINIMUM;
    outcomes.push(
      !lambda?.Value || lambda.Value < needed
        ? fail(
            `Lambda allows ${lambda?.Value ?? 'an unknown number of'} concurrent executions in ${region}; the stack reserves ${reserved.workflow} for story work and ${reserved.triggers} for sign-in, and Lambda keeps ${UNRESERVED_MINIMUM} unreserved`,
            `request "Concurrent executions" of at least ${needed} (new accounts may start at 10), or lower -c workflowConcurrency`,
          )
        : pass(
            `Lambda: ${count(lambda.Value)} concurrent executions (${reserved.workflow} kept for story work, ${reserved.triggers} for sign-in)`,
          ),
    );
  } catch (error) {
    outcomes.push(
      fail(
        `could not read Lambda's quotas (${error instanceof Error ? error.name : 'error'})`,
        'allow servicequotas:ListServiceQuotas',
      ),
    );
  }

  try {
    const polly = quota(await quotasOf(client, 'polly'), /synthesizespeech/i);
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
  // The deploy's -c bedrockQuotas only when every quota was found and allows some work.
  const usable =
    (text?.requestsPerMinute ?? 0) > 0 && Object.values(images).every((image) => (image.requestsPerMinute ?? 0) > 0);
  return { outcomes, quotas: usable ? found : undefined };
}
