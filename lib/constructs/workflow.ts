import { Arn, ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { StoryProvider } from '../config.js';
import { fromRoot } from '../paths.js';
import type { Data } from './data.js';
import type { Media } from './media.js';
import { NodeFunction } from './node-function.js';

/** The definition the local stack runs too (bin/local/workflow-runner.ts): one file, two runners. */
export const WORKFLOW_DEFINITION_FILE = fromRoot('lambdas', 'workflow', 'definition.asl.json');

export interface WorkflowProps {
  readonly data: Data;
  readonly media: Media;
  readonly storyProvider: StoryProvider;
  /** A Bedrock guardrail id or ARN the tasks may apply (bedrock provider). */
  readonly guardrailId?: string | undefined;
  /** Server configuration shared by every Lambda (lambdas/shared/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
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

    this.tasks = new NodeFunction(this, 'Tasks', {
      entry: 'lambdas/workflow/handler.ts',
      description: 'Story Magic generation workflow tasks',
      environment: props.environment,
      // Text and image generation calls can take tens of seconds; Step Functions retries on failure.
      memorySize: 1024,
      timeout: Duration.minutes(5),
    });
    props.data.grantItemAccess(this.tasks.role);
    props.media.grantObjectAccess(this.tasks.role);

    if (props.storyProvider === 'bedrock') {
      // Converse is authorised by bedrock:InvokeModel (there is no separate IAM action). Model ids come
      // from the active prompt template at run time, so the grant covers this region's foundation models.
      this.tasks.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: [
            Arn.format(
              {
                service: 'bedrock',
                account: '',
                resource: 'foundation-model',
                resourceName: '*',
                arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
              },
              Stack.of(this),
            ),
          ],
        }),
      );
    }

    // The stale sweep (tasks.ts sweepStale): a story whose execution was lost is failed and its slot freed.
    new Rule(this, 'StaleSweep', {
      description: 'Fails stories left generating by a lost workflow execution and frees their library slots',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.tasks.function, { event: RuleTargetInput.fromObject({ task: 'sweepStale' }) })],
    });

    if (props.storyProvider === 'bedrock' && props.guardrailId) {
      // Converse with a guardrail also needs permission to apply that guardrail.
      this.tasks.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['bedrock:ApplyGuardrail'],
          resources: [
            props.guardrailId.startsWith('arn:')
              ? props.guardrailId
              : Arn.format(
                  {
                    service: 'bedrock',
                    resource: 'guardrail',
                    resourceName: props.guardrailId,
                    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
                  },
                  Stack.of(this),
                ),
          ],
        }),
      );
    }

    const logGroup = new LogGroup(this, 'Logs', {
      // Step Functions recommends this prefix: it keeps the account's CloudWatch Logs resource policy small.
      logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-generation`,
      retention: RetentionDays.ONE_MONTH,
      // Named, so a retained copy would block re-creating the stack; its events expire within a month anyway.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromFile(WORKFLOW_DEFINITION_FILE),
      definitionSubstitutions: { TasksFunctionArn: this.tasks.function.functionArn },
      tracingEnabled: true,
      // Every event, but without execution data: inputs and outputs carry children's names and stories.
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });

    // Only the unqualified ARN the definition uses (grantInvoke would add `<arn>:*` for every version).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.tasks.function.functionArn] }),
    );
  }
}
