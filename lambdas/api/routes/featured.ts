import { defineRoute } from './route.js';

export const featuredRoutes = [
  /** SPEC §2 Home "Featured Stories" (lambdas/use-cases/stories/views.ts). */
  defineRoute({
    method: 'GET',
    path: '/featured',
    access: 'user',
    async handle(c, deps) {
      return c.json({ stories: await deps.views.featured() });
    },
  }),
];
