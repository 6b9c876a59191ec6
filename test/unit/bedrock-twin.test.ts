import { connect } from 'node:http2';
import {
  AccessDeniedException,
  ApplyGuardrailCommand,
  ConverseCommand,
  ConverseStreamCommand,
  InvokeModelCommand,
  ModelErrorException,
  ServiceQuotaExceededException,
  ThrottlingException,
  ValidationException,
  type ConverseStreamCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_QUOTAS, parseQuotaSetting, type BedrockQuotas } from '#common/models/quotas.js';
import { BLOCKED_MESSAGE } from '../../bin/local/bedrock-twin/guardrail.js';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import { bedrockClient } from '../../lambdas/workflow/providers/bedrock/client.js';

const NOVA_LITE = 'us.amazon.nova-lite-v1:0';
const CORE = 'stability.stable-image-core-v1:1';
const GUARDRAIL = { guardrailIdentifier: 'kidsafe', guardrailVersion: '1' };

let twin: BedrockTwin | undefined;
afterEach(async () => {
  await twin?.stop();
  twin = undefined;
});

async function start(quotas?: BedrockQuotas | string) {
  twin = await startBedrockTwin({ quotas: typeof quotas === 'string' ? parseQuotaSetting(quotas) : quotas });
  return { twin, client: bedrockClient({ region: 'us-west-2', endpoint: twin.url }) };
}

const ask = (maxTokens = 2_000, text = 'Tell me a story about a brave robot.') =>
  new ConverseCommand({
    modelId: NOVA_LITE,
    messages: [{ role: 'user', content: [{ text }] }],
    inferenceConfig: { maxTokens },
  });

/** A picture call; the default prompt holds a word the twin's guardrail blocks, so it answers at once (filtered). */
const paint = (prompt = 'a knife on a table') =>
  new InvokeModelCommand({ modelId: CORE, contentType: 'application/json', body: JSON.stringify({ prompt, seed: 1 }) });

/** The twin's raw answer to a request signed (as far as it reads the signature) in us-west-2. */
async function raw(url: string, path: string, body: unknown) {
  const session = connect(url);
  try {
    return await new Promise<{ status: number; errorType: string | undefined; body: string }>((resolve, reject) => {
      const request = session.request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/json',
        authorization: 'AWS4-HMAC-SHA256 Credential=twin/20261127/us-west-2/bedrock/aws4_request',
      });
      let text = '';
      let status = 0;
      let errorType: string | undefined;
      request.on('response', (headers) => {
        status = Number(headers[':status']);
        errorType = headers['x-amzn-errortype'] as string | undefined;
      });
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve({ status, errorType, body: text }));
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });
  } finally {
    session.close();
  }
}

