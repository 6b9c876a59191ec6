import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StateMachine } from 'aws-local-stepfunctions';
import { LOOPBACK } from '../local/ports.js';
import type { LambdaFunctionPool } from './lambda-service.js';

/**
 * The AWS services the functions call that have no emulator of their own, answering on their wire
 * protocols so the functions' real SDK clients reach them through `AWS_ENDPOINT_URL_<SERVICE>`:
 *
 * - Step Functions (JSON 1.0, `X-Amz-Target: AWSStepFunctions.*`): StartExecution and DescribeExecution of the
 *   template's state machine, run by aws-local-stepfunctions with each Lambda Task state invoking the
 *   function the template names, in its containers. As AWS: a name used again with the same input while the
 *   execution runs answers the same execution, otherwise ExecutionAlreadyExists; an input or a state's
 *   output over 256 KiB fails (InvalidExecutionInput, States.DataLimitExceeded).
 * - SSM Parameter Store (JSON 1.1, `AmazonSSM.GetParameter`): the template's parameters, and the operator's
 *   (a SecureString's value only WithDecryption, as SSM answers).
 * - CloudFront (REST XML, `POST /2020-05-31/distribution/{id}/invalidation`): invalidations, recorded.
 *
 * Each execution's history (its input, every state's input and output, every task's parameters, result or
 * error) is kept as Step Functions keeps it, so the rehearsal can check what a family's words leave there.
 */

/** Step Functions' limit on an execution's input and on any state's input or output. */
export const MAX_STATE_PAYLOAD_BYTES = 256 * 1024;

type JsonValue = Parameters<StateMachine['run']>[0];
type Definition = ConstructorParameters<typeof StateMachine>[0];

export type StateMachineSpec = Readonly<{ arn: string; name: string; definition: Definition }>;

export type ExecutionRecord = {
  readonly executionArn: string;
  readonly name: string;
  readonly input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  readonly startDate: Date;
  stopDate?: Date;
  error?: string;
  cause?: string;
  /** Everything Step Functions would keep of it (JSON texts), in time order. */
  readonly history: string[];
};

