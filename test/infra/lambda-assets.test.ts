import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda } from '../../lib/constructs/lambda-bundling.js';
import { ENTRY_METADATA, PROVIDER_METADATA } from '../../lib/constructs/node-function.js';
import { lambdaFunctionsOf, readCloudAssembly, type CloudAssemblyFunction } from '../../bin/rehearsal/assembly.js';
import { synthesize, type Synthesized } from './synth.js';

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * What `cdk deploy` uploads as each function's code is the asset the template names: this test opens the
 * cloud assembly as the CLI does (manifest, asset manifests, templates) and rebuilds each function's entry
 * to compare. CDK once staged one bundle for every function (its asset cache dropped the bundling closure,
 * the only part that differed), so the API and the workflow would have run the Cognito triggers' code.
 */
describe("every Lambda's asset holds its own code", { timeout: 240_000 }, () => {
  let synth: Synthesized;
  let functions: CloudAssemblyFunction[];
  beforeAll(() => {
    synth = synthesize();
    functions = readCloudAssembly(synth.outdir).stacks.flatMap(lambdaFunctionsOf);
  });
  afterAll(() => {
    synth.cleanup();
  });

  it('gives each of our functions an asset of its own', () => {
    const ours = functions.filter((fn) => fn.metadata[ENTRY_METADATA] !== undefined);
    expect(ours.map((fn) => fn.metadata[ENTRY_METADATA]).sort()).toEqual([
      'lambdas/api/handler.ts',
      'lambdas/retention/handler.ts',
      'lambdas/triggers/handler.ts',
      'lambdas/workflow/handler.ts',
    ]);
    expect(new Set(ours.map((fn) => fn.assetDir)).size).toBe(ours.length);
  });

  it('bundles, in each Node function’s asset, exactly the code its entry builds to', () => {
    const nodeFunctions = functions.filter((fn) => fn.runtime.startsWith('nodejs'));
    expect(nodeFunctions.length).toBeGreaterThanOrEqual(3);
    for (const fn of nodeFunctions) {
      const entry = fn.metadata[ENTRY_METADATA];
      // A Node function of ours names its entry; CDK's own Node functions would have to be listed here.
      expect(entry, `${fn.stack}/${fn.logicalId} names no entry`).toBeTypeOf('string');
      // Beside the asset, at the same depth: a chunk's hash covers its source map, which names sources by
      // their path from the bundle's folder.
      const fresh = mkdtempSync(join(synth.outdir, 'fresh-'));
      const storyProvider = fn.metadata[PROVIDER_METADATA] === 'local' ? 'local' : 'bedrock';
      bundleLambda(entry as string, fresh, { storyProvider });
      // Same files; every module byte for byte (the source maps name their own directory, so only their names).
      expect(filesUnder(fn.assetDir), fn.logicalId).toEqual(filesUnder(fresh));
      for (const file of filesUnder(fresh).filter((name) => !name.endsWith('.map'))) {
        const deployed = readFileSync(join(fn.assetDir, file));
        expect(deployed.equals(readFileSync(join(fresh, file))), `${fn.logicalId}: ${file}`).toBe(true);
      }
    }
  });

  it('ships none of the storyteller in the workflow a Bedrock stack deploys', () => {
    const workflow = functions.find((fn) => fn.metadata[ENTRY_METADATA] === 'lambdas/workflow/handler.ts');
    expect(workflow?.metadata[PROVIDER_METADATA]).toBe('bedrock');
    // The deployed source maps name every module the asset holds.
    const sources = filesUnder(workflow?.assetDir ?? '')
      .filter((file) => file.endsWith('.map'))
      .flatMap(
        (file) =>
          (JSON.parse(readFileSync(join(workflow?.assetDir ?? '', file), 'utf8')) as { sources: string[] }).sources,
      );
    expect(sources.some((source) => source.includes('lambdas/workflow/providers/bedrock/'))).toBe(true);
    expect(sources.filter((source) => source.includes('storyteller/'))).toEqual([]);
  });

  it('is the same asset when nothing changed, so a second deploy uploads and updates nothing', () => {
    const again = synthesize();
    try {
      const keysOf = (dir: string) =>
        readCloudAssembly(dir)
          .stacks.flatMap(lambdaFunctionsOf)
          .map((fn) => `${fn.logicalId} ${fn.assetDir.replace(dir, '')}`)
          .sort();
      expect(keysOf(again.outdir)).toEqual(keysOf(synth.outdir));
    } finally {
      again.cleanup();
    }
  });

  it('names, in every function’s handler, a module its asset holds', () => {
    for (const fn of functions) {
      const [module] = fn.handler.split('.');
      const extensions = fn.runtime.startsWith('nodejs') ? ['.mjs', '.js', '.cjs'] : ['.py'];
      const files = filesUnder(fn.assetDir);
      expect(
        extensions.some((extension) => files.includes(`${module}${extension}`)),
        `${fn.logicalId}: ${fn.handler}`,
      ).toBe(true);
    }
  });
});
