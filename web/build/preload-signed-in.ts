import type { Plugin } from 'vite';

/** The chunk vite.config.ts gathers the code every signed-in screen shares into. */
export const SIGNED_IN_CHUNK = 'signed-in';
const SCRIPT = 'preload-signed-in.js';

/**
 * Every screen but the landing page needs the signed-in chunk, and the entry asks for it only once it has
 * itself downloaded and run: a round trip and the entry's start-up on the way to every signed-in screen.
 * This tiny script, loaded `async` beside the entry, asks for it at once on any address but the landing
 * page, so the two download together; the landing page still downloads only itself. A file of its own,
 * not inline, because the Content-Security-Policy allows scripts from the app's origin only.
 */
export function preloadSignedInChunk(): Plugin {
  return {
    name: 'story-magic:preload-signed-in',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `/${SCRIPT}`, async: true }, injectTo: 'head' }],
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((out) => out.type === 'chunk' && out.name === SIGNED_IN_CHUNK);
      if (!chunk) this.error(`no "${SIGNED_IN_CHUNK}" chunk to preload: see codeSplitting in vite.config.ts`);
      const href = JSON.stringify(`/${chunk.fileName}`);
      this.emitFile({
        type: 'asset',
        fileName: SCRIPT,
        source: `if (location.pathname !== '/') {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = ${href};
  document.head.append(link);
}
`,
      });
    },
  };
}