export type ControlPlane = Readonly<{
  url: string;
  executions(): readonly ExecutionRecord[];
  invalidations(): readonly { distributionId: string; paths: readonly string[] }[];
  /** Resolves when no execution is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}>;

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const LAMBDA_ARN = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:([^:]+)(?::[^:]+)?$/;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startControlPlane(options: {
  region: string;
  stateMachines: readonly StateMachineSpec[];
  functions: readonly LambdaFunctionPool[];
  parameters: ReadonlyMap<string, string>;
  /** The parameters that are SecureStrings (the media signing private key). */
  secureParameters?: ReadonlySet<string>;
}): Promise<ControlPlane> {
  const executions = new Map<string, ExecutionRecord>();
  const running = new Set<Promise<void>>();
  const invalidations: { distributionId: string; paths: string[] }[] = [];

  /** A Task state's handler: the Lambda its Resource names, invoked in the rehearsal's containers. */
  function taskHandler(stateName: string, resource: string, history: string[]) {
    const functionName = LAMBDA_ARN.exec(resource)?.[1];
    const pool = options.functions.find((each) => each.spec.name === functionName || each.spec.arn === resource);
    if (!pool) throw new Error(`Task state ${stateName}: ${resource} is not a function of the template`);
    return async (input: JsonValue): Promise<JsonValue> => {
      history.push(JSON.stringify({ type: 'TaskScheduled', state: stateName, parameters: input }));
      const outcome = await pool.invoke(input);
      if (!outcome.ok) {
        const cause = JSON.stringify({
          errorType: outcome.errorType,
          errorMessage: outcome.errorMessage,
          trace: outcome.trace,
        });
        history.push(JSON.stringify({ type: 'TaskFailed', state: stateName, error: outcome.errorType, cause }));
        throw Object.assign(new Error(cause), { name: outcome.errorType });
      }
      if (Buffer.byteLength(outcome.payload) > MAX_STATE_PAYLOAD_BYTES) {
        throw Object.assign(
          new Error(
            `The state/task '${stateName}' returned a result with a size exceeding the maximum number of bytes service limit.`,
          ),
          {
            name: 'States.DataLimitExceeded',
          },
        );
      }
      history.push(JSON.stringify({ type: 'TaskSucceeded', state: stateName, output: outcome.payload }));
      return JSON.parse(outcome.payload) as JsonValue;
    };
  }

  function startExecution(body: { stateMachineArn?: string; name?: string; input?: string }) {
    const machine = options.stateMachines.find((each) => each.arn === body.stateMachineArn);
    if (!machine)
      throw new ServiceError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${String(body.stateMachineArn)}'`,
      );
    const name = body.name ?? randomUUID();
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new ServiceError('InvalidName', `Invalid Name: '${name}'`);
    const input = body.input ?? '{}';
    if (Buffer.byteLength(input) > MAX_STATE_PAYLOAD_BYTES) {
      throw new ServiceError('InvalidExecutionInput', 'The execution input exceeds the maximum size.');
    }
    let parsed: JsonValue;
    try {
      parsed = JSON.parse(input) as JsonValue;
    } catch {
      throw new ServiceError('InvalidExecutionInput', 'Invalid State Machine Execution Input: not JSON');
    }
    const executionArn = `${machine.arn.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      // StartExecution is idempotent for a running execution of the same name and input.
      if (existing.status === 'RUNNING' && existing.input === input) return existing;
      throw new ServiceError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const record: ExecutionRecord = {
      executionArn,
      name,
      input,
      status: 'RUNNING',
      startDate: new Date(),
      history: [],
    };
    executions.set(executionArn, record);
    record.history.push(JSON.stringify({ type: 'ExecutionStarted', input }));
    const stateMachine = new StateMachine(machine.definition, { validationOptions: { checkArn: false } });
    const handlers = Object.fromEntries(
      Object.entries(machine.definition.States)
        .filter(([, state]) => state.Type === 'Task')
        .map(([stateName, state]) => [
          stateName,
          taskHandler(stateName, String((state as { Resource: string }).Resource), record.history),
        ]),
    );
    const execution = stateMachine.run(parsed, {
      overrides: { taskResourceLocalHandlers: handlers },
      context: {
        Execution: {
          Id: executionArn,
          Name: name,
          Input: parsed,
          StartTime: record.startDate.toISOString(),
          RoleArn: '',
        },
        StateMachine: { Id: machine.arn, Name: machine.name },
      } as never,
    });
    const drained = (async () => {
      for await (const event of execution.eventLogs) record.history.push(JSON.stringify(event));
    })();
    const done = execution.result
      .then((output: unknown) => {
        record.status = 'SUCCEEDED';
        record.history.push(JSON.stringify({ type: 'ExecutionSucceeded', output }));
      })
      .catch((error: unknown) => {
        record.status = 'FAILED';
        record.error = error instanceof Error ? error.name : 'Error';
        record.cause = error instanceof Error ? error.message : String(error);
        record.history.push(JSON.stringify({ type: 'ExecutionFailed', error: record.error, cause: record.cause }));
      })
      .then(() => drained)
      .finally(() => {
        record.stopDate = new Date();
        running.delete(done);
      });
    running.add(done);
    return record;
  }

  function stepFunctions(operation: string, body: Record<string, unknown>): unknown {
    if (operation === 'StartExecution') {
      const record = startExecution(body);
      return { executionArn: record.executionArn, startDate: record.startDate.getTime() / 1000 };
    }
    if (operation === 'DescribeExecution') {
      const record = executions.get(String(body.executionArn));
      if (!record)
        throw new ServiceError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(body.executionArn)}'`);
      return {
        executionArn: record.executionArn,
        name: record.name,
        status: record.status,
        startDate: record.startDate.getTime() / 1000,
        ...(record.stopDate ? { stopDate: record.stopDate.getTime() / 1000 } : {}),
        ...(record.error ? { error: record.error, cause: record.cause } : {}),
      };
    }
    throw new ServiceError('UnknownOperationException', `AWSStepFunctions.${operation} is not rehearsed`);
  }

  function ssm(operation: string, body: Record<string, unknown>): unknown {
    if (operation !== 'GetParameter')
      throw new ServiceError('UnknownOperationException', `AmazonSSM.${operation} is not rehearsed`);
    const name = String(body.Name);
    const value = options.parameters.get(name);
    if (value === undefined) throw new ServiceError('ParameterNotFound', `Parameter ${name} not found.`);
    const secure = options.secureParameters?.has(name) ?? false;
    return {
      Parameter: {
        Name: name,
        Type: secure ? 'SecureString' : 'String',
        // Without decryption SSM answers a SecureString's ciphertext, never its value.
        Value: secure && body.WithDecryption !== true ? Buffer.from(`ciphertext of ${name}`).toString('base64') : value,
        Version: 1,
        ARN: `arn:aws:ssm:${options.region}:000000000000:parameter${name}`,
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const target = String(request.headers['x-amz-target'] ?? '');
    const invalidation = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(request.url ?? '');
    if (invalidation && request.method === 'POST') {
      const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => match[1] ?? '');
      invalidations.push({ distributionId: invalidation[1] ?? '', paths });
      const id = `I${randomUUID().replaceAll('-', '').slice(0, 13).toUpperCase()}`;
      response.writeHead(201, { 'content-type': 'text/xml', location: `${request.url ?? ''}/${id}` });
      response.end(
        `<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status><CreateTime>${new Date().toISOString()}</CreateTime>${body.replace(/^<\?xml[^>]*>/, '').replace(/ xmlns="[^"]*"/, '')}</Invalidation>`,
      );
      return;
    }
    const [service, operation] = target.split('.');
    try {
      const parsed = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      const answer =
        service === 'AWSStepFunctions'
          ? stepFunctions(operation ?? '', parsed)
          : service === 'AmazonSSM'
            ? ssm(operation ?? '', parsed)
            : (() => {
                throw new ServiceError('UnknownOperationException', `${target || request.url} is not rehearsed`);
              })();
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(answer));
    } catch (error) {
      const failure = error instanceof ServiceError ? error : new ServiceError('InternalFailure', String(error), 500);
      response.writeHead(failure.status, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-errortype': failure.type,
      });
      response.end(JSON.stringify({ __type: failure.type, message: failure.message }));
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    executions: () => [...executions.values()],
    invalidations: () => invalidations,
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
