import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { executionName, type WorkflowStarter } from '../../lambdas/shared/workflow-starter.js';

export const definitionPath = fileURLToPath(new URL('../../lambdas/workflow/definition.asl.json', import.meta.url));

/** The ARN CDK substitutes in AWS; locally every Task state is routed to the in-process handler instead. */
const LOCAL_TASKS_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:story-magic-tasks';

type JsonValue = Parameters<StateMachine['run']>[0];
type Definition = ConstructorParameters<typeof StateMachine>[0];
/** The task Lambda's handler: anything JSON in, anything JSON out. */
type TaskHandler = (input: JsonValue) => Promise<unknown> | unknown;

export function loadDefinition(): Definition {
  const text = readFileSync(definitionPath, 'utf8').replaceAll('${TasksFunctionArn}', LOCAL_TASKS_ARN);
  return JSON.parse(text) as Definition;
}

/**
 * Runs the state machine definition that Step Functions runs in AWS, with aws-local-stepfunctions,
 * sending every Task state to `handleTask` (the same function the tasks Lambda exports).
 */
export function createLocalWorkflow(handleTask: TaskHandler, definition: Definition = loadDefinition()) {
  const machine = new StateMachine(definition);
  const taskStates = Object.entries(definition.States)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name]) => name);
  const runTask = async (input: JsonValue) => ((await handleTask(input)) ?? null) as JsonValue;
  const overrides = Object.fromEntries(taskStates.map((name) => [name, runTask]));
  return {
    taskStates,
    /** Starts an execution; resolves with its output or rejects with the execution's error. */
    run: (input: JsonValue) =>
      machine.run(input, {
        overrides: {
          taskResourceLocalHandlers: overrides,
          // Retry intervals are seconds in AWS; locally they would only slow tests and `npm start`.
          retryIntervalOverrides: Object.fromEntries(taskStates.map((name) => [name, 0])),
        },
      }).result,
  };
}

/**
 * Starts executions in this process, in the background, like StartExecution: the caller gets control
 * back at once. A failed execution has already marked its story failed (the definition's MarkFailed),
 * so the rejection only needs logging. Executions are named after the story: a second start is ignored.
 */
export function createLocalWorkflowStarter(handleTask: TaskHandler): WorkflowStarter & { idle(): Promise<void> } {
  const workflow = createLocalWorkflow(handleTask);
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
