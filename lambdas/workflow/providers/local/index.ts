import type { StoryProvider } from '../types.js';

/**
 * The offline provider, the default with `npm start` and in tests: a real generator that writes a
 * different story for every choice of hero, kind, mission, style and band, and paints its pictures as SVG.
 * Both are pure and take a few milliseconds, so they run inside the workflow's task without I/O.
 * Loaded on first use (its own chunks of the bundle): a deployed workflow that Bedrock serves never
 * parses the storyteller on a cold start.
 */
export function createLocalProvider(): StoryProvider {
  return {
    name: 'local',
    writeStory: async (request) => (await import('./story-writer.js')).writeStory(request),
    drawIllustration: async (request) => (await import('./illustrator.js')).drawIllustration(request),
  };
}
