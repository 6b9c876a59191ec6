import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each e2e file took in a sequential clean-clone run (issue 38's measure): only a weight for sharing
 * the files out, so a figure that drifts costs balance, never a test. A file not listed counts as UNLISTED.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'opening-night.test.ts': 127,
  'flipbook.test.ts': 101,
  'accessibility.test.ts': 70,
  'admin.test.ts': 40,
  'bedrock.test.ts': 37,
  'accounts.test.ts': 27,
  'screen-changes.test.ts': 27,
  'read-and-share.test.ts': 26,
  'sharing.test.ts': 24,
  'approval.test.ts': 22,
  'library.test.ts': 22,
  'home.test.ts': 15,
  'read-to-me.test.ts': 14,
  'family.test.ts': 14,
  'create-story.test.ts': 11,
  'account-data.test.ts': 10,
  'picture-sizes.test.ts': 9,
  'landing.test.ts': 6,
  'smoke.test.ts': 4,
  'content-security-policy.test.ts': 3,
};
const UNLISTED = 20;

/**
 * `vitest run --shard=i/n` with the shards balanced by time rather than by count (vitest's own shards are
 * equal in files, so the slow files can meet in one): each file, slowest first, goes to the shard with the
 * least time so far. `npm test` runs the e2e layer as two shards side by side, each on a stack of its own
 * (test/run.ts).
 */
export class BalancedShards extends BaseSequencer {
  override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const weight = (spec: TestSpecification) => MEASURED_SECONDS[basename(spec.moduleId)] ?? UNLISTED;
    const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as TestSpecification[] }));
    const slowestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.moduleId.localeCompare(b.moduleId));
    for (const spec of slowestFirst) {
      const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
      lightest.files.push(spec);
      lightest.seconds += weight(spec);
    }
    return Promise.resolve(shards[index - 1]?.files ?? []);
  }
}
