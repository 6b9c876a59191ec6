import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

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

export function createSfnWorkflowStarter(client: SFNClient, stateMachineArn: string): WorkflowStarter {
  return {
    async start(job) {
      try {
        await client.send(
          new StartExecutionCommand({ stateMachineArn, name: executionName(job), input: JSON.stringify({ job }) }),
        );
      } catch (error) {
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
    },
  };
}
