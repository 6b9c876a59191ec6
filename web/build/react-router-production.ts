import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's package exports name only its development build, so every bundler ships that one, dev
 * warnings and all (remix-run/react-router#14102). Its production build sits beside it in the package, with
 * the same files: the app's build takes that one (0.6 kB less gzipped JS on every screen). The dev server
 * keeps the warnings.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'story-magic:react-router-production',
    apply: 'build',
    config() {
      const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
      const file = (name: string) => {
        const path = join(root, 'dist', 'production', name);
        if (!existsSync(path)) throw new Error(`react-router-production: ${path} is gone; has the package changed?`);
        return path;
      };
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: file('index.mjs') },
            { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
          ],
        },
      };
    },
  };
}
