import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { fromRoot } from '../paths.js';
import type { Bedrock } from './bedrock.js';
import type { Data } from './data.js';
import type { Media } from './media.js';
import { LAMBDA_ENTRIES } from './lambda-bundling.js';
import { NodeFunction } from './node-function.js';

/** The tasks Lambda's timeout; test/infra checks it stays below each Task state's TimeoutSeconds. */
export const TASKS_TIMEOUT_SECONDS = 210;

/** The definition the local stack runs too (bin/local/workflow-runner.ts): one file, two runners. */
export const WORKFLOW_DEFINITION_FILE = fromRoot('lambdas', 'workflow', 'definition.asl.json');

export interface WorkflowProps {
  readonly data: Data;
  readonly media: Media;
  /** The bedrock provider's setup; undefined with the local provider (no Bedrock access at all). */
  readonly bedrock: Bedrock | undefined;
  /** Server configuration shared by every Lambda (lambdas/runtime/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /** The most tasks that run at once (part of `-c reservedConcurrency`), set aside for them and capping them. */
  readonly reservedConcurrency?: number;
}

/**
 * Story and illustration generation: a Standard state machine whose Task states all call one tasks
 * Lambda (lambdas/workflow/handler.ts), dispatching on `task`.
 */
export class Workflow extends Construct {
  readonly stateMachine: StateMachine;
  readonly tasks: NodeFunction;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);

    // WriteStory starts a streamed story's cover as its own execution of this state machine, so the tasks
    // function needs the machine's ARN while the machine's definition needs the function's: the machine is
    // named, and its ARN built from the name, which breaks the cycle a reference would make.
    const stack = Stack.of(this);
    const stateMachineName = `${stack.stackName}-generation`;
    const stateMachineArn = stack.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    this.tasks = new NodeFunction(this, 'Tasks', {
      entry: LAMBDA_ENTRIES.workflow,
      description: 'Story Magic generation workflow tasks',
      environment: { ...props.environment, WORKFLOW_ARN: stateMachineArn },
      // Text and image generation calls take tens of seconds. The timeout stays below every Task state's
      // TimeoutSeconds (240) in the definition, so a task is always stopped before its state gives up on
      // it: nothing keeps writing after the workflow has marked the story failed.
      memorySize: 1024,
      timeout: Duration.seconds(TASKS_TIMEOUT_SECONDS),
      // A story's tasks run one at a time and the capacity gate paces new work, so this is far above what a
      // peak needs; its point is the ceiling: story work never takes the concurrency sign-in and reading need.
      ...(props.reservedConcurrency ? { reservedConcurrency: props.reservedConcurrency } : {}),
    });
    props.data.grantItemAccess(this.tasks.role);
    props.media.grantObjectAccess(this.tasks.role);

    // Exactly the catalogue's models and profiles, the guardrail and the Marketplace subscription (bedrock.ts).
    props.bedrock?.grantInvoke(this.tasks.role);

    // The stale sweep (tasks.ts sweepStale): a story whose execution was lost is failed and its slot freed.
    new Rule(this, 'StaleSweep', {
      description: 'Fails stories left generating by a lost workflow execution and frees their library slots',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.tasks.function, { event: RuleTargetInput.fromObject({ task: 'sweepStale' }) })],
    });

    const logGroup = new LogGroup(this, 'Logs', {
      // Step Functions recommends this prefix: it keeps the account's CloudWatch Logs resource policy small.
      logGroupName: `/aws/vendedlogs/states/${stateMachineName}`,
      retention: RetentionDays.ONE_MONTH,
      // Named, so a retained copy would block re-creating the stack; its events expire within a month anyway.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromFile(WORKFLOW_DEFINITION_FILE),
      definitionSubstitutions: { TasksFunctionArn: this.tasks.function.functionArn },
      tracingEnabled: true,
      // Every event, but without execution data: the states carry only ids (the definition's Comment), and
      // a log needs none of them either.
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });

    this.tasks.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachineArn] }),
    );

    // Only the unqualified ARN the definition uses (grantInvoke would add `<arn>:*` for every version).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.tasks.function.functionArn] }),
    );
  }
}
