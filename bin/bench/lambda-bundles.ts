import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleLambda, coldStartOutputs, LAMBDA_ENTRIES } from '../../lib/constructs/lambda-bundling.js';
import { percentile, round } from './stats.js';

/**
 * Each Lambda bundle as `cdk deploy` builds it (the same esbuild options, lib/constructs/lambda-bundling.ts):
 * its size, and how long a fresh Node process takes to import it, which is the part of a cold start our
 * code decides. The import runs in an environment shaped like the functions' in AWS (no
 * network is touched at import), median of `runs` fresh processes.
 */
export type LambdaBundlesReport = {
  unit: string;
  runs: number;
  bundles: Record<
    keyof typeof LAMBDA_ENTRIES,
    {
      coldStartBytes: number;
      totalBytes: number;
      /** Of the total, the storyteller's code (storyteller/): 0 in a stack deployed for Bedrock, the default. */
      storytellerBytes: number;
      coldImportMedianMs: number;
      coldImportMaxMs: number;
    }
  >;
};

/** What the handlers read at import in AWS; values are placeholders, nothing is called. */
const AWS_LIKE_ENV = {
  AWS_REGION: 'eu-west-1',
  TABLE_NAME: 'bench-table',
  MEDIA_BUCKET: 'bench-media',
  USER_POOL_ID: 'eu-west-1_bench',
  AUTH_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_bench',
  AUTH_JWKS_URI: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_bench/.well-known/jwks.json',
  AUTH_CLIENT_ID: 'bench-client',
  WORKFLOW_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:bench',
  STORY_PROVIDER: 'bedrock',
  POWERTOOLS_SERVICE_NAME: 'bench',
};

/** Imports the module in a fresh process and answers the milliseconds the import took, measured inside it. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...AWS_LIKE_ENV },
  });
  if (child.status !== 0) throw new Error(`importing ${file} failed:\n${child.stderr}`);
  return Number(child.stdout.trim().split('\n').at(-1));
}

const javascriptFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => join(dir, file));

export function benchLambdaBundles(outDir: string, runs = 5): LambdaBundlesReport {
  const bundles = {} as LambdaBundlesReport['bundles'];
  for (const [name, entry] of Object.entries(LAMBDA_ENTRIES) as [keyof typeof LAMBDA_ENTRIES, string][]) {
    const dir = join(outDir, name);
    rmSync(dir, { recursive: true, force: true });
    const outfile = join(dir, 'index.mjs');
    const metafile = bundleLambda(entry, dir);
    const samples = Array.from({ length: runs }, () => coldImportMs(outfile));
    bundles[name] = {
      coldStartBytes: coldStartOutputs(metafile).reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0),
      totalBytes: javascriptFiles(dir).reduce((sum, file) => sum + statSync(file).size, 0),
      storytellerBytes: Object.values(metafile.outputs)
        .flatMap((output) => Object.entries(output.inputs))
        .filter(([source]) => source.startsWith('storyteller/'))
        .reduce((sum, [, input]) => sum + input.bytesInOutput, 0),
      coldImportMedianMs: round(percentile(samples, 50)),
      coldImportMaxMs: round(Math.max(...samples)),
    };
  }
  return {
    unit: 'bundled as a stack deployed for Bedrock (the default) ships them; coldStartBytes: index.mjs and the chunks it imports statically, what a cold start compiles; totalBytes: with every chunk (no source maps); ms: importing index.mjs in a fresh process',
    runs,
    bundles,
  };
}
