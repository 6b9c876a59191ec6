import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../bin/bench/report.js';
import { buildWeb, measureWebBundle, type WebBundleReport } from '../../bin/bench/web-bundle.js';

/** The modules a built chunk was made of, from its source map (paths from the repository's root). */
function sourcesOf(dir: string, chunk: RegExp): string[] {
  const file = readdirSync(join(dir, 'assets')).find((name) => chunk.test(name));
  if (!file) throw new Error(`no chunk like ${chunk} in the build`);
  const { sources } = JSON.parse(readFileSync(join(dir, 'assets', `${file}.map`), 'utf8')) as { sources: string[] };
  return sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

/** The production build the deploy ships (`npm run build:web`'s config), measured as `npm run bench` does. */
describe('the web build', { timeout: 180_000 }, () => {
  let dir: string;
  let report: WebBundleReport;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'web-bundle-'));
    buildWeb(dir);
    report = measureWebBundle(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the JavaScript a first visit downloads within the budgets, for the landing page, home and a story', () => {
    const { landing, home, story } = report.screens;
    expect(landing.jsGzipKB).toBeLessThanOrEqual(BUDGETS.landingJsGzipKB);
    expect(home.jsGzipKB).toBeLessThanOrEqual(BUDGETS.signedInJsGzipKB);
    expect(story.jsGzipKB).toBeLessThanOrEqual(BUDGETS.signedInJsGzipKB);
  });

  it("gives every signed-in screen the shell's code, and no page's own nor what loads on use", () => {
    const shared = sourcesOf(dir, /^signed-in-[\w-]+\.js$/);
    const has = (path: string) => shared.some((source) => source.includes(path));
    // The shell, its libraries, and what home and the story page both use.
    for (const path of [
      'web/src/auth/AuthContext.tsx',
      'web/src/layouts/SignedInLayout.tsx',
      '@tanstack/query-core/',
      'providers/cognito/tokenProvider/TokenOrchestrator.mjs',
      'web/src/api/stories.ts',
    ])
      expect(has(path), path).toBe(true);
    for (const path of [
      // One page's code: the wizard's word lists, the story's "Waiting for you" bar, validation.
      'common/family-words.ts',
      'web/src/family/ApprovalBar.tsx',
      'common/validation/accounts.ts',
      // What loads on use: "Grown-ups only", sign-in and sign-out; and the identity pool's credentials, unused.
      'web/src/family/GrownUpsOnly.tsx',
      'providers/cognito/apis/signIn.mjs',
      'providers/cognito/apis/signOut.mjs',
      'providers/cognito/credentialsProvider/',
    ])
      expect(has(path), path).toBe(false);
  });

  it("has the page's early script ask at once for every file a screen's page imports, theirs too", () => {
    type Manifest = Record<string, { file: string; imports?: string[] }>;
    const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const screens = JSON.parse(/const screens = (\[.*\]);\n/.exec(html)?.[1] ?? '[]') as [
      string,
      { scripts: string[] },
    ][];
    const everyScreen = JSON.parse(/for \(const \{ scripts, styles \} of \[(\{.*?\}),/.exec(html)?.[1] ?? '{}') as {
      scripts: string[];
    };
    const closure = (key: string, into = new Set<string>()) => {
      if (into.has(key)) return into;
      into.add(key);
      for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
      return into;
    };
    const inHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => `/${match[1]}`);
    for (const [address, page] of [
      ['/profile', 'src/routes/profile/ProfilePage.tsx'],
      ['/create/01', 'src/routes/create/CreateLayout.tsx'],
      ['/story/s-1', 'src/routes/story/StoryPage.tsx'],
    ] as const) {
      const asked = new Set([
        ...inHtml,
        ...everyScreen.scripts,
        ...(screens.find(([pattern]) => new RegExp(pattern).test(address))?.[1].scripts ?? []),
      ]);
      const needed = [...closure(page)].map((key) => `/${manifest[key]?.file}`);
      expect(
        needed.filter((file) => !asked.has(file)),
        address,
      ).toEqual([]);
    }
  });

  it("ships React Router's production build", () => {
    const entry = sourcesOf(dir, /^index-[\w-]+\.js$/);
    expect(entry.filter((source) => source.includes('react-router/dist/'))).toEqual([
      expect.stringContaining('react-router/dist/production/'),
      expect.stringContaining('react-router/dist/production/'),
    ]);
  });
});
