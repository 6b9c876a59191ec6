import { defineConfig } from 'vitest/config';
import { BalancedShards } from './test/support/balanced-shards.js';

/**
 * One runner, four layers. `npm test` (test/run.ts) runs them in order and prints a summary per layer.
 * - unit: pure modules and handlers with AWS mocked at the SDK boundary (aws-sdk-client-mock); with it, in
 *   the same layer, the project "spa": the SPA's screens in happy-dom against a fake API (MSW), in seconds.
 * - integration: the HTTP API over real HTTP against DynamoDB Local, cognito-local and s3rver, started
 *   once per run on free ports (test/integration/global-setup.ts).
 * - infra: the synthesized CDK app (aws-cdk-lib/assertions, cdk-nag).
 * - e2e: Chromium (Debian's) driven by playwright-core against the whole local stack.
 */
export default defineConfig({
  test: {
    // Two workers on this two-core machine (vitest's default leaves one core to itself); the layers that share
    // one local stack keep to one file at a time below.
    maxWorkers: 2,
    // `--shard` balanced by time: `npm test` runs the e2e layer as two shards side by side (test/run.ts).
    sequence: { sequencer: BalancedShards },
    projects: [
      {
        // Property tests run hundreds of stories: generous on a busy two-core machine; speed is the bench's job.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        // The SPA's screens through its real route tree; only the network (MSW) and Amplify's auth are fake.
        test: {
          name: 'spa',
          include: ['web/test/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost/' } },
          setupFiles: ['web/test/support/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
