import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { publishBandConfigs } from './build/band-configs.ts';
import { preloadScreen, SIGNED_IN_CHUNK } from './build/preload-screen.ts';

/** Code every signed-in screen needs: the auth library, the API client and its query cache, the app's shell. */
const SIGNED_IN_SHARED =
  /[\\/](web[\\/]src[\\/](auth|api|app|components|layouts|story-config|story|family)[\\/]|common[\\/]|node_modules[\\/](@tanstack|aws-amplify|@aws-amplify|@aws-sdk|tslib|js-cookie)[\\/])/;
/**
 * ...but not validation (zod, the schemas, the safety lexicon) nor the dialogs (web/src/dialogs): only the
 * screens with forms run it, and a dialog loads when opened (web/src/components/dialogs.tsx).
 */
const FORMS_ONLY =
  /[\\/]common[\\/](validation[\\/](?!account-messages)|safety[\\/]|age-band-config\.ts|story-validation|sanitiser)|[\\/]web[\\/]src[\\/]dialogs[\\/]/;
/** ...nor what only the admin's screens use, nor the story's page layout (the story page and the flipbook). */
const NOT_SHARED =
  /[\\/](web[\\/]src[\\/]api[\\/]admin\.ts|common[\\/](models[\\/]|api[\\/]admin-views|story-layout\.ts))/;
/**
 * ...nor the auth library's sign-in, sign-up and reset flows (web/src/auth/password-flows.ts loads them on
 * use): a signed-in family only needs its session.
 */
const SIGN_IN_FLOWS =
  /[\\/]web[\\/]src[\\/]auth[\\/]password-flows\.ts$|[\\/]@aws-amplify[\\/]auth[\\/]dist[\\/]esm[\\/](providers[\\/]cognito[\\/](apis[\\/](signIn|signUp|autoSignIn|resetPassword|confirmResetPassword)|utils[\\/](srp|signInHelpers|signUpHelpers|handleDeviceSRPAuth|handlePasswordVerifierChallenge|getNewDeviceMetadata))|client[\\/](flows|utils[\\/](passkey|store[\\/](signInStore|autoSignInStore))))|[\\/]@aws-amplify[\\/]auth[\\/]dist[\\/]esm[\\/](providers[\\/]cognito[\\/](types[\\/]errors|utils[\\/](userContextData|textEncoder|retryOnResourceNotFoundException|setActiveSignInUsername))|foundation[\\/](convert[\\/]base64url|factories[\\/]serviceClients[\\/]cognitoIdentityProvider[\\/]create(SignUp|ForgotPassword|ConfirmForgotPassword|InitiateAuth|RespondToAuthChallenge|AssociateSoftwareToken|ConfirmDevice)Client))/;
/** ...except what the landing page itself runs, which stays in the entry chunk. */
const LANDING =
  /[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](App|LoadError|app-config-request|RootLayout|useFocusScreenHeading)\.tsx?|components[\\/](PageSpinner|SiteFooter)\.tsx)$|[\\/]common[\\/](app-config-path|data-policy)\.ts$/;

// Ports, proxies and the runtime config are supplied by the local stack (bin/local/web-server.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadScreen(), publishBandConfigs()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The hash library declares no `sideEffects`, so the auth library's bare `import '@aws-crypto/sha256-js'`
      // (in sign-out) would load it on every signed-in screen; it only computes, for the sign-in flows.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@aws-crypto[\\/]/, sideEffects: false }],
      },
      output: {
        // One chunk for the code shared by signed-in screens instead of the twenty-odd small ones automatic
        // splitting makes: a first signed-in load then makes a handful of requests, not round after round
        // of them. Each page keeps a chunk of its own.
        codeSplitting: {
          groups: [
            {
              name: SIGNED_IN_CHUNK,
              test: (id) =>
                SIGNED_IN_SHARED.test(id) &&
                ![FORMS_ONLY, NOT_SHARED, SIGN_IN_FLOWS, LANDING].some((pattern) => pattern.test(id)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
