import type { Plugin } from 'vite';

/**
 * App.tsx's route modules every signed-in screen passes through on its way to its page: the auth root, the
 * sign-in guard and the signed-in shell.
 */
export const SHELL_ROUTES = [
  'web/src/auth/AuthRoot.tsx',
  'web/src/auth/guards.tsx',
  'web/src/layouts/SignedInShell.tsx',
] as const;

/**
 * The pages most visits open first: home after signing in, a story from a shared link. Code both of them
 * use (the stories' API, a story's title, the download) comes with the shell rather than as small files of
 * its own, one more request each for both.
 */
export const FIRST_PAGES = ['web/src/routes/home/HomePage.tsx', 'web/src/routes/story/StoryPage.tsx'] as const;

/**
 * The libraries the shell runs: the auth library, the API's query cache and their helpers. (Not the hash
 * library the auth library imports for the sign-in flows, nor what only it uses.)
 */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](@tanstack|aws-amplify|@aws-amplify|@aws-sdk|@smithy[\\/]util-hex-encoding|tslib|js-cookie|uuid)[\\/]/;

/**
 * ...but not the auth library's sign-in, sign-up, reset and sign-out calls (web/src/auth/password-flows.ts
 * loads them on use) nor what only they run: a signed-in family only needs its session. The library's entry
 * points import every call, so these are named rather than found by following imports.
 */
const PASSWORD_FLOW_MODULES = [
  'providers/cognito/apis/(signIn|signUp|autoSignIn|resetPassword|confirmResetPassword|signOut)',
  'providers/cognito/utils/(srp|signInHelpers|signUpHelpers|handleDeviceSRPAuth|handlePasswordVerifierChallenge|getNewDeviceMetadata)',
  'providers/cognito/utils/(userContextData|textEncoder|retryOnResourceNotFoundException|setActiveSignInUsername)',
  'providers/cognito/utils/oauth/(handleOAuthSignOut|oAuthSignOutRedirect|completeOAuthSignOut|getRedirectUrl)',
  'providers/cognito/types/errors',
  'client/flows',
  'client/utils/(passkey|store/(signInStore|autoSignInStore))',
  'utils/openAuthSession',
  'foundation/convert/base64url',
  'foundation/factories/serviceClients/cognitoIdentityProvider/create(SignUp|ForgotPassword|ConfirmForgotPassword|InitiateAuth|RespondToAuthChallenge|AssociateSoftwareToken|ConfirmDevice|RevokeToken|GlobalSignOut)Client',
];
const PASSWORD_FLOWS = new RegExp(
  `/@aws-amplify/auth/dist/esm/(${PASSWORD_FLOW_MODULES.join('|')})`.replaceAll('/', '[\\\\/]'),
);

const slashes = (id: string) => id.replaceAll('\\', '/');

/**
 * The modules of the shared signed-in chunk: what the shell's route modules import (statically, all the
 * way down) and what the first pages all import, less what the entry already has (the landing page's
 * code). A module only some pages import (a page's own API, the wizard's word lists, the story's layout,
 * validation, a dialog) stays with those pages, so home does not download the story page's code nor the
 * story page the wizard's. The plugin reads the module graph once the build has it, before the chunks are
 * made; `test` is the chunk group's test.
 */
export function signedInChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let modules: ReadonlySet<string> | undefined;
  const plugin: Plugin = {
    name: 'story-magic:signed-in-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const find = (path: string) => {
        const id = ids.find((candidate) => slashes(candidate).endsWith(`/${path}`));
        if (!id) throw new Error(`signed-in chunk: ${path} is not in the build: is it still a route of App.tsx?`);
        return id;
      };
      /** The modules `starts` import, and theirs, following static imports only. */
      const imported = (starts: readonly string[]) => {
        const seen = new Set<string>();
        const queue = [...starts];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const [first, ...others] = FIRST_PAGES.map((page) => imported([find(page)]));
      const shared = [...(first ?? [])].filter((id) => others.every((page) => page.has(id)));
      const entry = imported(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      modules = new Set([...imported(SHELL_ROUTES.map(find)), ...shared].filter((id) => !entry.has(id)));
    },
  };
  const test = (id: string) => {
    if (!modules) throw new Error('signed-in chunk: the module graph was not read (is the plugin in the config?)');
    if (!modules.has(id)) return false;
    if (id.startsWith('\0')) return false; // the bundler's own helpers go where it puts them
    if (!/[\\/]node_modules[\\/]/.test(id)) return true;
    return SHELL_LIBRARIES.test(id) && !PASSWORD_FLOWS.test(id);
  };
  return { plugin, test };
}
