import { buildSync, type Metafile } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { fromRoot } from '../paths.js';

/**
 * Node's built-in modules, each as a CommonJS shim that takes the module with `process.getBuiltinModule`.
 * An ESM `import ... from 'node:http'` makes Node build an ES module facade over the built-in, reading
 * every export, which wakes its lazy ones (http's WebSocket loads undici): tens of milliseconds of a cold
 * import for code the function never runs. esbuild's interop reads a CommonJS export only when used.
 *
 * The shims live in one fixed folder of the checkout: their paths go into the chunks' content hashes, and
 * shims in a fresh temporary folder gave every build other chunk names, so every synth a new asset hash,
 * and `cdk deploy` uploaded and updated every function even when nothing had changed. (esbuild's plugins,
 * which could serve them as virtual modules, need its asynchronous API; CDK's local bundling is synchronous.)
 */
function builtinShims(): Record<string, string> {
  const dir = fromRoot('node_modules', '.cache', 'lambda-builtin-shims');
  mkdirSync(dir, { recursive: true });
  const alias: Record<string, string> = {};
  for (const name of builtinModules.filter((module) => !module.startsWith('_'))) {
    const file = join(dir, `${name.replaceAll('/', '-')}.cjs`);
    const shim = `module.exports = process.getBuiltinModule(${JSON.stringify(`node:${name}`)});\n`;
    // Written once, whole: several bundles may be built at once (tests), and none may read a half-written shim.
    if (!existsSync(file) || readFileSync(file, 'utf8') !== shim) {
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, shim);
      renameSync(partial, file);
    }
    alias[name] = file;
    alias[`node:${name}`] = file;
  }
  return alias;
}

/**
 * Files a bundled package reads at run time rather than imports, by the package it belongs to: the bundle
 * carries each under its own node_modules at the package's path, where `require.resolve` finds it from any
 * chunk (the WebP encoder's WebAssembly, read by lambdas/workflow/picture-variants.ts).
 */
const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  '@jsquash/webp': ['@jsquash/webp/codec/enc/webp_enc_simd.wasm'],
};

function copyRuntimeFiles(inputs: readonly string[], outDir: string): void {
  const resolve = createRequire(fromRoot('package.json')).resolve;
  for (const [pkg, files] of Object.entries(RUNTIME_FILES)) {
    if (!inputs.some((input) => input.includes(`node_modules/${pkg}/`))) continue;
    for (const file of files) cpSync(resolve(file), join(outDir, 'node_modules', file));
  }
}

/** What a bundle is built for beyond its entry. */
export type BundleOptions = Readonly<{
  /** The story provider the function runs with (its STORY_PROVIDER): only `local` bundles the storyteller. @default bedrock */
  storyProvider?: 'local' | 'bedrock';
}>;

/** The expression esbuild replaces with the bundle's provider; undefined when the code runs unbundled (tsx, tests). */
const BUNDLED_PROVIDER_VARIABLE = 'process.env.STORY_MAGIC_BUNDLED_PROVIDER';

/**
 * How every Lambda is bundled: one function, called by the CDK construct at synth (node-function.ts) and by
 * the benchmark that measures the bundles' size and cold import time (bin/bench/lambda-bundles.ts), so the
 * figures are those of what is deployed.
 *
 * Split into chunks (ESM code splitting) rather than one file: a dynamic `import()` in our code or in the
 * SDK (the credential providers Lambda never uses, the picture codec, the admin's Cognito client) becomes
 * a file of its own that Node reads and compiles only when that code runs. Compiling the source is most of
 * a cold import, so what a request does not need should not be in `index.mjs`.
 */
export function bundleLambda(entry: string, outDir: string, options: BundleOptions = {}): Metafile {
  const { metafile } = buildSync({
    entryPoints: { index: fromRoot(entry) },
    outdir: outDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    // Maps beside the bundle (without the sources) for an operator reading a stack trace, but no
    // --enable-source-maps: Node would parse every chunk's map at import, about 30 ms of each cold start,
    // for stack traces our logs never print (observability.ts logs an error's name and message only).
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    // Some CommonJS dependencies call require() at run time; ESM output has no require of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    alias: builtinShims(),
    // A constant the storyteller's door tests (lambdas/workflow/providers/local.ts): built for Bedrock, the
    // branch that imports the storyteller is dead, and esbuild leaves the whole package out of the bundle.
    define: { [BUNDLED_PROVIDER_VARIABLE]: JSON.stringify(options.storyProvider ?? 'bedrock') },
    logLevel: 'warning',
    // The SDK versions from package-lock.json (the ones tested locally) ship in the bundle, not the runtime's.
    external: [],
    metafile: true,
  });
  copyRuntimeFiles(Object.keys(metafile.inputs), outDir);
  return metafile;
}

/**
 * The files a cold start reads and compiles: `index.mjs` and the chunks it imports statically, by their
 * output paths as `metafile` names them. The rest of the bundle loads with the first request that needs it.
 */
export function coldStartOutputs(metafile: Metafile): string[] {
  const entry = Object.keys(metafile.outputs).find((file) => file.endsWith('index.mjs'));
  if (!entry) throw new Error('no index.mjs in the bundle');
  const reached = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const { path, kind } of metafile.outputs[file]?.imports ?? []) {
      if (kind === 'import-statement' && path in metafile.outputs && !reached.has(path)) {
        reached.add(path);
        queue.push(path);
      }
    }
  }
  return [...reached];
}

/** The three functions' handler modules, relative to the repository root. */
export const LAMBDA_ENTRIES = {
  api: 'lambdas/api/handler.ts',
  workflow: 'lambdas/workflow/handler.ts',
  triggers: 'lambdas/triggers/handler.ts',
  retention: 'lambdas/retention/handler.ts',
} as const;
