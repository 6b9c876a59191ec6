import type { SFNClient } from '@aws-sdk/client-sfn';
import type { ServerConfig } from '../runtime/config.js';
import { once } from '../runtime/lazy.js';
import { tracedClient } from './sdk-tracing.js';

/**
 * The input every execution of the generation workflow starts with (definition.asl.json `$.job`): a new
 * story, or (`kind: 'image'`) one picture for an existing story.
 */
export type WorkflowJob = Readonly<{ storyId: string; userId: string; kind?: 'story' | 'image'; jobId?: string }>;

/**
 * The execution's name: the story's id, or the story's and the picture job's (a new story's cover job is
 * `cover` in every story), so a repeated start is a no-op. At most 73 characters of Step Functions' 80.
 */
export const executionName = (job: WorkflowJob) => (job.jobId ? `${job.storyId}-${job.jobId}` : job.storyId);

/** Starts the generation workflow. */
export type WorkflowStarter = Readonly<{ start(job: WorkflowJob): Promise<void> }>;

/** Step Functions; the SDK package loads with the first start (story or picture), not in every cold start. */
export function createSfnWorkflowStarter(client: () => Promise<SFNClient>, stateMachineArn: string): WorkflowStarter {
  return {
    async start(job) {
      const { ExecutionAlreadyExists, StartExecutionCommand } = await import('@aws-sdk/client-sfn');
      try {
        await (
          await client()
        ).send(
          new StartExecutionCommand({ stateMachineArn, name: executionName(job), input: JSON.stringify({ job }) }),
        );
      } catch (error) {
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
    },
  };
}

/** The state machine in AWS (WORKFLOW_ARN set; locally the same definition runs in-process): none without. */
export function stepFunctionsStarter(
  config: Pick<ServerConfig, 'region' | 'workflowArn'>,
): WorkflowStarter | undefined {
  if (!config.workflowArn) return undefined;
  const client = once(async () => {
    const { SFNClient } = await import('@aws-sdk/client-sfn');
    return tracedClient(new SFNClient({ region: config.region }));
  });
  return createSfnWorkflowStarter(client, config.workflowArn);
}
