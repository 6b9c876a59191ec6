import type { SFNClient } from '@aws-sdk/client-sfn';

/**
 * The input every execution of the generation workflow starts with (definition.asl.json `$.job`): a new
 * story, or (`kind: 'image'`) one picture for an existing story.
 */
export type WorkflowJob = Readonly<{ storyId: string; userId: string; kind?: 'story' | 'image'; jobId?: string }>;

/** The execution's name: the story's or the picture job's id, so a repeated start is a no-op. */
export const executionName = (job: WorkflowJob) => job.jobId ?? job.storyId;

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
