import type { StoryProvider } from '../lambdas/workflow/providers/types.js';
import { drawIllustration } from './illustrator.js';
import { writeStory } from './story-writer.js';

/**
 * The storyteller's only door: the offline story provider, the default with `npm start` and in tests. A real
 * generator that writes a different story for every choice of hero, kind, mission, style and band, and
 * paints its pictures as SVG. Both are pure and take a few milliseconds, so they run inside the workflow's
 * task without I/O. A picture that leaves out part of the family's wish says which things it left out. The workflow reaches it through lambdas/workflow/providers/local.ts, which loads it on
 * first use and leaves it out of a bundle built for Bedrock.
 */
export const localStoryteller: StoryProvider = {
  name: 'local',
  writeStory: async (request) => writeStory(request),
  async drawIllustration(request) {
    const { notDrawn, ...picture } = drawIllustration(request);
    if (!notDrawn) return picture;
    // The tagger loads with the first wish it has words of to tell, not with every picture.
    const { thingsAmong } = await import('./wish-things.js');
    const things = thingsAmong(notDrawn);
    return things.length ? { ...picture, notDrawn: things } : picture;
  },
};
