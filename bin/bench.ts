/**
 * `npm run bench`: starts the local stack on free ports and prints figures, as a JSON report and a short
 * table. Benchmarks are not tests: they report, and `--check` compares with the budgets.
 */
import { benchAdminUsers } from './bench/admin-users.js';
import { benchGeneration } from './bench/generation.js';
import { startLocalStack } from './local/stack.js';

const BUDGETS = { generationMedianMs: 1000 };

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stack = await startLocalStack({
    ports: { web: 0, api: 0, dynamodb: 0, cognito: 0, s3: 0, lambda: 0 },
    dataDir: undefined,
    web: 'none',
    admin: { email: 'bench-admin@storymagic.test', password: 'Benchmark123' },
    storyProvider: 'local',
  });
  try {
    const generation = await benchGeneration(stack, 50);
    const adminUsers = await benchAdminUsers(stack, 10_000);
    const report = { date: new Date().toISOString(), generation, adminUsers };
    console.log(JSON.stringify(report, null, 2));
    console.log('\nfigure                                   value      budget');
    console.log(
      `local generation, request→ready median  ${String(generation.medianMs).padEnd(8)} ms ≤ ${BUDGETS.generationMedianMs} ms`,
    );
    console.log(`local generation, request→ready p95     ${generation.p95Ms} ms`);
    for (const [name, figure] of Object.entries(adminUsers.queries)) {
      console.log(`admin users (10,000), ${name.padEnd(12)} median ${figure.medianMs} ms, p95 ${figure.p95Ms} ms`);
    }
    if (check && generation.medianMs > BUDGETS.generationMedianMs) {
      console.error(`\nBudget missed: generation median ${generation.medianMs} ms > ${BUDGETS.generationMedianMs} ms`);
      process.exitCode = 1;
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
