import { createServer, type Http2Server, type Http2ServerRequest } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { createMp3Encoder } from 'wasm-media-encoders';
import { LOOPBACK } from '../ports.js';

/**
 * The Polly twin: Amazon Polly's SynthesizeSpeech (`POST /v1/speech`, REST + JSON) for the real
 * `PollyClient`, pointed at it with `AWS_ENDPOINT_URL_POLLY`; over cleartext HTTP/2, which the client speaks
 * since Polly has a bidirectional streaming operation. The voice is the local stack's speech engine
 * (eSpeak NG, bin/local/speech-engine); the twin answers in Polly's formats: MP3 (encoded from the engine's
 * samples) or word speech marks (`application/x-json-stream`, one JSON object a line, `start` and `end` as
 * UTF-8 byte offsets of the text). What Polly refuses, it refuses: a text over 3,000 billed characters
 * (TextLengthExceededException), a voice the neural engine does not have (EngineNotSupportedException), an
 * unknown format, marks asked for in an audio format; and, over its rate, a call as Polly throttles it.
 */

/**
 * SynthesizeSpeech's default rates per account and Region (AWS, Amazon Polly Developer Guide, "Quotas in
 * Amazon Polly", docs.aws.amazon.com/polly/latest/dg/limits.html): neural voices 8 transactions per second
 * with a burst limit of 10, standard voices 80 with a burst of 100. A throttled request gets HTTP 400 and the
 * ThrottlingException error type (same page). Read as a token bucket: `burst` requests at once, refilled at
 * `perSecond`.
 */
export const POLLY_RATES = {
  neural: { perSecond: 8, burst: 10 },
  standard: { perSecond: 80, burst: 100 },
} as const;
type Engine = keyof typeof POLLY_RATES;

/** A token bucket: `burst` tokens, refilled at `perSecond`; each request takes one or is throttled. */
function tokenBucket(rate: { perSecond: number; burst: number }, clock: () => number) {
  let tokens = rate.burst;
  let at = clock();
  return () => {
    const now = clock();
    tokens = Math.min(rate.burst, tokens + ((now - at) / 1000) * rate.perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Polly's neural voices for English (the twin speaks every one of them with eSpeak's voice). */
const NEURAL_VOICES = new Set([
  'Joanna',
  'Matthew',
  'Ivy',
  'Kendra',
  'Kimberly',
  'Salli',
  'Joey',
  'Justin',
  'Kevin',
  'Ruth',
  'Stephen',
  'Danielle',
  'Gregory',
  'Patrick',
  'Amy',
  'Emma',
  'Brian',
  'Arthur',
  'Olivia',
  'Aria',
  'Ayanda',
  'Kajal',
]);

/** SynthesizeSpeech's limit: 3,000 billed characters (SSML tags are not billed; the app sends plain text). */
const MAX_BILLED_CHARACTERS = 3000;

type EngineAnswer = { audio: string; marks: { start: number; from: number; to: number }[] };

/** A SynthesizeSpeech call: its format and billed characters, or the error it was answered with. */
export type PollyCall = Readonly<{ format: string; characters: number; at: number; error?: string }>;

export type PollyTwin = Readonly<{ url: string; calls(): readonly PollyCall[]; stop(): Promise<void> }>;

class PollyError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: Http2ServerRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The 16-bit mono PCM of the engine's WAV, as the encoder's floats, and its sample rate. */
function pcmOf(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  const sampleRate = wav.readUInt32LE(24);
  const data = wav.subarray(44);
  const samples = new Float32Array(data.length / 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * 2) / 32768;
  return { samples, sampleRate };
}

async function mp3Of(wav: Buffer): Promise<Buffer> {
  const { samples, sampleRate } = pcmOf(wav);
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, vbrQuality: 4 });
  const body = Buffer.from(encoder.encode([samples]));
  return Buffer.concat([body, Buffer.from(encoder.finalize())]);
}

/** Polly's word marks: times in ms, offsets in UTF-8 bytes of the text. */
function wordMarks(text: string, marks: EngineAnswer['marks']): string {
  const bytesBefore = (index: number) => Buffer.byteLength(text.slice(0, index), 'utf8');
  return marks
    .map((mark) =>
      JSON.stringify({
        time: mark.start,
        type: 'word',
        start: bytesBefore(mark.from),
        end: bytesBefore(mark.to),
        value: text.slice(mark.from, mark.to),
      }),
    )
    .join('\n');
}

