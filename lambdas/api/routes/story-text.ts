import { storyEditSchema } from '#common/validation/story-edit.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute, showsMediaOf, withPictures } from './route.js';

export const storyTextRoutes = [
  defineRoute({
    method: 'PATCH',
    path: '/stories/:id',
    access: 'user',
    async handle(c, deps) {
      const saved = await deps.storyText.edit(c.req.param('id') ?? '', callerOf(c), () =>
        parseBody(c, storyEditSchema),
      );
      showsMediaOf(c, withPictures([saved.story]));
      return c.json(saved);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id/export',
    access: 'user',
    async handle(c, deps) {
      return c.json(await deps.storyText.export(c.req.param('id') ?? '', callerOf(c)));
    },
  }),
];
