import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedSetup } from '../support/shared-global-setup.js';
import { startTestStack } from '../support/start-test-stack.js';
import '../support/stack-context.js';

/**
 * Builds the SPA once and serves the production build, as CloudFront would, on a local stack of this run's
 * own. The build goes to a folder of this process's own, not web/dist, which the deploy rehearsal builds and
 * `npm start` serves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await sharedSetup('e2e', buildAndStart, async ({ stack, webDir }) => {
    await stack.stop();
    rmSync(webDir, { recursive: true, force: true });
  });
  project.provide('stack', value.context);
  return release;
}

/** The layer's files share one build and stack. */
async function buildAndStart() {
  const webDir = resolve('.local', `e2e-web-${process.pid}`);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('The web build failed; see the output above.');
  const { stack, context } = await startTestStack('preview', webDir);
  return { stack, context, webDir };
}