describe('the Bedrock twin enforces quotas as Bedrock does', () => {
  it('answers a call over a model’s requests per minute exactly as Bedrock: 429, ThrottlingException, its message', async () => {
    const { client } = await start('{"textRequestsPerMinute": 2}');
    await client.send(ask());
    await client.send(ask());
    const third = client.send(ask());
    await expect(third).rejects.toBeInstanceOf(ThrottlingException);
    await expect(third).rejects.toMatchObject({
      message: 'Too many requests, please wait before trying again.',
      $metadata: { httpStatusCode: 429 },
    });
    const wire = await raw(twin?.url ?? '', `/model/${encodeURIComponent(NOVA_LITE)}/converse`, {
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
    });
    expect(wire).toEqual({
      status: 429,
      errorType: 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/',
      body: JSON.stringify({ message: 'Too many requests, please wait before trying again.' }),
    });
  });

  it('reserves input + max tokens when a request starts and charges what it used when it ends', async () => {
    // A request that would use about 1,700 tokens still cannot start under 3,000 tokens a minute: it
    // reserves 5,000 for its answer.
    const { client } = await start('{"textTokensPerMinute": 3000}');
    await expect(client.send(ask(5_000))).rejects.toMatchObject({
      name: 'ThrottlingException',
      message: 'Too many tokens, please wait before trying again.',
    });
    await client.send(ask(1_000));
    await twin?.stop();

    // Under 8,000: two requests reserving 5,000 each fit one after the other only because the first was
    // settled to what it used.
    const second = await start('{"textTokensPerMinute": 8000}');
    const first = await second.client.send(ask(5_000));
    const used = first.usage?.totalTokens ?? 0;
    expect(used).toBeGreaterThan(500);
    expect(used).toBeLessThan(3_000);
    await expect(second.client.send(ask(5_000))).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(second.twin.calls().map((call) => call.tokens?.input)).toEqual([
      first.usage?.inputTokens,
      first.usage?.inputTokens,
    ]);
  });

  it('answers a spent daily token quota as accounts report it: ThrottlingException, "Too many tokens per day"', async () => {
    const { client } = await start('{"textTokensPerDay": 4000}');
    await expect(client.send(ask(5_000))).rejects.toMatchObject({
      name: 'ThrottlingException',
      message: 'Too many tokens per day, please wait before trying again.',
    });
  });

  it('throttles picture requests per minute per model, and frees them a (time-scaled) minute later', async () => {
    // At a time scale of 120 a minute lasts 500 ms.
    const { client } = await start('{"imageRequestsPerMinute": 1, "timeScale": 120}');
    await client.send(paint());
    await expect(client.send(paint())).rejects.toMatchObject({
      name: 'ThrottlingException',
      message: 'Too many requests, please wait before trying again.',
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(client.send(paint())).resolves.toBeDefined();
  });

  it('counts guardrail text units (1,000 characters each) per second', async () => {
    const { client } = await start('{"guardrailTextUnitsPerSecond": 3}');
    const check = (characters: number) =>
      client.send(
        new ApplyGuardrailCommand({
          ...GUARDRAIL,
          source: 'INPUT',
          content: [{ text: { text: 'a'.repeat(characters) } }],
        }),
      );
    await expect(check(1_500)).resolves.toMatchObject({ action: 'NONE', usage: { contentPolicyUnits: 2 } });
    await expect(check(1_001)).rejects.toBeInstanceOf(ThrottlingException);
    await expect(check(900)).resolves.toMatchObject({ action: 'NONE' });
  });

  it('with the public defaults, Stable Image Ultra allows 10 pictures a minute', async () => {
    const { client } = await start(DEFAULT_QUOTAS);
    const ultra = () =>
      client.send(
        new InvokeModelCommand({
          modelId: 'stability.stable-image-ultra-v1:1',
          body: JSON.stringify({ prompt: 'a knife on a table', seed: 1 }),
        }),
      );
    for (let i = 0; i < 10; i += 1) await ultra();
    await expect(ultra()).rejects.toBeInstanceOf(ThrottlingException);
  });
});

describe('the Bedrock twin answers what Bedrock can answer', () => {
  it('scripts ServiceQuotaExceededException (400), ModelErrorException (424) and a picture’s "Inference error"', async () => {
    const { twin: started, client } = await start();
    started.script({ converse: ['quota-exceeded', 'model-error'], invoke: ['inference-error'] });
    await expect(client.send(ask())).rejects.toBeInstanceOf(ServiceQuotaExceededException);
    const failed = client.send(ask());
    await expect(failed).rejects.toBeInstanceOf(ModelErrorException);
    await expect(failed).rejects.toMatchObject({ $metadata: { httpStatusCode: 424 } });
    const picture = await client.send(paint('a kind dragon in a meadow'));
    expect(JSON.parse(new TextDecoder().decode(picture.body))).toEqual({
      seeds: [1],
      finish_reasons: ['Inference error'],
    });
  });

  const stream = (extra: Partial<ConverseStreamCommandInput> = {}) =>
    new ConverseStreamCommand({
      modelId: NOVA_LITE,
      messages: [{ role: 'user', content: [{ text: 'Tell me a story about a brave robot.' }] }],
      inferenceConfig: { maxTokens: 2_000 },
      ...extra,
    });

  /** Reads a streamed answer as the provider does: its text, stop reason, and the error that ended it. */
  async function readStream(client: ReturnType<typeof bedrockClient>, extra: Partial<ConverseStreamCommandInput> = {}) {
    const output = await client.send(stream(extra));
    const deltas: string[] = [];
    let stopReason: string | undefined;
    try {
      for await (const event of output.stream ?? []) {
        if (event.contentBlockDelta?.delta?.text) deltas.push(event.contentBlockDelta.delta.text);
        if (event.messageStop) stopReason = event.messageStop.stopReason;
      }
    } catch (error) {
      return { deltas, stopReason, error: error as Error & { $metadata?: unknown } };
    }
    return { deltas, stopReason, error: undefined };
  }

  it.each([
    ['stream-throttle', 'ThrottlingException'],
    ['stream-model-error', 'ModelStreamErrorException'],
    ['stream-unavailable', 'ServiceUnavailableException'],
    ['stream-internal', 'InternalServerException'],
  ] as const)('sends %s as an exception event after some deltas (the SDK throws %s)', async (scripted, name) => {
    const { twin: started, client } = await start();
    const whole = await readStream(client);
    started.script({ converse: [scripted] });
    const cut = await readStream(client);
    expect(cut.error?.name).toBe(name);
    expect(cut.deltas.length).toBeGreaterThan(10);
    expect(cut.deltas.length).toBeLessThan(whole.deltas.length);
    expect(cut.stopReason).toBeUndefined();
  });

  it('checks the answer on its way out: in sync mode the intervention arrives mid-stream, after chunks that passed', async () => {
    const { twin: started, client } = await start();
    started.script({ converse: ['guardrail-output'] });
    const guarded = await readStream(client, { guardrailConfig: { ...GUARDRAIL, streamProcessingMode: 'sync' } });
    expect(guarded.error).toBeUndefined();
    expect(guarded.stopReason).toBe('guardrail_intervened');
    expect(guarded.deltas.at(-1)).toBe(BLOCKED_MESSAGE);
    expect(guarded.deltas.length).toBeGreaterThan(10);

    started.script({ converse: ['guardrail-output'] });
    const whole = await client.send(new ConverseCommand({ ...ask().input, guardrailConfig: GUARDRAIL }));
    expect(whole.stopReason).toBe('guardrail_intervened');
    expect(whole.output?.message?.content).toEqual([{ text: BLOCKED_MESSAGE }]);
    expect(started.calls().map((call) => call.answer)).toEqual(['guardrail_intervened', 'guardrail_intervened']);
  });

  it('checks the answer on its way out only when a guardrail is named', async () => {
    const { twin: started, client } = await start();
    started.script({ converse: ['guardrail-output'] });
    expect((await client.send(ask())).stopReason).toBe('end_turn');
  });
});

describe('the Bedrock twin serves a model in a Region as AWS documents it, not as our catalogue says', () => {
  it('takes the Nova Lite profile from us-west-1 (AWS serves it there; the catalogue does not offer it)', async () => {
    const { twin: started } = await start();
    const west1 = bedrockClient({ region: 'us-west-1', endpoint: started.url });
    await expect(west1.send(ask())).resolves.toMatchObject({ stopReason: 'end_turn' });
    const onDemand = west1.send(new ConverseCommand({ ...ask().input, modelId: 'amazon.nova-lite-v1:0' }));
    await expect(onDemand).rejects.toBeInstanceOf(ValidationException);
    await expect(onDemand).rejects.toThrow(/on-demand throughput isn't supported/);
    const east = bedrockClient({ region: 'us-east-1', endpoint: started.url });
    await expect(east.send(paint())).rejects.toBeInstanceOf(AccessDeniedException);
    const europe = bedrockClient({ region: 'eu-west-1', endpoint: started.url });
    await expect(europe.send(ask())).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    });
  });
});
