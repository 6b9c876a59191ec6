import { isKidSafe } from '#common/safety/check.js';
import { createServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { findModel, invocationFor } from '#common/models/catalogue.js';
import { LOOPBACK } from '../ports.js';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { latencyOf, tokensOf, type LatencyProfileName } from './latency.js';
import { twinPicture } from './picture.js';
import { textAnswer } from './story-answer.js';

/**
 * The Bedrock twin: a small HTTP/2 server (cleartext, as the SDK's HTTP/2 handler speaks it to an http://
 * endpoint) speaking the Bedrock Runtime wire protocol (REST + JSON, errors named by the
 * `x-amzn-errortype` header) for every call Story Magic makes, so the real
 * `BedrockRuntimeClient` can be pointed at it (`BEDROCK_ENDPOINT`). It answers as AWS documents:
 *
 * - Converse `POST /model/{id}/converse`: a valid story (the JSON the prompt asks for, written by the
 *   local writer), or, asked to describe a finished story's pictures, a sentence of it for each moment; `stopReason: guardrail_intervened` when a guardrail is named and the guarded text holds a
 *   word the twin's guardrail blocks, or when scripted.
 * - ConverseStream `POST /model/{id}/converse-stream`: the same answer as an event stream
 *   (`application/vnd.amazon.eventstream`, framed by the SDK's own codec): messageStart, contentBlockDelta
 *   events a few tokens each, contentBlockStop, messageStop with the stop reason, then metadata. With the
 *   `public` latency profile the deltas arrive at the model's published pace.
 * - InvokeModel `POST /model/{id}/invoke` (Stability): `{seeds, finish_reasons: [null], images: [png]}`, or
 *   `{finish_reasons: ["Filter reason: prompt"]}` with no image for a blocked word or when scripted.
 * - ApplyGuardrail `POST /guardrail/{id}/version/{v}/apply`: `action: NONE` or `GUARDRAIL_INTERVENED`.
 * - The signed region decides what is served, from the model catalogue: AccessDeniedException (403) for a
 *   model not served in that region, ValidationException (400) for an on-demand call of a model the
 *   region serves only through its inference profile, and for max tokens above the model's limit.
 * - Scripted answers for tests (`POST /twin/script`): ThrottlingException (429),
 *   ServiceUnavailableException (503), filtered pictures, guardrail interventions, malformed text.
 */

export type ScriptedAnswer = 'throttle' | 'unavailable' | 'guardrail' | 'filter' | 'malformed';
export type TwinOperation = 'converse' | 'invoke' | 'applyGuardrail';
/** Each call is logged under its operation; a streamed Converse is scripted with `converse` too. */
type CalledOperation = TwinOperation | 'converseStream';
export type TwinScript = Partial<Record<TwinOperation, ScriptedAnswer[]>>;

export type TwinCall = Readonly<{
  operation: CalledOperation;
  modelId?: string;
  region: string;
  guardrail?: string;
  /** What the twin answered: `ok`, an error name, `filtered` or `guardrail_intervened`. */
  answer: string;
  /** When the request arrived and when its answer was complete (epoch ms), to see calls overlap. */
  startedAt: number;
  endedAt: number;
}>;

/**
 * The twin's stand-in guardrail (the real one is configured by lib/constructs/guardrail-policy.ts): the
 * product's own safety check (common/safety), so the path a refused text takes through the provider and
 * the workflow is tested with what the check refuses.
 */
const BLOCKED = { test: (text: string) => !isKidSafe(text) };

const BLOCKED_MESSAGE = 'Sorry, this story could not be written safely.';

class TwinError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const throttled = () =>
  new TwinError(429, 'ThrottlingException', 'Too many requests, please wait before trying again.');
const unavailable = () => new TwinError(503, 'ServiceUnavailableException', 'Service unavailable. Try again later.');

/** The region of a SigV4-signed request, read from its credential scope as AWS routes it. */
function signedRegion(request: Http2ServerRequest): string {
  const auth = request.headers.authorization ?? '';
  return /Credential=[^/]+\/\d{8}\/([a-z0-9-]+)\/bedrock\//.exec(auth)?.[1] ?? 'unknown';
}

async function readBody(request: Http2ServerRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new TwinError(400, 'ValidationException', 'Malformed input request, please reformat your input and try again.');
}

/** The model a region may be asked for, as AWS answers when it may not. */
function servedModel(modelId: string, region: string) {
  const model = findModel(modelId);
  if (!model) throw new TwinError(400, 'ValidationException', 'The provided model identifier is invalid.');
  const check = invocationFor(modelId, region);
  if (!check.ok) {
    throw new TwinError(
      403,
      'AccessDeniedException',
      "You don't have access to the model with the specified model ID.",
    );
  }
  if (check.invocation.modelId !== modelId) {
    throw new TwinError(
      400,
      'ValidationException',
      `Invocation of model ID ${modelId} with on-demand throughput isn't supported. Retry your request with ` +
        'the ID or ARN of an inference profile that contains this model.',
    );
  }
  return model;
}

type ContentBlock = { text?: string; guardContent?: { text?: { text?: string } } };
type MessageShape = { role?: string; content?: ContentBlock[] };

const blockText = (block: ContentBlock) => block.text ?? block.guardContent?.text?.text ?? '';
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The event stream framing (prelude, headers, CRCs) as the SDK decodes it: the SDK's own codec. */
const fromUtf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const codec = new EventStreamCodec((bytes) => Buffer.from(bytes).toString('utf8'), fromUtf8);

/** Tokens per streamed delta: Bedrock's text deltas are a few tokens each. */
const STREAM_TOKENS = 4;

export type BedrockTwinOptions = Readonly<{
  /** 0 (default) for any free port. */
  port?: number;
  /** `off` (default) answers at once; `public` waits as the real models do (bin/local/bedrock-twin/latency.ts). */
  latency?: LatencyProfileName;
}>;

export type BedrockTwin = Readonly<{
  url: string;
  /**
   * Queues answers for the next calls of each operation (tests); over the wire, `POST /twin/script` (and
   * `POST /twin/reset`, `GET /twin/calls`), e.g. `curl --http2-prior-knowledge`.
   */
  script(next: TwinScript): void;
  calls(): readonly TwinCall[];
  reset(): void;
  stop(): Promise<void>;
}>;

export async function startBedrockTwin(options: BedrockTwinOptions = {}): Promise<BedrockTwin> {
  const queued: Record<TwinOperation, ScriptedAnswer[]> = { converse: [], invoke: [], applyGuardrail: [] };
  const log: TwinCall[] = [];
  const latency = latencyOf(options.latency ?? 'off');
  const script = (next: TwinScript) => {
    for (const operation of Object.keys(queued) as TwinOperation[]) queued[operation].push(...(next[operation] ?? []));
  };
  const reset = () => {
    for (const operation of Object.keys(queued) as TwinOperation[]) queued[operation].length = 0;
    log.length = 0;
  };

  /** A Converse answer (streamed or not): its text and stop reason, once the request has been checked. */
  function answer(modelId: string, region: string, body: Record<string, unknown>) {
    const model = servedModel(modelId, region);
    if (model.kind !== 'text') throw new TwinError(400, 'ValidationException', 'This model does not support Converse.');
    const messages = (body.messages ?? []) as MessageShape[];
    const system = (body.system ?? []) as ContentBlock[];
    const blocks = [...system, ...messages.flatMap((message) => message.content ?? [])];
    if (messages.length === 0 || messages[0]?.role !== 'user' || blocks.some((block) => blockText(block) === '')) {
      throw new TwinError(
        400,
        'ValidationException',
        'A conversation must start with a user message and hold no empty text.',
      );
    }
    const maxTokens = (body.inferenceConfig as { maxTokens?: number } | undefined)?.maxTokens;
    if (maxTokens !== undefined && model.maxOutputTokens !== undefined && maxTokens > model.maxOutputTokens) {
      throw new TwinError(
        400,
        'ValidationException',
        `The maximum tokens you requested exceeds the model limit of ${model.maxOutputTokens}.`,
      );
    }
    const guardrail = (body.guardrailConfig as { guardrailIdentifier?: string } | undefined)?.guardrailIdentifier;
    const scripted = queued.converse.shift();
    if (scripted === 'throttle') throw throttled();
    if (scripted === 'unavailable') throw unavailable();

    // With guarded blocks only they are checked on input, as Bedrock does; otherwise every message.
    const userBlocks = messages.flatMap((message) => message.content ?? []);
    const guarded = userBlocks.filter((block) => block.guardContent);
    const checked = (guarded.length > 0 ? guarded : userBlocks).map(blockText).join('\n');
    const prompt = [...system, ...userBlocks].map(blockText).join('\n');
    const intervened = guardrail !== undefined && (scripted === 'guardrail' || BLOCKED.test(checked));
    const text: Promise<string> = intervened
      ? Promise.resolve(BLOCKED_MESSAGE)
      : scripted === 'malformed'
        ? Promise.resolve('Once upon a time, without JSON.')
        : textAnswer(prompt);
    const usage = (outputTokens: number) => ({
      inputTokens: tokensOf(prompt),
      outputTokens,
      totalTokens: tokensOf(prompt) + outputTokens,
    });
    return {
      model,
      text,
      usage,
      stopReason: intervened ? 'guardrail_intervened' : 'end_turn',
      call: { guardrail, answer: intervened ? 'guardrail_intervened' : 'ok' },
    };
  }

  async function converse(modelId: string, region: string, body: Record<string, unknown>) {
    const { model, text: answered, usage, stopReason, call } = answer(modelId, region, body);
    const text = await answered;
    const outputTokens = tokensOf(text);
    const waited = latency.firstToken(model.id) + latency.tokens(model.id, outputTokens);
    await sleep(waited);
    return {
      call,
      payload: {
        output: { message: { role: 'assistant', content: [{ text }] } },
        stopReason,
        usage: usage(outputTokens),
        metrics: { latencyMs: waited },
      },
    };
  }

  /**
   * ConverseStream: the answer in deltas of about `STREAM_TOKENS` tokens, each sent when the model would
   * have produced it (from the request's start, so timer slack does not add up).
   */
  async function converseStream(
    modelId: string,
    region: string,
    body: Record<string, unknown>,
    response: Http2ServerResponse,
  ) {
    const { model, text: answered, usage, stopReason, call } = answer(modelId, region, body);
    const started = Date.now();
    const text = await answered;
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    const send = (eventType: string, payload: unknown) =>
      response.write(
        codec.encode({
          headers: {
            ':message-type': { type: 'string', value: 'event' },
            ':event-type': { type: 'string', value: eventType },
            ':content-type': { type: 'string', value: 'application/json' },
          },
          body: fromUtf8(JSON.stringify(payload)),
        }),
      );
    const first = latency.firstToken(model.id);
    await sleep(first - (Date.now() - started));
    send('messageStart', { role: 'assistant' });
    const step = STREAM_TOKENS * 4;
    for (let at = 0; at < text.length; at += step) {
      const due = first + latency.tokens(model.id, tokensOf(text.slice(0, at + step)));
      await sleep(due - (Date.now() - started));
      if (response.destroyed) return call; // the caller went away mid-answer
      send('contentBlockDelta', { contentBlockIndex: 0, delta: { text: text.slice(at, at + step) } });
    }
    send('contentBlockStop', { contentBlockIndex: 0 });
    send('messageStop', { stopReason });
    send('metadata', { usage: usage(tokensOf(text)), metrics: { latencyMs: Date.now() - started } });
    response.end();
    return call;
  }

  async function invoke(modelId: string, region: string, body: Record<string, unknown>) {
    const model = servedModel(modelId, region);
    if (model.shape !== 'stability-text-to-image') {
      throw new TwinError(400, 'ValidationException', 'The twin paints with the Stability text-to-image models only.');
    }
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    if (prompt === '' || prompt.length > 10_000)
      throw new TwinError(400, 'ValidationException', 'prompt must be 1 to 10000 characters.');
    const seed = typeof body.seed === 'number' ? body.seed : 0;
    const scripted = queued.invoke.shift();
    if (scripted === 'throttle') throw throttled();
    if (scripted === 'unavailable') throw unavailable();
    await sleep(latency.picture(model.id));
    if (scripted === 'filter' || BLOCKED.test(prompt)) {
      return { call: { answer: 'filtered' }, payload: { finish_reasons: ['Filter reason: prompt'] } };
    }
    const image = await twinPicture(prompt, seed);
    return {
      call: { answer: 'ok' },
      payload: { seeds: [seed], finish_reasons: [null], images: [image.toString('base64')] },
    };
  }

  function applyGuardrail(guardrail: string, body: Record<string, unknown>) {
    const content = (body.content ?? []) as { text?: { text?: string } }[];
    const text = content.map((block) => block.text?.text ?? '').join('\n');
    const scripted = queued.applyGuardrail.shift();
    if (scripted === 'throttle') throw throttled();
    if (scripted === 'unavailable') throw unavailable();
    const intervened = scripted === 'guardrail' || BLOCKED.test(text);
    return {
      call: { guardrail, answer: intervened ? 'guardrail_intervened' : 'ok' },
      payload: {
        action: intervened ? 'GUARDRAIL_INTERVENED' : 'NONE',
        outputs: intervened ? [{ text: BLOCKED_MESSAGE }] : [],
        assessments: [],
        usage: {
          topicPolicyUnits: 1,
          contentPolicyUnits: 1,
          wordPolicyUnits: 1,
          sensitiveInformationPolicyUnits: 0,
          sensitiveInformationPolicyFreeUnits: 0,
          contextualGroundingPolicyUnits: 0,
        },
      },
    };
  }

  async function route(request: Http2ServerRequest, response: Http2ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://twin');
    const startedAt = Date.now();
    const body = await readBody(request);
    const region = signedRegion(request);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };

    if (url.pathname === '/twin/script' && request.method === 'POST') {
      script(parseJson(body) as TwinScript);
      return send(200, { queued });
    }
    if (url.pathname === '/twin/reset' && request.method === 'POST') return send(200, (reset(), { reset: true }));
    if (url.pathname === '/twin/calls' && request.method === 'GET') return send(200, { calls: log });

    const model = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/.exec(url.pathname);
    const guard = /^\/guardrail\/([^/]+)\/version\/([^/]+)\/apply$/.exec(url.pathname);
    const operation: CalledOperation | undefined = model
      ? model[2] === 'invoke'
        ? 'invoke'
        : model[2] === 'converse-stream'
          ? 'converseStream'
          : 'converse'
      : guard
        ? 'applyGuardrail'
        : undefined;
    const modelId = model ? decodeURIComponent(model[1] ?? '') : undefined;
    try {
      if (request.method !== 'POST' || !operation)
        throw new TwinError(404, 'UnknownOperationException', `No operation at ${url.pathname}`);
      const parsed = parseJson(body);
      if (operation === 'converseStream') {
        const call = await converseStream(modelId ?? '', region, parsed, response);
        log.push({ operation, region, ...(modelId ? { modelId } : {}), ...call, startedAt, endedAt: Date.now() });
        return;
      }
      const result =
        operation === 'applyGuardrail'
          ? applyGuardrail(decodeURIComponent(guard?.[1] ?? ''), parsed)
          : operation === 'invoke'
            ? await invoke(modelId ?? '', region, parsed)
            : await converse(modelId ?? '', region, parsed);
      log.push({ operation, region, ...(modelId ? { modelId } : {}), ...result.call, startedAt, endedAt: Date.now() });
      return send(200, result.payload);
    } catch (error) {
      const failure =
        error instanceof TwinError ? error : new TwinError(500, 'InternalServerException', 'The twin failed.');
      if (operation) {
        const call = { operation, region, ...(modelId ? { modelId } : {}), answer: failure.type };
        log.push({ ...call, startedAt, endedAt: Date.now() });
      }
      return send(
        failure.status,
        { message: failure.message },
        { 'x-amzn-errortype': `${failure.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
      );
    }
  }

  const sessions = new Set<ServerHttp2Session>();
  const server = createServer((request, response) => {
    route(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    script,
    calls: () => [...log],
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
