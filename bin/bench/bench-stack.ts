import type { LocalStackOptions } from '../local/stack.js';

/** What every benchmark's local stack shares: free ports, no data kept, no web server, one admin. */
export const BENCH_STACK = {
  ports: { web: 0, api: 0, dynamodb: 0, cognito: 0, s3: 0, lambda: 0 },
  dataDir: undefined,
  web: 'none',
  admin: { email: 'bench-admin@storymagic.test', password: 'Benchmark123' },
} as const satisfies Partial<LocalStackOptions>;
