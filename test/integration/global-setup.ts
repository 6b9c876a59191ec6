import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/start-test-stack.js';
import '../support/stack-context.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack, context } = await startTestStack('none');
  project.provide('stack', context);
  return () => stack.stop();
}
