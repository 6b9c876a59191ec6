import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/start-test-stack.js';
import '../support/stack-context.js';

/** Builds the SPA once and serves the production build, as CloudFront would, on the local stack. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The web build failed; see the output above.');
  const { stack, context } = await startTestStack('preview');
  project.provide('stack', context);
  return () => stack.stop();
}
