import { z } from 'zod';

/**
 * The task handler of the generation state machine (definition.asl.json). Every Task state calls this
 * one function with `{ task, ...state input }`: a single Lambda in AWS, the same function in-process
 * locally, so the two runs cannot differ. Tasks register themselves in `taskHandlers`.
 */
export type TaskInput = { task: string } & Record<string, unknown>;
export type TaskHandler = (input: TaskInput) => Promise<unknown>;

const taskHandlers: Record<string, TaskHandler> = {};

const taskInputSchema = z.looseObject({ task: z.string().min(1) });

export async function handler(event: unknown): Promise<unknown> {
  const input = taskInputSchema.parse(event);
  const run = taskHandlers[input.task];
  if (!run) throw new Error(`Unknown workflow task: ${input.task}`);
  return run(input);
}
