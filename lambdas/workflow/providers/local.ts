import type { StoryProvider } from './types.js';

/**
 * The storyteller package, loaded on first use: a workflow Bedrock serves never parses it on a cold start.
 * `process.env.STORY_MAGIC_BUNDLED_PROVIDER` is the provider the bundler was told this function serves
 * (lib/constructs/lambda-bundling.ts replaces the expression with a constant in every Lambda bundle; run
 * unbundled, under tsx and the tests, it is undefined and the storyteller is there). The expression and the
 * import sit inside the branch on purpose: built for Bedrock the condition is a constant false, and esbuild
 * leaves the branch, and so the whole package, out of the bundle.
 */
async function loadStoryteller(): Promise<StoryProvider> {
  if (process.env.STORY_MAGIC_BUNDLED_PROVIDER !== 'bedrock') return (await import('#storyteller')).localStoryteller;
  throw new Error(
    'This workflow was bundled for Bedrock (storyProvider=bedrock): the local storyteller is not in it. Deploy with -c storyProvider=local to use it.',
  );
}

/** The offline provider (`STORY_PROVIDER=local`, the default with `npm start` and in tests). */
export function createLocalProvider(): StoryProvider {
  return {
    name: 'local',
    writeStory: async (request) => (await loadStoryteller()).writeStory(request),
    drawIllustration: async (request) => (await loadStoryteller()).drawIllustration(request),
  };
}
