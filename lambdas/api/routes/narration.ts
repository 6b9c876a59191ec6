import * as z from 'zod';
import { InvalidInputError } from '../../use-cases/errors.js';
import { defineRoute, readerOf } from './route.js';

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
      return c.json(await deps.narration.part(c.req.param('id') ?? '', readerOf(c), part.data));
    },
  }),
];
