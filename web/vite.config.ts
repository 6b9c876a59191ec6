import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { publishBandConfigs } from './build/band-configs.ts';
import { preloadScreen, SIGNED_IN_CHUNK } from './build/preload-screen.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { signedInChunk } from './build/signed-in-chunk.ts';

/** Code every signed-in screen needs: the auth library, the API client and its query cache, the app's shell. */
const signedIn = signedInChunk();

// Ports, proxies and the runtime config are supplied by the local stack (bin/local/web-server.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), reactRouterProduction(), signedIn.plugin, preloadScreen(), publishBandConfigs()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The hash library declares no `sideEffects`, so the auth library's bare `import '@aws-crypto/sha256-js'`
      // (in its configure) would load it on every signed-in screen; it only computes, for the sign-in flows.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@aws-crypto[\\/]/, sideEffects: false }],
      },
      output: {
        // One chunk for the code every signed-in screen runs instead of the twenty-odd small ones automatic
        // splitting makes of it: a first signed-in load then makes a handful of requests, not round after
        // round of them. Each page keeps a chunk of its own, and code only some pages use stays beside them.
        codeSplitting: {
          groups: [
            {
              name: SIGNED_IN_CHUNK,
              test: signedIn.test,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
