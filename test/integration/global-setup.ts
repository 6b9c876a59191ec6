import type { TestProject } from 'vitest/node';
import { sharedSetup } from '../support/shared-global-setup.js';
import { startTestStack } from '../support/start-test-stack.js';
import '../support/stack-context.js';

/** One local stack for the layer's two projects (the files side by side, then those that run alone). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await sharedSetup(
    'integration',
    () => startTestStack('none'),
    ({ stack }) => stack.stop(),
  );
  project.provide('stack', value.context);
  return release;
}
