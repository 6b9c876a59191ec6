import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK } from '../local/ports.js';
import type { CloudAssemblyFunction } from './assembly.js';

/**
 * Lambda, as the rehearsal runs it: each function's code is its asset from the cloud assembly, copied out
 * of the checkout (as Lambda unzips it into /var/task, where no node_modules of ours is in reach) and made
 * read-only; each container is a Node process of its own with the environment Lambda gives (the
 * template's variables, resolved, and the runtime's reserved ones), one invocation at a time, frozen
 * (SIGSTOP) between invocations as Lambda freezes an idle execution environment. What Lambda enforces is
 * enforced: the timeout, the memory size (the container's peak resident memory), the 6 MB payloads.
 */

/** Lambda's synchronous payload limit, request and response (6 MB). */
export const MAX_SYNC_PAYLOAD_BYTES = 6 * 1024 * 1024;

/**
 * A function as the rehearsal runs it: its settings as the cloud assembly gives them (`logicalId`, for
 * messages), its name (Ref) and ARN (Fn::GetAtt Arn), and its environment resolved (the template's
 * variables; the runtime's own are added here).
 */
export type FunctionSpec = Pick<
  CloudAssemblyFunction,
  'logicalId' | 'runtime' | 'handler' | 'assetDir' | 'memorySize' | 'timeoutSeconds' | 'reservedConcurrency'
> &
  Readonly<{ name: string; arn: string; environment: Readonly<Record<string, string>> }>;

export type InvokeOutcome =
  | Readonly<{ ok: true; payload: string; durationMs: number }>
  | Readonly<{ ok: false; errorType: string; errorMessage: string; trace: readonly string[]; durationMs: number }>;

export type FunctionFigures = Readonly<{
  name: string;
  invocations: number;
  errors: number;
  coldStarts: number;
  /** Init (module import) of each cold start, in ms. */
  initMs: readonly number[];
  /** Each error answered, as `errorType: errorMessage` (the first 200 characters), in order. */
  errorMessages: readonly string[];
  /** The largest resident memory any container of it reached, in MB, and its memory size. */
  peakMemoryMb: number;
  memorySize: number;
}>;

type Pending = { resolve: (outcome: InvokeOutcome) => void; started: number };

class Container {
  readonly process: ChildProcess;
  readonly ready: Promise<number>;
  busy = false;
  dead = false;
  private pending: Pending | undefined;
  private readonly requests = new Map<string, Pending>();

  constructor(
    readonly spec: FunctionSpec,
    env: Record<string, string>,
    logFile: string,
  ) {
    const fd = openSync(logFile, 'a');
    this.process = fork(fileURLToPath(new URL('./lambda-runtime.mjs', import.meta.url)), [], {
      cwd: env.LAMBDA_TASK_ROOT,
      env,
      ...sandboxUser(),
      execArgv: nodeArgsFor(spec.memorySize),
      stdio: ['ignore', fd, fd, 'ipc'],
    });
    closeSync(fd);
    this.ready = new Promise<number>((resolve, reject) => {
      this.process.on('message', (message: RuntimeMessage) => {
        if (message.type === 'ready') resolve(message.initMs);
        else if (message.type === 'init-error') reject(new InitError(message.errorType, message.errorMessage));
        else this.settle(message);
      });
      this.process.once('exit', (code, signal) => {
        this.dead = true;
        reject(new InitError('Runtime.ExitError', `Runtime exited during init (${signal ?? `exit status ${code}`})`));
        for (const [, request] of this.requests) {
          request.resolve({
            ok: false,
            errorType: 'Runtime.ExitError',
            errorMessage: `Runtime exited with error: ${signal ? `signal: ${signal}` : `exit status ${code}`}`,
            trace: [],
            durationMs: performance.now() - request.started,
          });
        }
        this.requests.clear();
      });
    });
    // The init promise may reject before anyone awaits it (a crash at import): handled where awaited.
    this.ready.catch(() => undefined);
  }

