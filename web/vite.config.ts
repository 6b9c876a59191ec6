import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { publishBandConfigs } from './build/band-configs.ts';
import { preloadSignedInChunk, SIGNED_IN_CHUNK } from './build/preload-signed-in.ts';

/** Code every signed-in screen needs: the auth library, validation, the API client and its query cache, the app's shell. */
const SIGNED_IN_SHARED =
  /[\\/](web[\\/]src[\\/](auth|api|app|components|layouts|story-config|story)[\\/]|common[\\/]|node_modules[\\/](@tanstack|aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|zod|sonner|tslib|js-cookie)[\\/])/;
/** ...except what the landing page itself runs, which stays in the entry chunk. */
const LANDING =
  /[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](App|LoadError|app-config-request|RootLayout|useFocusScreenHeading)\.tsx?|components[\\/](PageSpinner|SiteFooter)\.tsx)$|[\\/]common[\\/]app-config-path\.ts$/;

// Ports, proxies and the runtime config are supplied by the local stack (bin/local/web-server.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadSignedInChunk(), publishBandConfigs()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // One chunk for the code shared by signed-in screens instead of the twenty-odd small ones automatic
        // splitting makes: a first signed-in load then makes a handful of requests, not round after round
        // of them. Each page keeps a chunk of its own.
        codeSplitting: {
          groups: [
            {
              name: SIGNED_IN_CHUNK,
              test: (id) => SIGNED_IN_SHARED.test(id) && !LANDING.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
