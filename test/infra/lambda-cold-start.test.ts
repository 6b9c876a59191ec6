import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda, coldStartOutputs, LAMBDA_ENTRIES } from '../../lib/constructs/lambda-bundling.js';

/** What a cold start of the API function compiles (what the bench's cold import measures). */
describe('the API function cold start', { timeout: 120_000 }, () => {
  let dir: string;
  let sources: string[];
  let everything: string[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'api-bundle-'));
    const metafile = bundleLambda(LAMBDA_ENTRIES.api, dir);
    sources = coldStartOutputs(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    everything = Object.keys(metafile.inputs);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compiles what every request needs, not the code that checks a family's words or writes stories", () => {
    // Every request: the routes, the token check, the table.
    for (const needed of ['lambdas/api/app.ts', 'lambdas/api/auth/token-verifier.ts', '@aws-sdk/client-dynamodb']) {
      expect(
        sources.some((source) => source.includes(needed)),
        needed,
      ).toBe(true);
    }
    // Only the requests that write words or start a story: loaded with their first call.
    for (const later of [
      'common/safety/data/word-lists.ts',
      'common/safety/intents.ts',
      'common/safety/check.ts',
      'common/config/age-band-a.json',
      'lambdas/shared/stories/create-story.ts',
      'lambdas/shared/stories/editorial.ts',
      'common/validation/accounts.ts',
      '@aws-sdk/client-s3',
    ]) {
      expect(
        sources.filter((source) => source.includes(later)),
        later,
      ).toEqual([]);
      // ...yet still in the bundle, for the request that needs it.
      expect(
        everything.some((source) => source.includes(later)),
        later,
      ).toBe(true);
    }
  });
});