  private settle(message: RuntimeMessage): void {
    if (message.type !== 'result' && message.type !== 'error') return;
    const request = this.requests.get(message.id);
    if (!request) return;
    this.requests.delete(message.id);
    const durationMs = performance.now() - request.started;
    request.resolve(
      message.type === 'result'
        ? { ok: true, payload: message.payload, durationMs }
        : {
            ok: false,
            errorType: message.errorType,
            errorMessage: message.errorMessage,
            trace: message.trace,
            durationMs,
          },
    );
  }

  invoke(event: unknown, requestId: string): Promise<InvokeOutcome> {
    const id = randomUUID();
    const started = performance.now();
    const deadline = Date.now() + this.spec.timeoutSeconds * 1000;
    return new Promise<InvokeOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.requests.delete(id);
        this.kill();
        resolve({
          ok: false,
          errorType: 'Sandbox.Timedout',
          errorMessage: `RequestId: ${requestId} Error: Task timed out after ${this.spec.timeoutSeconds.toFixed(2)} seconds`,
          trace: [],
          durationMs: performance.now() - started,
        });
      }, this.spec.timeoutSeconds * 1000);
      this.requests.set(id, {
        started,
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      });
      this.thaw();
      this.process.send({
        type: 'invoke',
        id,
        event,
        requestId,
        traceId: traceHeader(),
        deadline,
        functionArn: this.spec.arn,
      });
    });
  }

  /** Peak resident memory so far (VmHWM), in MB. */
  peakMemoryMb(): number {
    try {
      const status = readFileSync(`/proc/${this.process.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  }

  freeze(): void {
    if (!this.dead) this.process.kill('SIGSTOP');
  }

  thaw(): void {
    if (!this.dead) this.process.kill('SIGCONT');
  }

  kill(): void {
    this.dead = true;
    this.thaw();
    this.process.kill('SIGKILL');
  }
}

type RuntimeMessage =
  | { type: 'ready'; initMs: number }
  | { type: 'init-error'; errorType: string; errorMessage: string }
  | { type: 'result'; id: string; payload: string }
  | { type: 'error'; id: string; errorType: string; errorMessage: string; trace: string[] };

class InitError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The Node runtime's bootstrap sizes the heap from the memory setting (a tenth for the young generation,
 * the rest for the old one), and raises the largest HTTP header to 80 KiB.
 */
function nodeArgsFor(memorySize: number): string[] {
  const newSpace = Math.floor(memorySize / 10);
  return [
    '--expose-gc',
    '--max-http-header-size=81920',
    `--max-semi-space-size=${Math.floor(newSpace / 2)}`,
    `--max-old-space-size=${memorySize - newSpace}`,
  ];
}

/** An X-Ray trace header as Lambda sets it for each invocation (not sampled: no segments are sent). */
function traceHeader(): string {
  const epoch = Math.floor(Date.now() / 1000).toString(16);
  return `Root=1-${epoch}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=0`;
}

/**
 * Lambda runs a function as an unprivileged user, on a read-only /var/task. A process of root's ignores file
 * permissions, so when the rehearsal runs as root its containers run as `nobody` (uid 65534), for whom the
 * code is read-only and only the function's /tmp is writable.
 */
const SANDBOX_UID = 65534;
const runningAsRoot = () => process.getuid?.() === 0;
const sandboxUser = () => (runningAsRoot() ? { uid: SANDBOX_UID, gid: SANDBOX_UID } : {});

/** Makes every file and folder under a directory read-only, as /var/task is. */
function makeReadOnly(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) makeReadOnly(path);
    chmodSync(path, entry.isDirectory() ? 0o555 : 0o444);
  }
  chmodSync(dir, 0o555);
}

/** Where a rehearsal keeps each function's code, scratch space and logs. */
export type FunctionPlace = Readonly<{ taskRoot: string; tmp: string; logFile: string }>;

export type LambdaFunctionPool = Readonly<{
  spec: FunctionSpec;
  invoke(event: unknown): Promise<InvokeOutcome>;
  figures(): FunctionFigures;
  stop(): void;
}>;

/**
 * A function's containers: an idle one takes the next event; a new one starts (a cold start) when all are
 * busy, up to the reserved concurrency, or, without one, up to `maxContainers` (this machine's limit; AWS
 * would start more), beyond which events wait for a container. Lambda refuses events beyond a reserved
 * concurrency (TooManyRequestsException); so does this pool.
 */
export function createFunctionPool(
  spec: FunctionSpec,
  place: FunctionPlace,
  options: { region: string; credentials: { accessKeyId: string; secretAccessKey: string }; maxContainers?: number },
): LambdaFunctionPool {
  const runtimeMajor = /^nodejs(\d+)\.x$/.exec(spec.runtime)?.[1];
  if (!runtimeMajor) throw new Error(`${spec.logicalId}: runtime ${spec.runtime} is not rehearsed (Node.js only)`);
  if (runtimeMajor !== process.versions.node.split('.')[0]) {
    throw new Error(
      `${spec.logicalId}: the template asks for ${spec.runtime}; the rehearsal runs Node ${process.version}`,
    );
  }
  mkdirSync(dirname(place.taskRoot), { recursive: true });
  cpSync(spec.assetDir, place.taskRoot, { recursive: true });
  makeReadOnly(place.taskRoot);
  mkdirSync(place.tmp, { recursive: true });
  if (runningAsRoot()) {
    chownSync(place.tmp, SANDBOX_UID, SANDBOX_UID);
    // The sandbox user must reach its code and /tmp through the folders above them (mkdtemp makes 0700).
    for (let dir = dirname(place.taskRoot); dir !== dirname(dir); dir = dirname(dir))
      chmodSync(dir, statSync(dir).mode | 0o005);
  }

  const env: Record<string, string> = {
    ...spec.environment,
    // What Lambda's Node.js runtime sets (reserved variables): the template cannot set these.
    _HANDLER: spec.handler,
    AWS_REGION: options.region,
    AWS_DEFAULT_REGION: options.region,
    AWS_EXECUTION_ENV: `AWS_Lambda_${spec.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: spec.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memorySize),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${spec.name}`,
    AWS_LAMBDA_LOG_STREAM_NAME: `rehearsal/[$LATEST]${randomBytes(16).toString('hex')}`,
    AWS_ACCESS_KEY_ID: options.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
    AWS_SESSION_TOKEN: 'rehearsal-session',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: `${LOOPBACK}:2000`,
    LAMBDA_TASK_ROOT: place.taskRoot,
    LAMBDA_RUNTIME_DIR: place.taskRoot,
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    TMPDIR: place.tmp,
    PATH: dirname(process.execPath),
  };
  const reserved = spec.reservedConcurrency;
  const limit = reserved ?? options.maxContainers ?? 8;
  const containers: Container[] = [];
  const waiting: (() => void)[] = [];
  let invocations = 0;
  let errors = 0;
  const errorMessages: string[] = [];
  const initMs: number[] = [];
  let peakMemoryMb = 0;

  async function acquire(): Promise<Container | 'throttled'> {
    for (;;) {
      const idle = containers.find((container) => !container.busy && !container.dead);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      const alive = containers.filter((container) => !container.dead);
      containers.splice(0, containers.length, ...alive);
      if (alive.length < limit) {
        const container = new Container(spec, env, place.logFile);
        container.ready.then((ms) => initMs.push(ms)).catch(() => undefined);
        container.busy = true;
        containers.push(container);
        return container;
      }
      if (reserved !== undefined) return 'throttled';
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function release(container: Container): void {
    container.busy = false;
    waiting.shift()?.();
  }

  async function invoke(event: unknown): Promise<InvokeOutcome> {
    const requestId = randomUUID();
    const size = Buffer.byteLength(JSON.stringify(event ?? null));
    if (size > MAX_SYNC_PAYLOAD_BYTES) {
      return failure(
        'RequestEntityTooLargeException',
        `Request must be smaller than ${MAX_SYNC_PAYLOAD_BYTES} bytes for the InvokeFunction operation`,
      );
    }
    const container = await acquire();
    if (container === 'throttled') return failure('TooManyRequestsException', 'Rate Exceeded.');
    invocations += 1;
    try {
      try {
        await container.ready;
      } catch (error) {
        container.kill();
        const init = error as InitError;
        errors += 1;
        errorMessages.push(`${init.errorType}: ${init.message}`.slice(0, 200));
        return failure(init.errorType ?? 'Runtime.Unknown', init.message);
      }
      let outcome = await container.invoke(event, requestId);
      const memory = container.peakMemoryMb();
      peakMemoryMb = Math.max(peakMemoryMb, memory);
      if (memory > spec.memorySize) {
        container.kill();
        outcome = {
          ok: false,
          errorType: 'Runtime.OutOfMemory',
          errorMessage: `RequestId: ${requestId} Error: Runtime exited with error: signal: killed (${Math.round(memory)} MB used of ${spec.memorySize} MB)`,
          trace: [],
          durationMs: outcome.durationMs,
        };
      } else if (outcome.ok && Buffer.byteLength(outcome.payload) > MAX_SYNC_PAYLOAD_BYTES) {
        outcome = {
          ok: false,
          errorType: 'Function.ResponseSizeTooLarge',
          errorMessage: `Response payload size exceeded maximum allowed payload size (${MAX_SYNC_PAYLOAD_BYTES} bytes).`,
          trace: [],
          durationMs: outcome.durationMs,
        };
      }
      if (!outcome.ok) {
        errors += 1;
        errorMessages.push(`${outcome.errorType}: ${outcome.errorMessage}`.slice(0, 200));
      }
      // Lambda freezes an environment between invocations: what the handler left running waits for the next.
      container.freeze();
      return outcome;
    } finally {
      release(container);
    }
  }

  return {
    spec,
    invoke,
    figures: () => ({
      name: spec.name,
      invocations,
      errors,
      errorMessages,
      coldStarts: initMs.length,
      initMs,
      peakMemoryMb,
      memorySize: spec.memorySize,
    }),
    stop() {
      for (const container of containers) container.kill();
      containers.length = 0;
    },
  };
}

function failure(errorType: string, errorMessage: string): InvokeOutcome {
  return { ok: false, errorType, errorMessage, trace: [], durationMs: 0 };
}

/** Every file under a task root, for the figures (what Lambda unzips). */
export function codeSizeBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

export type LambdaInvokeApi = Readonly<{ url: string; stop(): Promise<void> }>;

/**
 * The Lambda Invoke API (`POST /2015-03-31/functions/{name or ARN}/invocations`) over the pools, for the
 * callers that invoke a function by API (cognito-local's triggers). A function error is answered as Lambda
 * answers it: 200, `X-Amz-Function-Error: Unhandled`, the error as the payload.
 */
export async function startLambdaInvokeApi(pools: readonly LambdaFunctionPool[]): Promise<LambdaInvokeApi> {
  const find = (nameOrArn: string) => pools.find((pool) => pool.spec.name === nameOrArn || pool.spec.arn === nameOrArn);
  const server: Server = createServer((request, response) => {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(request.url ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const pool = match ? find(decodeURIComponent(match[1] ?? '')) : undefined;
        if (!pool) {
          response.writeHead(404, {
            'content-type': 'application/json',
            'x-amzn-errortype': 'ResourceNotFoundException',
          });
          response.end(JSON.stringify({ Type: 'User', message: `Function not found: ${request.url ?? ''}` }));
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        const outcome = await pool.invoke(body ? JSON.parse(body) : null);
        if (outcome.ok) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(outcome.payload);
        } else {
          response.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
          response.end(
            JSON.stringify({ errorType: outcome.errorType, errorMessage: outcome.errorMessage, trace: outcome.trace }),
          );
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
