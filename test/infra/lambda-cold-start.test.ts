import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda, coldStartOutputs, LAMBDA_ENTRIES } from '../../lib/constructs/lambda-bundling.js';

/** Each module is compiled by a cold start (`now`), or not by it yet in the bundle for the first call that needs it (`later`). */
function expectColdStart(bundle: { coldStart: string[]; everything: string[] }, now: string[], later: string[]): void {
  for (const needed of now) {
    expect(
      bundle.coldStart.some((source) => source.includes(needed)),
      needed,
    ).toBe(true);
  }
  for (const module of later) {
    expect(
      bundle.coldStart.filter((source) => source.includes(module)),
      module,
    ).toEqual([]);
    // ...yet still in the bundle, for the call that needs it.
    expect(
      bundle.everything.some((source) => source.includes(module)),
      module,
    ).toBe(true);
  }
}

/** What a cold start of the API function compiles (what the bench's cold import measures). */
describe('the API function cold start', { timeout: 120_000 }, () => {
  let dir: string;
  let bundle: { coldStart: string[]; everything: string[] };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'api-bundle-'));
    const metafile = bundleLambda(LAMBDA_ENTRIES.api, dir);
    bundle = {
      coldStart: coldStartOutputs(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {})),
      everything: Object.keys(metafile.inputs),
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compiles what every request needs, not the code that checks a family's words or writes stories", () => {
    expectColdStart(
      bundle,
      // Every request: the routes, the token check, the table.
      ['lambdas/api/app.ts', 'lambdas/api/auth/token-verifier.ts', '@aws-sdk/client-dynamodb'],
      // Only the requests that write words or start a story: loaded with their first call.
      [
        'common/safety/data/word-lists.ts',
        'common/safety/intents.ts',
        'common/safety/check.ts',
        'common/config/age-band-a.json',
        'lambdas/use-cases/stories/create-story.ts',
        'lambdas/use-cases/stories/editorial.ts',
        'common/validation/accounts.ts',
        '@aws-sdk/client-s3',
      ],
    );
  });
});

/**
 * The storyteller (storyteller/, the local provider) in the workflow function: a stack deployed for Bedrock
 * ships none of it; one deployed for the local provider loads it with the first story, not at a cold start.
 */
describe('the workflow function and the storyteller', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const bundled = (storyProvider: 'local' | 'bedrock') => {
    const dir = mkdtempSync(join(tmpdir(), `workflow-${storyProvider}-`));
    dirs.push(dir);
    const metafile = bundleLambda(LAMBDA_ENTRIES.workflow, dir, { storyProvider });
    return {
      everything: Object.keys(metafile.inputs),
      coldStart: coldStartOutputs(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {})),
    };
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('holds none of the storyteller when built for Bedrock', () => {
    const { everything } = bundled('bedrock');
    expect(everything.filter((source) => source.startsWith('storyteller/'))).toEqual([]);
    // The Bedrock provider is there (the bundle is the real workflow, not an empty one).
    expect(everything.some((source) => source.startsWith('lambdas/workflow/providers/bedrock/'))).toBe(true);
  });

  it('compiles the task dispatch and the table at a cold start; Bedrock, the prompts and the safety lists with the first task that needs them', () => {
    expectColdStart(
      bundled('bedrock'),
      ['lambdas/workflow/tasks.ts', 'lambdas/data/capacity/gate.ts', '@aws-sdk/lib-dynamodb'],
      [
        'common/safety/data/word-lists.ts',
        'common/safety/intents.ts',
        'common/story-validation.ts',
        'lambdas/workflow/providers/bedrock/prompts.ts',
        '@aws-sdk/client-bedrock-runtime',
      ],
    );
  });

  it('holds the storyteller, loaded with the first story, when built for the local provider', () => {
    const { everything, coldStart } = bundled('local');
    expect(everything).toContain('storyteller/story-writer.ts');
    expect(everything).toContain('storyteller/illustrator.ts');
    expect(coldStart.filter((source) => source.startsWith('storyteller/'))).toEqual([]);
  });
});
