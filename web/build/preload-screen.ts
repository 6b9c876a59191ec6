import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { APP_CONFIG_PATH, APP_CONFIG_REQUEST } from '../../common/app-config-path.ts';
import { AGE_BAND_HINT_KEY, AMPLIFY_KEY_PREFIX, EARLY_READS } from '../../common/early-reads.ts';
import { ageBandConfigPath } from '../../common/age-band-config-file.ts';
import { AGE_BANDS } from '../../common/age-bands.ts';

/** The chunk vite.config.ts gathers the code every signed-in screen shares into. */
export const SIGNED_IN_CHUNK = 'signed-in';
const SCRIPT = 'preload-screen.js';

/**
 * The profile, which every signed-in screen reads at start (the greeting's name, the age band). Read early,
 * its answer is there soon after the session is known, not a round trip after the code has run.
 */
const EARLY_PROFILE_READ = '/me';

/**
 * The page module each signed-in address opens (App.tsx's routes; the build fails if one is missing), and the
 * API reads its first render shows, to start at once (`$1`: the address's first group): the story a story's
 * address opens, home's featured stories. Every one of these screens also reads the profile (EARLY_PROFILE_READ).
 * Only the first screen of a visit matters here: later screens load while the family reads this one.
 */
const SCREEN_PAGES: readonly (readonly [pattern: string, page: string, reads?: readonly string[]])[] = [
  ['^/home$', 'web/src/routes/home/HomePage.tsx', ['/featured']],
  ['^/library$', 'web/src/routes/library/LibraryPage.tsx'],
  ['^/story/([^/]+)$', 'web/src/routes/story/StoryPage.tsx', ['/stories/$1']],
  ['^/story/([^/]+)/flipbook$', 'web/src/routes/flipbook/FlipbookRoute.tsx', ['/stories/$1']],
  ['^/profile$', 'web/src/routes/profile/ProfilePage.tsx'],
  ['^/create', 'web/src/routes/create/CreateLayout.tsx'],
];

/**
 * Every screen but the landing page needs the signed-in chunk, its page's chunk and `/app-config.json`, and
 * the entry asks for them only once it has itself downloaded and run: a round trip (or two) and the entry's
 * start-up on the way to every signed-in screen. This small script, loaded `async` beside the entry, asks
 * for them at once on any address but the landing page, so they download together; the landing page still
 * downloads only itself. With a stored session good for another minute, it also starts the story's read
 * on a story's address (common/early-reads.ts): the story a shared link opens arrives while the code
 * downloads, not after it has run. A file of its own, not inline, because the Content-Security-Policy allows
 * scripts from the app's origin only.
 */
export function preloadScreen(): Plugin {
  return {
    name: 'story-magic:preload-screen',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `/${SCRIPT}`, async: true }, injectTo: 'head' }],
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');
      const shared = chunks.find((chunk) => chunk.name === SIGNED_IN_CHUNK);
      if (!shared) this.error(`no "${SIGNED_IN_CHUNK}" chunk to preload: see codeSplitting in vite.config.ts`);
      // What index.html already asks for: the entry and its static imports.
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inHtml = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      /** A chunk's file, its static imports' and its styles (Vite adds those when the chunk is imported). */
      const downloads = (chunk: OutputChunk) => ({
        scripts: [chunk.fileName, ...chunk.imports].filter((file) => !inHtml.has(file)).map((file) => `/${file}`),
        styles: [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`),
      });
      const screens = SCREEN_PAGES.map(([pattern, page, reads = []]) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(page));
        if (!chunk) return this.error(`no chunk for ${page}: is it still a route of App.tsx?`);
        return [pattern, downloads(chunk), reads] as const;
      });
      this.emitFile({
        type: 'asset',
        fileName: SCRIPT,
        source: `(() => {
  const path = location.pathname;
  // Nothing on the landing page, nor once the app has started without this script (it loads async, and on a
  // slow line can arrive after the app's code): the app then asks for everything itself.
  if (path === '/' || window[${JSON.stringify(APP_CONFIG_REQUEST)}] !== undefined) return;
  // Read by requestRuntimeConfig (web/src/app/app-config-request.ts) instead of asking again.
  window[${JSON.stringify(APP_CONFIG_REQUEST)}] = fetch(${JSON.stringify(APP_CONFIG_PATH)}, { cache: 'no-store' });
  const screens = ${JSON.stringify(screens)};
  let match = null;
  const page = screens.find(([pattern]) => (match = path.match(new RegExp(pattern))));
  /** The stored session's access token, when it is good for another minute (else Amplify refreshes it first). */
  const storedToken = () => {
    try {
      const prefix = ${JSON.stringify(AMPLIFY_KEY_PREFIX)};
      const last = Object.keys(localStorage).filter((key) => key.startsWith(prefix) && key.endsWith('.LastAuthUser'));
      if (last.length !== 1) return undefined;
      const client = last[0].slice(0, -'LastAuthUser'.length);
      const stored = localStorage.getItem(client + localStorage.getItem(last[0]) + '.accessToken');
      const claims = JSON.parse(atob(stored.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return claims.exp * 1000 > Date.now() + 60000 ? stored : undefined;
    } catch {
      return undefined;
    }
  };
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    // As Vite's own links ask (CORS, same-origin credentials): a preload asked for differently is not used, and
    // the file is downloaded a second time when the app asks for it.
    link.crossOrigin = '';
    document.head.append(link);
  };
  const group = match?.[1];
  // A story's id is letters, digits and dashes: anything else in the address is not read early.
  const pageReads = page ? page[2].filter((read) => !read.includes('$1') || /^[\\w-]+$/.test(group ?? '')) : [];
  const reads = page ? [${JSON.stringify(EARLY_PROFILE_READ)}, ...pageReads] : [];
  const token = reads.length > 0 ? storedToken() : undefined;
  if (token) {
    const started = new Map();
    for (const read of reads) {
      const apiPath = read.replace('$1', group);
      const request = fetch('/api' + apiPath, { headers: { authorization: 'Bearer ' + token } });
      request.catch(() => {}); // taken by the app, which asks again if it failed
      started.set(apiPath, request);
    }
    window[${JSON.stringify(EARLY_READS)}] = { token, reads: started };
    // The band's configuration, for the band this device last read in (see common/early-reads.ts).
    const configs = ${JSON.stringify(Object.fromEntries(AGE_BANDS.map((band) => [band, ageBandConfigPath(band)])))};
    const band = localStorage.getItem(${JSON.stringify(AGE_BAND_HINT_KEY)});
    if (band && Object.hasOwn(configs, band)) add('preload', configs[band], 'fetch');
  }
  for (const { scripts, styles } of [${JSON.stringify(downloads(shared))}, ...(page ? [page[1]] : [])]) {
    for (const href of scripts) add('modulepreload', href);
    for (const href of styles) add('preload', href, 'style');
  }
})();
`,
      });
    },
  };
}
