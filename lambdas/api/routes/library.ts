import { callerOf, defineRoute, showsMediaOf, withPictures } from './route.js';

/** My Library (SPEC §2). */
export const libraryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/library',
    access: 'user',
    async handle(c, deps) {
      const cards = await deps.libraryActions.list(callerOf(c));
      showsMediaOf(c, withPictures(cards));
      return c.json({ stories: cards, count: cards.length });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const created = await deps.libraryActions.save(c.req.param('storyId') ?? '', callerOf(c));
      return c.json({ saved: true, created });
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/library/:storyId',
    access: 'user',
    async handle(c, deps) {
      const storyId = c.req.param('storyId') ?? '';
      const { deleted } = await deps.libraryActions.remove(storyId, callerOf(c));
      return c.json({ removed: storyId, deleted });
    },
  }),
];
