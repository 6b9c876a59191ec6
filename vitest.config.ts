import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowest-first.js';

/**
 * The integration files that read or reset what every file writes to the shared stack, so they run after the
 * others, one at a time (project "integration-alone", same stack): the dashboard counters against a recount,
 * the fuzzer's "changed nothing in the table" and the capacity lanes the gate test resets. The rest of the
 * layer, and all of e2e, run two files at a time: each makes its own families and stories, and one file's
 * waits on the stack overlap the other's work (measured here, all passing: integration 292 s one at a time,
 * 208 s two at a time; e2e 741 s, 538 s).
 */
const ALONE_INTEGRATION = [
  'test/integration/admin.test.ts',
  'test/integration/fuzz.test.ts',
  'test/integration/capacity-gate.test.ts',
];

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
    // one local stack run the files that need it to themselves alone, after the others (ALONE_INTEGRATION).
    maxWorkers: 2,
    // The slowest files first, by measured time, so a layer's two workers finish together.
    sequence: { sequencer: SlowestFirst },
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
          exclude: ALONE_INTEGRATION,
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'integration-alone',
          include: ALONE_INTEGRATION,
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file synthesizes apps of its own and mocks nothing, so a worker's files may share one import of
          // aws-cdk-lib instead of importing it once per file: half the layer's time and CPU (measured here, back
          // to back: 82 s and 160 core-seconds isolated, 41 s and 80 core-seconds not).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
