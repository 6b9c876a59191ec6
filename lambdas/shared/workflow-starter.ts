import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

/** The input every execution of the generation workflow starts with (definition.asl.json `$.job`). */
export type WorkflowJob = Readonly<{ storyId: string; userId: string }>;

/** Starts the generation workflow; the execution is named after the story, so a repeated start is a no-op. */
export type WorkflowStarter = Readonly<{ start(job: WorkflowJob): Promise<void> }>;

export function createSfnWorkflowStarter(client: SFNClient, stateMachineArn: string): WorkflowStarter {
  return {
    async start(job) {
      try {
        await client.send(
          new StartExecutionCommand({ stateMachineArn, name: job.storyId, input: JSON.stringify({ job }) }),
        );
      } catch (error) {
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
    },
  };
}
