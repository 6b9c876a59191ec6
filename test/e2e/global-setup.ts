import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/start-test-stack.js';
import '../support/stack-context.js';

/**
 * Builds the SPA once and serves the production build, as CloudFront would, on a local stack of this run's
 * own, shared by the layer's files. The build goes to a folder of this process's own, not web/dist, which the
 * deploy rehearsal builds and `npm start` serves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDir = resolve('.local', `e2e-web-${process.pid}`);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('The web build failed; see the output above.');
  const { stack, context } = await startTestStack('preview', webDir);
  project.provide('stack', context);
  return async () => {
    await stack.stop();
    rmSync(webDir, { recursive: true, force: true });
  };
}
