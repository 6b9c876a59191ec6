import * as z from 'zod';
import { InvalidInputError } from '../../use-cases/errors.js';
import { defineRoute, readerOf, showsMediaOf } from './route.js';

const partSchema = z.coerce.number().int().min(0).max(999);

/**
 * "Read to me": a part of a story's narration, for anyone who may read the story, a visitor reading an open
 * share link included (others learn nothing).
 */
export const narrationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/stories/:id/narration/:part',
    access: 'reader',
    async handle(c, deps) {
      const part = partSchema.safeParse(c.req.param('part'));
      if (!part.success) throw new InvalidInputError('Unknown part of the story', 'part');
      const storyId = c.req.param('id') ?? '';
      const shown = await deps.narration.part(storyId, readerOf(c), part.data);
      // The part was read for this reader from that story's folder: its sound is the story's media.
      showsMediaOf(c, [storyId]);
      return c.json(shown);
    },
  }),
];
