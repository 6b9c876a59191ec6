import type { StoryProvider } from '../lambdas/workflow/providers/types.js';
import { drawIllustration } from './illustrator.js';
import { writeStory } from './story-writer.js';

/**
 * The storyteller's only door: the offline story provider, the default with `npm start` and in tests. A real
 * generator that writes a different story for every choice of hero, kind, mission, style and band, and
 * paints its pictures as SVG. Both are pure and take a few milliseconds, so they run inside the workflow's
 * task without I/O. The workflow reaches it through lambdas/workflow/providers/local.ts, which loads it on
 * first use and leaves it out of a bundle built for Bedrock.
 */
export const localStoryteller: StoryProvider = {
  name: 'local',
  writeStory: async (request) => writeStory(request),
  drawIllustration: async (request) => drawIllustration(request),
};