export type PollyTwinOptions = Readonly<{
  speechEngineUrl: string;
  port?: number;
  /** Requests a second per engine (default POLLY_RATES, Polly's defaults); `false` for no limit. */
  rates?: Readonly<Record<Engine, { perSecond: number; burst: number }>> | false;
  /** The rate's clock (tests hold it still to send many requests in one instant). */
  now?: () => number;
}>;

export async function startPollyTwin(options: PollyTwinOptions): Promise<PollyTwin> {
  const calls: PollyCall[] = [];
  const rates = options.rates === undefined ? POLLY_RATES : options.rates;
  const clock = options.now ?? Date.now;
  const admit = rates
    ? { neural: tokenBucket(rates.neural, clock), standard: tokenBucket(rates.standard, clock) }
    : { neural: () => true, standard: () => true };

  async function synthesize(
    body: Record<string, unknown>,
  ): Promise<{ contentType: string; payload: Buffer; characters: number }> {
    const text = typeof body.Text === 'string' ? body.Text : '';
    const format = String(body.OutputFormat ?? '');
    const voice = String(body.VoiceId ?? '');
    if (!text) throw new PollyError(400, 'ValidationException', 'Text is required.');
    if (body.TextType !== undefined && body.TextType !== 'text') {
      throw new PollyError(400, 'ValidationException', 'The twin reads plain text only.');
    }
    if (text.length > MAX_BILLED_CHARACTERS) {
      throw new PollyError(
        400,
        'TextLengthExceededException',
        `Maximum text length has been exceeded (${MAX_BILLED_CHARACTERS} billed characters).`,
      );
    }
    if (body.Engine === 'neural' && !NEURAL_VOICES.has(voice)) {
      throw new PollyError(
        400,
        'EngineNotSupportedException',
        `This voice does not support the selected engine: ${voice}`,
      );
    }
    // Polly checks the rate before the work (an account's throttled requests are answered at once).
    if (!admit[body.Engine === 'neural' ? 'neural' : 'standard']()) {
      throw new PollyError(400, 'ThrottlingException', 'Rate exceeded');
    }
    const marks = body.SpeechMarkTypes as string[] | undefined;
    if (format === 'json' ? !marks?.length : marks?.length) {
      throw new PollyError(
        400,
        'MarksNotSupportedForFormatException',
        'Speech marks go with the json output format only.',
      );
    }
    if (!['mp3', 'json'].includes(format)) {
      throw new PollyError(
        400,
        'ValidationException',
        `OutputFormat ${format} is not answered by the twin (mp3 or json).`,
      );
    }
    const engine = await fetch(new URL('/synthesize', options.speechEngineUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    if (!engine.ok) throw new PollyError(500, 'ServiceFailureException', `The speech engine answered ${engine.status}`);
    const answer = (await engine.json()) as EngineAnswer;
    if (format === 'json') {
      return {
        contentType: 'application/x-json-stream',
        payload: Buffer.from(wordMarks(text, answer.marks)),
        characters: text.length,
      };
    }
    return {
      contentType: 'audio/mpeg',
      payload: await mp3Of(Buffer.from(answer.audio, 'base64')),
      characters: text.length,
    };
  }

  const server: Http2Server = createServer((request, response) => {
    void (async () => {
      try {
        if (request.method !== 'POST' || !request.url?.startsWith('/v1/speech')) {
          throw new PollyError(
            404,
            'UnknownOperationException',
            `${request.method ?? ''} ${request.url ?? ''} is not a Polly operation of the twin`,
          );
        }
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        const answer = await synthesize(body);
        calls.push({ format: String(body.OutputFormat), characters: answer.characters, at: Date.now() });
        response.writeHead(200, {
          'content-type': answer.contentType,
          'x-amzn-requestcharacters': String(answer.characters),
        });
        response.end(answer.payload);
      } catch (error) {
        const failure =
          error instanceof PollyError ? error : new PollyError(500, 'ServiceFailureException', String(error));
        calls.push({ format: '', characters: 0, at: Date.now(), error: failure.type });
        response.writeHead(failure.status, { 'content-type': 'application/json', 'x-amzn-errortype': failure.type });
        response.end(JSON.stringify({ message: failure.message }));
      }
    })();
  });
  // A client keeps its connections open (the SDK may open several under load): stop ends them, or the
  // server would wait for the client.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    calls: () => calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
