import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { round } from './stats.js';

/**
 * The JavaScript a first visit to a screen must download, gzipped, from the production build. "Needed" is
 * what the browser fetches before the screen can render: the entry chunk and everything it imports
 * statically (index.html's modulepreload links), plus, for a lazy route, the chunks of the route modules on
 * the way to it (App.tsx's route-level `lazy` imports) and their static imports. Dynamic imports inside
 * those (say, the flipbook from the story page) load only on use and are not counted.
 */

/** Vite's build manifest, the fields used here. */
type Manifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/** App.tsx's lazy route modules each screen waits for, outermost first (paths as the manifest names them). */
export const ROUTE_CHUNKS = {
  landing: [],
  home: [
    'src/auth/AuthRoot.tsx',
    'src/auth/guards.tsx',
    'src/layouts/SignedInShell.tsx',
    'src/routes/home/HomePage.tsx',
  ],
  story: [
    'src/auth/AuthRoot.tsx',
    'src/auth/guards.tsx',
    'src/layouts/SignedInShell.tsx',
    'src/routes/story/StoryPage.tsx',
  ],
} as const;
export type Screen = keyof typeof ROUTE_CHUNKS;

/**
 * The production build (`npm run build:web`'s command) into `outDir` with Vite's manifest. Not into
 * web/dist: the e2e suite builds and serves that folder, and a bench run must not empty it under a test run.
 */
export function buildWeb(outDir: string): void {
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    // The deploy's build whatever NODE_ENV the caller has (Vitest sets "test": React's development build).
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('The web build failed; see the output above.');
}

const gzipped = (path: string) => gzipSync(readFileSync(path)).length;

/** Gzipped sizes of the JavaScript (and, for context, CSS) each screen needs, from a build made by buildWeb. */
export function measureWebBundle(outDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the web build manifest has no entry chunk');

  /** A chunk and its static imports, depth first. */
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build manifest`);
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };

  /**
   * The chunk holding a lazy module. Vite keys a module's own chunk by its source path; a module placed in
   * a shared chunk (vite.config.ts groups the signed-in code) is found through the chunks' source maps.
   */
  const lazyChunk = (source: string) => {
    if (manifest[source]) return source;
    const holder = Object.keys(manifest).find((key) => {
      const map = join(outDir, `${(manifest[key] as Manifest[string]).file}.map`);
      if (!existsSync(map)) return false;
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      return sources.some((path) => path.endsWith(`/web/${source}`));
    });
    if (!holder)
      throw new Error(`${source} is in no chunk of the web build: has App.tsx changed? (bin/bench/web-bundle.ts)`);
    return holder;
  };

  // Cross-check with what index.html really preloads: each of those must be in the entry's closure.
  const entryClosure = new Set<string>();
  closure(entryKey, entryClosure);
  const entryFiles = new Set([...entryClosure].map((key) => manifest[key]?.file));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) {
    if (!entryFiles.has(href))
      throw new Error(`index.html preloads ${href}, which is not a static import of the entry`);
  }

  const screens = Object.fromEntries(
    (Object.keys(ROUTE_CHUNKS) as Screen[]).map((screen) => {
      const keys = new Set<string>();
      closure(entryKey, keys);
      for (const lazy of ROUTE_CHUNKS[screen]) closure(lazyChunk(lazy), keys);
      const chunks = [...keys].map((key) => {
        const file = (manifest[key] as Manifest[string]).file;
        return { file, gzipBytes: gzipped(join(outDir, file)) };
      });
      const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
      const jsGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
      return [
        screen,
        {
          jsGzipKB: round(jsGzipBytes / 1000),
          cssGzipKB: round(css.reduce((sum, file) => sum + gzipped(join(outDir, file)), 0) / 1000),
          chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
        },
      ];
    }),
  ) as Record<Screen, { jsGzipKB: number; cssGzipKB: number; chunks: { file: string; gzipBytes: number }[] }>;
  return { unit: 'kB = 1000 bytes, gzip at zlib default level', screens };
}

export type WebBundleReport = ReturnType<typeof measureWebBundle>;
