import type { StoryProvider } from '../types.js';
import { drawIllustration } from './illustrator.js';
import { writeStory } from './story-writer.js';

/**
 * The offline provider, the default with `npm start` and in tests: a real generator that writes a
 * different story for every choice of hero, kind, mission, style and band, and paints its pictures as SVG.
 * Both are pure and take a few milliseconds, so they run inside the workflow's task without I/O.
 */
export function createLocalProvider(): StoryProvider {
  return {
    name: 'local',
    writeStory: async (request) => writeStory(request),
    drawIllustration: async (request) => drawIllustration(request),
  };
}
