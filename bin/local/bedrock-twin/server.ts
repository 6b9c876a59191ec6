import { createServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { EventStreamCodec } from '@smithy/core/event-streams';
import {
  createQuotaLedger,
  STREAM_GUARDRAIL_CHUNK_CHARACTERS,
  textUnitsOf,
  tokensOf,
  type BedrockQuotas,
  type Exceeded,
} from '#common/models/quotas.js';
import { LOOPBACK } from '../ports.js';
import { awsServing, type AwsModel } from './aws-models.js';
import { BLOCKED_MESSAGE, guardrailIntervenes } from './guardrail.js';
import { latencyOf, type LatencyProfileName } from './latency.js';
import { twinPicture } from './picture.js';
import { textAnswer, type Conversation } from './story-answer.js';

/**
 * The Bedrock twin: a small HTTP/2 server (cleartext, as the SDK's HTTP/2 handler speaks it to an http://
 * endpoint) speaking the Bedrock Runtime wire protocol (REST + JSON, errors named by the
 * `x-amzn-errortype` header) for every call Story Magic makes, so the real `BedrockRuntimeClient` can be
 * pointed at it (`BEDROCK_ENDPOINT`). It answers as AWS documents:
 *
 * - Converse `POST /model/{id}/converse`: the story the prompt asks for (the JSON object of its answer
 *   format, written by the local writer from the choices the prompt carries: story-answer.ts), or, asked to
 *   describe a finished story's pictures, a sentence of it for each moment. With a guardrail named, the
 *   guarded input is checked first and the answer on its way out (`stopReason: guardrail_intervened`, the
 *   guardrail's message as the answer).
 * - ConverseStream `POST /model/{id}/converse-stream`: the same answer as an event stream
 *   (`application/vnd.amazon.eventstream`, framed by the SDK's own codec): messageStart, contentBlockDelta
 *   events a few tokens each, contentBlockStop, messageStop with the stop reason, then metadata. With a
 *   guardrail in `sync` mode each chunk is checked before it is sent, so an intervention arrives mid-stream
 *   after the chunks that passed. Exceptions can arrive mid-stream too (scripted).
 * - InvokeModel `POST /model/{id}/invoke` (Stability): `{seeds, finish_reasons: [null], images: [png]}`, or
 *   `{finish_reasons: ["Filter reason: prompt"]}` for a prompt the guardrail's words block, or
 *   `{finish_reasons: ["Inference error"]}` when scripted; no image with either.
 * - ApplyGuardrail `POST /guardrail/{id}/version/{v}/apply`: `action: NONE` or `GUARDRAIL_INTERVENED`.
 * - The signed Region decides what is served, from AWS's documented availability (aws-models.ts), not our
 *   catalogue: AccessDeniedException (403) for a model not served there, ValidationException (400) for an
 *   on-demand call of a model the Region serves only through its inference profile, for a profile called
 *   from a Region that is not one of its sources, and for max tokens above the model's limit.
 * - Quotas (`quotas`, from `BEDROCK_TWIN_QUOTAS` where the local stack starts it): requests and tokens per
 *   minute (and per day) per text model, reserving input + max tokens as a request starts and settling to
 *   the real count as it ends; requests per minute per picture model; guardrail text units per second.
 *   A call over a quota gets ThrottlingException (429) with Bedrock's message
 *   (common/models/quotas.ts holds the arithmetic and the default figures).
 * - Scripted answers for tests (`POST /twin/script`, ScriptedAnswer).
 */

export type ScriptedAnswer =
  /** ThrottlingException (429), ServiceUnavailableException (503), on any call. */
  | 'throttle'
  | 'unavailable'
  /** ServiceQuotaExceededException (400), on any call. */
  | 'quota-exceeded'
  /** ModelErrorException (424), on a Converse or InvokeModel call. */
  | 'model-error'
  /** The guardrail intervenes on the input (Converse, ApplyGuardrail). */
  | 'guardrail'
  /** The guardrail intervenes on the answer on its way out (Converse; mid-stream when streamed). */
  | 'guardrail-output'
  /** Converse answers prose instead of the JSON asked for. */
  | 'malformed'
  /**
   * A streamed Converse fails after some deltas with this exception event (throttlingException,
   * modelStreamErrorException, serviceUnavailableException, internalServerException); a Converse call not
   * streamed gets the same failure as an HTTP error (ModelErrorException for the model's stream error).
   */
  | 'stream-throttle'
  | 'stream-model-error'
  | 'stream-unavailable'
  | 'stream-internal'
  /** A picture filtered (`Filter reason: prompt`) or failed (`Inference error`), with no image. */
  | 'filter'
  | 'inference-error';
export type TwinOperation = 'converse' | 'invoke' | 'applyGuardrail';
/** Each call is logged under its operation; a streamed Converse is scripted with `converse` too. */
type CalledOperation = TwinOperation | 'converseStream';
export type TwinScript = Partial<Record<TwinOperation, ScriptedAnswer[]>>;

export type TwinCall = Readonly<{
  operation: CalledOperation;
  modelId?: string;
  region: string;
  guardrail?: string;
  /** What the twin answered: `ok`, an error name, `filtered`, `inference_error` or `guardrail_intervened`. */
  answer: string;
  /** A text call's tokens as the quotas counted them (input, and output produced). */
  tokens?: Readonly<{ input: number; output: number }>;
  /** The guardrail text units the call was charged: its input checked, and its output as it was checked. */
  guardrailUnits?: number;
  /** When the request arrived and when its answer was complete (epoch ms), to see calls overlap. */
  startedAt: number;
  endedAt: number;
}>;

class TwinError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Bedrock's throttling messages, by the quota that was exceeded. */
const THROTTLED_MESSAGES: Readonly<Record<Exceeded, string>> = {
  requests: 'Too many requests, please wait before trying again.',
  tokens: 'Too many tokens, please wait before trying again.',
  tokensPerDay: 'Too many tokens per day, please wait before trying again.',
};
const throttled = (exceeded: Exceeded = 'requests') =>
  new TwinError(429, 'ThrottlingException', THROTTLED_MESSAGES[exceeded]);
const unavailable = () => new TwinError(503, 'ServiceUnavailableException', 'Service unavailable. Try again later.');
const internal = () =>
  new TwinError(500, 'InternalServerException', 'An internal server error occurred. Retry your request.');
const quotaExceeded = () =>
  new TwinError(
    400,
    'ServiceQuotaExceededException',
    'Your request exceeds the service quota for your account. You can view your quotas at Viewing service quotas. You can resubmit your request later.',
  );
const modelError = () =>
  new TwinError(424, 'ModelErrorException', 'The request failed due to an error while processing the model.');

/** The HTTP failure a scripted answer stands for, on any call (undefined: the answer is not a failure). */
function scriptedFailure(answer: ScriptedAnswer | undefined): TwinError | undefined {
  switch (answer) {
    case 'throttle':
    case 'stream-throttle':
      return throttled();
    case 'unavailable':
    case 'stream-unavailable':
      return unavailable();
    case 'stream-internal':
      return internal();
    case 'quota-exceeded':
      return quotaExceeded();
    case 'model-error':
    case 'stream-model-error':
      return modelError();
    default:
      return undefined;
  }
}

/** The exception event a scripted mid-stream failure sends: its event name and body, as Bedrock sends them. */
const STREAM_EXCEPTIONS: Partial<Record<ScriptedAnswer, { type: string; body: Record<string, unknown> }>> = {
  'stream-throttle': { type: 'throttlingException', body: { message: THROTTLED_MESSAGES.requests } },
  'stream-model-error': {
    type: 'modelStreamErrorException',
    body: {
      message: 'An error occurred while streaming the response. Retry your request.',
      originalStatusCode: 500,
      originalMessage: 'The model failed while streaming.',
    },
  },
  'stream-unavailable': {
    type: 'serviceUnavailableException',
    body: { message: 'Service unavailable. Try again later.' },
  },
  'stream-internal': {
    type: 'internalServerException',
    body: { message: 'An internal server error occurred. Retry your request.' },
  },
};

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

/** The model a call may reach from `region`, as AWS answers when it may not (aws-models.ts). */
function servedModel(modelId: string, region: string): AwsModel {
  const serving = awsServing(modelId, region);
  if (serving.served) return serving.model;
  switch (serving.reason) {
    case 'not-in-region':
      throw new TwinError(
        403,
        'AccessDeniedException',
        "You don't have access to the model with the specified model ID.",
      );
    case 'needs-profile':
      throw new TwinError(
        400,
        'ValidationException',
        `Invocation of model ID ${modelId} with on-demand throughput isn't supported. Retry your request with ` +
          'the ID or ARN of an inference profile that contains this model.',
      );
    default:
      throw new TwinError(400, 'ValidationException', 'The provided model identifier is invalid.');
  }
}

type ContentBlock = { text?: string; guardContent?: { text?: { text?: string } } };
type MessageShape = { role?: string; content?: ContentBlock[] };

const blockText = (block: ContentBlock) => block.text ?? block.guardContent?.text?.text ?? '';
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The event stream framing (prelude, headers, CRCs) as the SDK decodes it: the SDK's own codec. */
const fromUtf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const codec = new EventStreamCodec((bytes) => Buffer.from(bytes).toString('utf8'), fromUtf8);

/** How much of what came before a chunk the output check reads with it (a phrase split across chunks). */
const OUTPUT_CHECK_OVERLAP = 300;

/** Tokens per streamed delta: Bedrock's text deltas are a few tokens each. */
const STREAM_TOKENS = 4;
const DELTA_CHARACTERS = STREAM_TOKENS * 4;
/** Deltas a streamed guardrail buffers and checks together (sync mode) before sending them. */
const GUARDRAIL_CHUNK_DELTAS = STREAM_GUARDRAIL_CHUNK_CHARACTERS / DELTA_CHARACTERS;

export type BedrockTwinOptions = Readonly<{
  /** 0 (default) for any free port. */
  port?: number;
  /**
   * The guardrails the account has, each in its region (the deploy rehearsal names the template's). When
   * given, a call naming another guardrail, version or region is refused as Bedrock refuses it; when not,
   * any guardrail is taken (the local stack and the tests name one of their own).
   */
  guardrails?: readonly Readonly<{ id: string; version: string; region: string }>[];
  /** `off` (default) answers at once; `public` waits as the real models do (latency.ts), at the quotas' time scale. */
  latency?: LatencyProfileName;
  /** The account's quotas (none when absent): parseQuotaSetting(process.env.BEDROCK_TWIN_QUOTAS), DEFAULT_QUOTAS… */
  quotas?: BedrockQuotas | undefined;
  /**
   * The pictures' size in pixels (default: a painted picture's, 1024). Smaller only for the peak benchmark,
   * which measures waiting in line: a thousand full-size pictures would measure this machine's CPU instead.
   */
  pictureSize?: number;
}>;

export type BedrockTwin = Readonly<{
  url: string;
  /** The quotas it enforces, if any. */
  quotas: BedrockQuotas | undefined;
  /**
   * Queues answers for the next calls of each operation (tests); over the wire, `POST /twin/script` (and
   * `POST /twin/reset`, `GET /twin/calls`), e.g. `curl --http2-prior-knowledge`.
   */
  script(next: TwinScript): void;
  calls(): readonly TwinCall[];
  /** Forgets scripted answers, the call log and every quota window. */
  reset(): void;
  stop(): Promise<void>;
}>;

type CallRecord = Omit<TwinCall, 'operation' | 'region' | 'modelId' | 'startedAt' | 'endedAt'>;

export async function startBedrockTwin(options: BedrockTwinOptions = {}): Promise<BedrockTwin> {
  const queued: Record<TwinOperation, ScriptedAnswer[]> = { converse: [], invoke: [], applyGuardrail: [] };
  const log: TwinCall[] = [];
  const latency = latencyOf(options.latency ?? 'off', options.quotas?.timeScale ?? 1);
  const newLedger = () => (options.quotas ? createQuotaLedger(options.quotas) : undefined);
  let ledger = newLedger();
  const script = (next: TwinScript) => {
    for (const operation of Object.keys(queued) as TwinOperation[]) queued[operation].push(...(next[operation] ?? []));
  };
  const reset = () => {
    for (const operation of Object.keys(queued) as TwinOperation[]) queued[operation].length = 0;
    log.length = 0;
    ledger = newLedger();
  };

  /** Bedrock's answer to a guardrail the account does not have in the called region (by id or ARN). */
  function checkGuardrail(identifier: string, version: string | undefined, region: string, status: 400 | 404): void {
    if (!options.guardrails) return;
    const id = identifier.replace(/^arn:aws:bedrock:[^:]+:\d+:guardrail\//, '');
    const known = options.guardrails.some(
      (each) =>
        each.id === id &&
        each.region === region &&
        (version === undefined || version === 'DRAFT' || version === each.version),
    );
    if (!known) {
      throw new TwinError(
        status,
        status === 404 ? 'ResourceNotFoundException' : 'ValidationException',
        'The guardrail identifier or version provided in the request does not exist.',
      );
    }
  }

  /** The guardrail's quota on checking `text` before a call starts (text units per second). */
  function admitGuardrail(text: string): void {
    if (ledger && !ledger.admitGuardrail(textUnitsOf(text), Date.now())) throw throttled();
  }

  /**
   * A Converse call (streamed or not), checked and admitted: its model, the text it will answer, and what
   * the guardrail does with it. Throws, as Bedrock answers, for a refused or throttled call.
   */
  function converseCall(modelId: string, region: string, body: Record<string, unknown>) {
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
    const guardrailConfig = body.guardrailConfig as
      { guardrailIdentifier?: string; guardrailVersion?: string; streamProcessingMode?: string } | undefined;
    const guardrail = guardrailConfig?.guardrailIdentifier;
    if (guardrail !== undefined) checkGuardrail(guardrail, guardrailConfig?.guardrailVersion, region, 400);
    const scripted = queued.converse.shift();

    // With guarded blocks only they are checked on input, as Bedrock does; otherwise every user message.
    const userBlocks = messages.filter((message) => message.role === 'user').flatMap((m) => m.content ?? []);
    const guarded = userBlocks.filter((block) => block.guardContent);
    const checked = (guarded.length > 0 ? guarded : userBlocks).map(blockText).join('\n');
    const failure = scripted?.startsWith('stream-') ? undefined : scriptedFailure(scripted);
    if (failure) throw failure;
    const inputTokens = tokensOf(blocks.map(blockText).join('\n'));
    const admission = ledger?.admitText(model.id, inputTokens, maxTokens ?? model.maxOutputTokens ?? 0, Date.now());
    if (admission && !admission.ok) throw throttled(admission.exceeded);
    const inputUnits = guardrail !== undefined ? textUnitsOf(checked) : 0;
    try {
      if (guardrail !== undefined) admitGuardrail(checked);
    } catch (error) {
      admission?.settle(0, 0); // refused before the model ran: no token was used
      throw error;
    }
    const inputBlocked = guardrail !== undefined && (scripted === 'guardrail' || guardrailIntervenes(checked));
    const first = messages[0];
    const conversation: Conversation = {
      system: system.map(blockText),
      user: (first?.content ?? []).map(blockText),
    };
    const text: Promise<string> = inputBlocked
      ? Promise.resolve(BLOCKED_MESSAGE)
      : scripted === 'malformed'
        ? Promise.resolve('Once upon a time, without JSON.')
        : textAnswer(conversation);
    return {
      model,
      text,
      inputTokens,
      scripted,
      inputBlocked,
      guardrail,
      inputUnits,
      /** Whether the answer's output is checked, and in which streamed mode. */
      outputCheck:
        guardrail === undefined || inputBlocked
          ? undefined
          : { sync: guardrailConfig?.streamProcessingMode !== 'async', forced: scripted === 'guardrail-output' },
      settle(outputTokens: number) {
        if (admission?.ok) admission.settle(inputTokens, outputTokens);
      },
    };
  }

  const usage = (inputTokens: number, outputTokens: number) => ({
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
  });

  async function converse(modelId: string, region: string, body: Record<string, unknown>) {
    const call = converseCall(modelId, region, body);
    let text = await call.text;
    const streamFailure = scriptedFailure(call.scripted?.startsWith('stream-') ? call.scripted : undefined);
    if (streamFailure) {
      call.settle(0);
      throw streamFailure;
    }
    let stopReason = call.inputBlocked ? 'guardrail_intervened' : 'end_turn';
    let guardrailUnits = call.inputUnits;
    if (call.outputCheck) {
      guardrailUnits += textUnitsOf(text);
      ledger?.chargeGuardrail(textUnitsOf(text), Date.now());
      if (call.outputCheck.forced || guardrailIntervenes(text)) {
        text = BLOCKED_MESSAGE;
        stopReason = 'guardrail_intervened';
      }
    }
    const outputTokens = tokensOf(text);
    const waited = latency.firstToken(call.model.id) + latency.tokens(call.model.id, outputTokens);
    await sleep(waited);
    call.settle(outputTokens);
    return {
      call: {
        ...(call.guardrail !== undefined ? { guardrail: call.guardrail, guardrailUnits } : {}),
        answer: stopReason === 'guardrail_intervened' ? 'guardrail_intervened' : 'ok',
        tokens: { input: call.inputTokens, output: outputTokens },
      },
      payload: {
        output: { message: { role: 'assistant', content: [{ text }] } },
        stopReason,
        usage: usage(call.inputTokens, outputTokens),
        metrics: { latencyMs: waited },
      },
    };
  }

  /**
   * ConverseStream: the answer in deltas of about `STREAM_TOKENS` tokens, each sent when the model would
   * have produced it (from the request's start, so timer slack does not add up). With a guardrail, the
   * deltas go through it in chunks: in `sync` mode a chunk is checked before it is sent, so the answer
   * stops mid-stream where the guardrail intervenes (the guardrail's message in place of the chunk).
   */
  async function converseStream(
    modelId: string,
    region: string,
    body: Record<string, unknown>,
    response: Http2ServerResponse,
  ): Promise<CallRecord> {
    const call = converseCall(modelId, region, body);
    const started = Date.now();
    const text = await call.text;
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    const frame = (messageType: 'event' | 'exception', name: string, payload: unknown) =>
      response.write(
        codec.encode({
          headers: {
            ':message-type': { type: 'string', value: messageType },
            [messageType === 'event' ? ':event-type' : ':exception-type']: { type: 'string', value: name },
            ':content-type': { type: 'string', value: 'application/json' },
          },
          body: fromUtf8(JSON.stringify(payload)),
        }),
      );
    const send = (eventType: string, payload: unknown) => frame('event', eventType, payload);
    const first = latency.firstToken(call.model.id);
    await sleep(first - (Date.now() - started));
    send('messageStart', { role: 'assistant' });

    const deltas: string[] = [];
    for (let at = 0; at < text.length; at += DELTA_CHARACTERS) deltas.push(text.slice(at, at + DELTA_CHARACTERS));
    const chunks: string[][] = [];
    const perChunk = call.outputCheck ? GUARDRAIL_CHUNK_DELTAS : 1;
    for (let at = 0; at < deltas.length; at += perChunk) chunks.push(deltas.slice(at, at + perChunk));
    // Where a scripted failure or intervention happens: after about half the answer has gone out.
    const failAt = Math.floor(chunks.length / 2);
    const exception = call.scripted ? STREAM_EXCEPTIONS[call.scripted] : undefined;

    let sent = '';
    let stopReason = call.inputBlocked ? 'guardrail_intervened' : 'end_turn';
    let guardrailUnits = call.inputUnits;
    const checkChunk = (index: number, chunk: string) => {
      if (!call.outputCheck) return false;
      guardrailUnits += textUnitsOf(chunk);
      ledger?.chargeGuardrail(textUnitsOf(chunk), Date.now());
      if (call.outputCheck.forced && index === failAt) return true;
      // What has come so far, in whole words (a chunk may end inside one: "I am bra|ve"), and only its end:
      // the new chunk with what came just before it, so a phrase across chunks is still read together.
      const last = index === chunks.length - 1;
      const sofar = last ? sent + chunk : (sent + chunk).replace(/[\p{L}\p{N}'’-]+$/u, '');
      // The window starts on a word too: a cut at its start read "Sheep" as "ep" (a listed word).
      const from = Math.max(0, sofar.length - (chunk.length + OUTPUT_CHECK_OVERLAP));
      const window = sofar.slice(from);
      const cutWord = from > 0 && /[\p{L}\p{N}'’-]/u.test(sofar.charAt(from - 1));
      return guardrailIntervenes(cutWord ? window.replace(/^[\p{L}\p{N}'’-]+/u, '') : window);
    };
    for (const [index, chunk] of chunks.entries()) {
      if (exception && index === failAt) {
        frame('exception', exception.type, exception.body);
        response.end();
        call.settle(tokensOf(sent));
        return { answer: exception.type, tokens: { input: call.inputTokens, output: tokensOf(sent) } };
      }
      const whole = chunk.join('');
      // Sync: checked before it goes out; async: sent, then checked (the next chunks are the ones stopped).
      const blocked = call.outputCheck?.sync ? checkChunk(index, whole) : false;
      if (blocked) {
        send('contentBlockDelta', { contentBlockIndex: 0, delta: { text: BLOCKED_MESSAGE } });
        stopReason = 'guardrail_intervened';
        break;
      }
      for (const delta of chunk) {
        const due = first + latency.tokens(call.model.id, tokensOf(sent + delta));
        await sleep(due - (Date.now() - started));
        if (response.destroyed) {
          call.settle(tokensOf(sent));
          return { answer: 'cancelled', tokens: { input: call.inputTokens, output: tokensOf(sent) } };
        }
        send('contentBlockDelta', { contentBlockIndex: 0, delta: { text: delta } });
        sent += delta;
      }
      if (call.outputCheck && !call.outputCheck.sync && checkChunk(index, '')) {
        send('contentBlockDelta', { contentBlockIndex: 0, delta: { text: BLOCKED_MESSAGE } });
        stopReason = 'guardrail_intervened';
        break;
      }
    }
    const outputTokens = tokensOf(sent);
    send('contentBlockStop', { contentBlockIndex: 0 });
    send('messageStop', { stopReason });
    send('metadata', { usage: usage(call.inputTokens, outputTokens), metrics: { latencyMs: Date.now() - started } });
    response.end();
    call.settle(outputTokens);
    return {
      ...(call.guardrail !== undefined ? { guardrail: call.guardrail, guardrailUnits } : {}),
      answer: stopReason === 'guardrail_intervened' ? 'guardrail_intervened' : 'ok',
      tokens: { input: call.inputTokens, output: outputTokens },
    };
  }

  async function invoke(modelId: string, region: string, body: Record<string, unknown>) {
    const model = servedModel(modelId, region);
    if (model.kind !== 'image') {
      throw new TwinError(400, 'ValidationException', 'The twin paints with the Stability text-to-image models only.');
    }
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    if (prompt === '' || prompt.length > 10_000)
      throw new TwinError(400, 'ValidationException', 'prompt must be 1 to 10000 characters.');
    const seed = typeof body.seed === 'number' ? body.seed : 0;
    const scripted = queued.invoke.shift();
    const failure = scriptedFailure(scripted);
    if (failure) throw failure;
    if (ledger && !ledger.admitImage(model.id, Date.now())) throw throttled();
    await sleep(latency.picture(model.id));
    if (scripted === 'filter' || guardrailIntervenes(prompt)) {
      return { call: { answer: 'filtered' }, payload: { finish_reasons: ['Filter reason: prompt'] } };
    }
    if (scripted === 'inference-error') {
      return { call: { answer: 'inference_error' }, payload: { seeds: [seed], finish_reasons: ['Inference error'] } };
    }
    const image = await twinPicture(prompt, seed, options.pictureSize);
    return {
      call: { answer: 'ok' },
      payload: { seeds: [seed], finish_reasons: [null], images: [image.toString('base64')] },
    };
  }

  function applyGuardrail(guardrail: string, version: string, region: string, body: Record<string, unknown>) {
    checkGuardrail(guardrail, version, region, 404);
    const content = (body.content ?? []) as { text?: { text?: string } }[];
    const text = content.map((block) => block.text?.text ?? '').join('\n');
    const scripted = queued.applyGuardrail.shift();
    const failure = scriptedFailure(scripted);
    if (failure) throw failure;
    admitGuardrail(text);
    const intervened = scripted === 'guardrail' || guardrailIntervenes(text);
    const units = textUnitsOf(text);
    return {
      call: { guardrail, guardrailUnits: units, answer: intervened ? 'guardrail_intervened' : 'ok' },
      payload: {
        action: intervened ? 'GUARDRAIL_INTERVENED' : 'NONE',
        outputs: intervened ? [{ text: BLOCKED_MESSAGE }] : [],
        assessments: [],
        usage: {
          topicPolicyUnits: units,
          contentPolicyUnits: units,
          wordPolicyUnits: units,
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
    const record = (call: CallRecord) =>
      log.push({
        operation: operation ?? 'converse',
        region,
        ...(modelId ? { modelId } : {}),
        ...call,
        startedAt,
        endedAt: Date.now(),
      });
    try {
      if (request.method !== 'POST' || !operation)
        throw new TwinError(404, 'UnknownOperationException', `No operation at ${url.pathname}`);
      const parsed = parseJson(body);
      if (operation === 'converseStream') {
        record(await converseStream(modelId ?? '', region, parsed, response));
        return;
      }
      const result =
        operation === 'applyGuardrail'
          ? applyGuardrail(decodeURIComponent(guard?.[1] ?? ''), decodeURIComponent(guard?.[2] ?? ''), region, parsed)
          : operation === 'invoke'
            ? await invoke(modelId ?? '', region, parsed)
            : await converse(modelId ?? '', region, parsed);
      record(result.call);
      return send(200, result.payload);
    } catch (error) {
      const failure =
        error instanceof TwinError ? error : new TwinError(500, 'InternalServerException', 'The twin failed.');
      if (operation) record({ answer: failure.type });
      return send(
        failure.status,
        { message: failure.message },
        { 'x-amzn-errortype': `${failure.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
      );
    }
  }

  const server = createServer((request, response) => {
    route(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  // The SDK keeps its connections open (several of them under load): stop ends them, or the server would
  // wait for the client (ending sessions alone left it waiting when answers had not been read).
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    quotas: options.quotas,
    script,
    calls: () => [...log],
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
