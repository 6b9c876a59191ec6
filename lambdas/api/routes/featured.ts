import { callerOf, defineRoute, showsMediaOf, withPictures } from './route.js';

export const featuredRoutes = [
  /** SPEC §2 Home "Featured Stories" (lambdas/use-cases/stories/views.ts). */
  defineRoute({
    method: 'GET',
    path: '/featured',
    access: 'user',
    async handle(c, deps) {
      const cards = await deps.views.featured(callerOf(c));
      showsMediaOf(c, withPictures(cards));
      return c.json({ stories: cards });
    },
  }),
];
