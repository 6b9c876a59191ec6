import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { executionName, type WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';

export const definitionPath = fileURLToPath(new URL('../../lambdas/workflow/definition.asl.json', import.meta.url));

/** The ARN CDK substitutes in AWS; locally every Task state is routed to the in-process handler instead. */
const LOCAL_TASKS_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:story-magic-tasks';

type JsonValue = Parameters<StateMachine['run']>[0];
type Definition = ConstructorParameters<typeof StateMachine>[0];
/** The task Lambda's handler: anything JSON in, anything JSON out. */
type TaskHandler = (input: JsonValue) => Promise<unknown> | unknown;
type LibraryEvent = ReturnType<StateMachine['run']>['eventLogs'] extends AsyncGenerator<infer E> ? E : never;

/**
 * What a Lambda Task state adds to the history in AWS: the effective input it sends (`TaskScheduled`
 * parameters), the function's answer, or its error with the Lambda runtime's Cause
 * (`{ errorType, errorMessage, trace }`).
 */
export type TaskEvent =
  | { type: 'TaskScheduled'; timestamp: number; state: string; parameters: JsonValue }
  | { type: 'TaskSucceeded'; timestamp: number; state: string; output: JsonValue }
  | { type: 'TaskFailed'; timestamp: number; state: string; error: string; cause: string };

/**
 * An execution's history as Step Functions keeps it (90 days in AWS): the execution's input and output or
 * failure, every state entered with its input and exited with its output, failures, retries and catches
 * (aws-local-stepfunctions' events), and each task's parameters and result or error. In time order.
 */
export type HistoryEvent = LibraryEvent | TaskEvent;

export function loadDefinition(): Definition {
  const text = readFileSync(definitionPath, 'utf8').replaceAll('${TasksFunctionArn}', LOCAL_TASKS_ARN);
  return JSON.parse(text) as Definition;
}

/** The Cause the Lambda runtime reports for a thrown error. */
function lambdaCause(error: unknown): { error: string; cause: string } {
  const thrown = error instanceof Error ? error : new Error(String(error));
  const trace = (thrown.stack ?? '').split('\n');
  return {
    error: thrown.name,
    cause: JSON.stringify({ errorType: thrown.name, errorMessage: thrown.message, trace }),
  };
}

/**
 * Runs the state machine definition that Step Functions runs in AWS, with aws-local-stepfunctions,
 * sending every Task state to `handleTask` (the same function the tasks Lambda exports).
 */
/**
 * How long a retried Task state waits before each try: not at all (tests and `npm start`, where the waits
 * would only slow things), or the definition's own backoff of its throttling retrier, `timeScale` times faster
 * (the peak benchmark, where waiting out throttling is what is measured). Without jitter.
 */
export type RetryTiming = 'immediate' | Readonly<{ timeScale: number }>;

type Retrier = {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  MaxAttempts?: number;
  BackoffRate?: number;
  MaxDelaySeconds?: number;
};

function retryIntervals(definition: Definition, taskStates: readonly string[], timing: RetryTiming) {
  return Object.fromEntries(
    taskStates.map((name) => {
      if (timing === 'immediate') return [name, 0];
      const retriers = ((definition.States[name] as { Retry?: Retrier[] }).Retry ?? []).filter(
        (r) => (r.MaxAttempts ?? 3) > 0,
      );
      const retrier = retriers.find((r) => r.ErrorEquals.includes('Provider.Throttled')) ?? retriers[0];
      if (!retrier) return [name, 0];
      const waits = Array.from({ length: retrier.MaxAttempts ?? 3 }, (_, attempt) =>
        Math.round(
          (Math.min(
            retrier.MaxDelaySeconds ?? Infinity,
            (retrier.IntervalSeconds ?? 1) * (retrier.BackoffRate ?? 2) ** attempt,
          ) *
            1000) /
            timing.timeScale,
        ),
      );
      return [name, waits];
    }),
  );
}

export function createLocalWorkflow(
  handleTask: TaskHandler,
  definition: Definition = loadDefinition(),
  retryTiming: RetryTiming = 'immediate',
) {
  const machine = new StateMachine(definition);
  const taskStates = Object.entries(definition.States)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name]) => name);
  const intervals = retryIntervals(definition, taskStates, retryTiming);

  /** Task state `state`'s handler, recording what AWS would into `history` when there is one. */
  const taskOf =
    (state: string, history: HistoryEvent[] | undefined) =>
    async (parameters: JsonValue): Promise<JsonValue> => {
      history?.push({ type: 'TaskScheduled', timestamp: Date.now(), state, parameters });
      try {
        const output = ((await handleTask(parameters)) ?? null) as JsonValue;
        history?.push({ type: 'TaskSucceeded', timestamp: Date.now(), state, output });
        return output;
      } catch (error) {
        history?.push({ type: 'TaskFailed', timestamp: Date.now(), state, ...lambdaCause(error) });
        throw error;
      }
    };

  return {
    taskStates,
    /**
     * Starts an execution; resolves with its output or rejects with the execution's error. With `history`,
     * every event of the execution is appended to it, in time order, by the time it settles.
     */
    async run(input: JsonValue, history?: HistoryEvent[]) {
      const execution = machine.run(input, {
        overrides: {
          taskResourceLocalHandlers: Object.fromEntries(taskStates.map((name) => [name, taskOf(name, history)])),
          // Retry intervals are seconds in AWS; locally they would only slow tests and `npm start` (RetryTiming).
          retryIntervalOverrides: intervals,
        },
      });
      if (!history) return execution.result;
      const events: LibraryEvent[] = [];
      const drained = (async () => {
        for await (const event of execution.eventLogs) events.push(event);
      })();
      try {
        return await execution.result;
      } finally {
        await drained;
        const ordered = [...history, ...events].sort((a, b) => a.timestamp - b.timestamp);
        history.splice(0, history.length, ...ordered);
      }
    },
  };
}

/**
 * Starts executions in this process, in the background, like StartExecution: the caller gets control
 * back at once. A failed execution has already marked its story failed (the definition's MarkFailed),
 * so the rejection only needs logging. Executions are named after the story: a second start is ignored.
 */
export function createLocalWorkflowStarter(
  handleTask: TaskHandler,
  retryTiming: RetryTiming = 'immediate',
): WorkflowStarter & { idle(): Promise<void> } {
  const workflow = createLocalWorkflow(handleTask, loadDefinition(), retryTiming);
  const running = new Map<string, Promise<void>>();
  return {
    async start(job) {
      const name = executionName(job);
      if (running.has(name)) return;
      const execution = workflow
        .run({ job })
        .then(() => undefined)
        .catch((error: unknown) => {
          console.error(`workflow ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => running.delete(name));
      running.set(name, execution);
    },
    /** Resolves when no execution is running (tests, benchmarks, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
