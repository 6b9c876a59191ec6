import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { APP_CONFIG_PATH, APP_CONFIG_REQUEST } from '../../common/app-config-path.ts';
import { CHILD_HEADER } from '../../common/family.ts';
import { AMPLIFY_KEY_PREFIX, EARLY_READS, READER_CHOICE_KEY } from '../../common/early-reads.ts';

/** The chunk vite.config.ts gathers the code every signed-in screen shares into. */
export const SIGNED_IN_CHUNK = 'signed-in';

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
 * start-up on the way to every signed-in screen. This small script, inline in `index.html`'s head before the entry,
 * runs as the document is parsed and asks for them at once on any address but the landing page, so they
 * download beside the entry; the landing page still downloads only itself. With a stored session good for
 * another minute, it also starts the screen's first API reads (common/early-reads.ts): the story a shared link
 * opens arrives while the code downloads, not after it has run.
 *
 * Inline, not a file of its own: a file is one more download before any of this can start, and an `async`
 * one could even run after the app had started. It sits before the stylesheet, which would otherwise hold its
 * run back until the styles have arrived. The Content-Security-Policy allows exactly this script by its hash
 * (`inlineScriptHashes` in common/security-headers.ts, read from the built index.html by the CDK stack and by
 * the local web server).
 */
export function preloadScreen(): Plugin {
  return {
    name: 'story-magic:preload-screen',
    apply: 'build',
    transformIndexHtml: {
      // After Vite's own tags, so the bundle's chunks are known.
      order: 'post',
      handler(html, { bundle }) {
        const script = `<script>${earlyScript(Object.values(bundle ?? {}))}</script>`;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('preload-screen: no entry <script type="module"> in index.html to go before');
        return html.slice(0, at) + script + '\n    ' + html.slice(at);
      },
    },
  };
}

/** The early script's source, for this build's chunks. */
function earlyScript(outputs: readonly (OutputChunk | { type: 'asset' })[]): string {
  const chunks = outputs.filter((out): out is OutputChunk => out.type === 'chunk');
  const shared = chunks.find((chunk) => chunk.name === SIGNED_IN_CHUNK);
  if (!shared) throw new Error(`no "${SIGNED_IN_CHUNK}" chunk to preload: see codeSplitting in vite.config.ts`);
  // What index.html already asks for: the entry and its static imports.
  const entry = chunks.find((chunk) => chunk.isEntry);
  const inHtml = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /**
   * A chunk and its static imports, theirs too (a chunk's own imports are asked for only once it has
   * arrived otherwise), and their styles (Vite adds those when the chunk is imported).
   */
  const downloads = (chunk: OutputChunk, asked: ReadonlySet<string | undefined>) => {
    const needed = new Map<string, OutputChunk>();
    const visit = (next: OutputChunk | undefined) => {
      if (!next || needed.has(next.fileName)) return;
      needed.set(next.fileName, next);
      for (const file of next.imports) visit(byFile.get(file));
    };
    visit(chunk);
    const files = [...needed.values()].filter((next) => !asked.has(next.fileName));
    return {
      scripts: files.map((next) => `/${next.fileName}`),
      styles: [...new Set(files.flatMap((next) => [...(next.viteMetadata?.importedCss ?? [])]))].map(
        (file) => `/${file}`,
      ),
    };
  };
  const forEveryScreen = downloads(shared, inHtml);
  // A page's own files: the shared chunk's are asked for on every signed-in screen already.
  const beforePage = new Set([...inHtml, ...forEveryScreen.scripts.map((file) => file.slice(1))]);
  const screens = SCREEN_PAGES.map(([pattern, page, reads = []]) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(page));
    if (!chunk) throw new Error(`no chunk for ${page}: is it still a route of App.tsx?`);
    return [pattern, downloads(chunk, beforePage), reads] as const;
  });
  // Nothing on the landing page. The configuration's request is left for requestRuntimeConfig
  // (web/src/app/app-config-request.ts). The stored session's access token is used only when it is good for
  // another minute (else Amplify refreshes it first). Each preload is asked for as Vite's own links ask (CORS,
  // same-origin credentials): one asked for differently is not used, and the file downloads twice. A story's
  // id is letters, digits and dashes: anything else in the address is not read early.
  return `(() => {
  const path = location.pathname;
  if (path === '/') return;
  window[${JSON.stringify(APP_CONFIG_REQUEST)}] = fetch(${JSON.stringify(APP_CONFIG_PATH)}, { cache: 'no-store' });
  const screens = ${JSON.stringify(screens)};
  let match = null;
  const page = screens.find(([pattern]) => (match = path.match(new RegExp(pattern))));
  const storedToken = () => {
    try {
      const prefix = ${JSON.stringify(AMPLIFY_KEY_PREFIX)};
      const last = Object.keys(localStorage).filter((key) => key.startsWith(prefix) && key.endsWith('.LastAuthUser'));
      if (last.length !== 1) return undefined;
      const client = last[0].slice(0, -'LastAuthUser'.length);
      const stored = localStorage.getItem(client + localStorage.getItem(last[0]) + '.accessToken');
      const claims = JSON.parse(atob(stored.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return claims.exp * 1000 > Date.now() + 60000 ? { token: stored, sub: claims.sub } : undefined;
    } catch {
      return undefined;
    }
  };
  const chosenChild = (sub) => {
    try {
      const choice = JSON.parse(localStorage.getItem(${JSON.stringify(READER_CHOICE_KEY)}));
      return choice && choice.userId === sub && typeof choice.childId === 'string' ? choice.childId : undefined;
    } catch {
      return undefined;
    }
  };
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = '';
    document.head.append(link);
  };
  const group = match?.[1];
  const pageReads = page ? page[2].filter((read) => !read.includes('$1') || /^[\\w-]+$/.test(group ?? '')) : [];
  const reads = page ? [${JSON.stringify(EARLY_PROFILE_READ)}, ...pageReads] : [];
  const session = reads.length > 0 ? storedToken() : undefined;
  if (session) {
    const { token } = session;
    const child = chosenChild(session.sub);
    const headers = { authorization: 'Bearer ' + token };
    if (child) headers[${JSON.stringify(CHILD_HEADER)}] = child;
    const started = new Map();
    for (const read of reads) {
      const apiPath = read.replace('$1', group);
      const request = fetch('/api' + apiPath, { headers });
      request.catch(() => {});
      started.set(apiPath, request);
    }
    window[${JSON.stringify(EARLY_READS)}] = { token, child, reads: started };
  }
  for (const { scripts, styles } of [${JSON.stringify(forEveryScreen)}, ...(page ? [page[1]] : [])]) {
    for (const href of scripts) add('modulepreload', href);
    for (const href of styles) add('preload', href, 'style');
  }
})();`;
}
