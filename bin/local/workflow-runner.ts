import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';

export const definitionPath = fileURLToPath(new URL('../../lambdas/workflow/definition.asl.json', import.meta.url));

/** The ARN CDK substitutes in AWS; locally every Task state is routed to the in-process handler instead. */
const LOCAL_TASKS_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:story-magic-tasks';

type JsonValue = Parameters<StateMachine['run']>[0];
type Definition = ConstructorParameters<typeof StateMachine>[0];
type TaskHandler = (input: JsonValue) => Promise<JsonValue> | JsonValue;

export function loadDefinition(): Definition {
  const text = readFileSync(definitionPath, 'utf8').replaceAll('${TasksFunctionArn}', LOCAL_TASKS_ARN);
  return JSON.parse(text) as Definition;
}

/**
 * Runs the state machine definition that Step Functions runs in AWS, with aws-local-stepfunctions,
 * sending every Task state to `handleTask` (the same function the tasks Lambda exports).
 */
export function createLocalWorkflow(handleTask: TaskHandler) {
  const definition = loadDefinition();
  const machine = new StateMachine(definition);
  const taskStates = Object.entries(definition.States)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name]) => name);
  const overrides = Object.fromEntries(taskStates.map((name) => [name, handleTask]));
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
