import type { AdminStatsView } from '#common/api/admin-views.js';
import { defineRoute } from '../route.js';

export const adminStatsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stats',
    access: 'admin',
    async handle(c, deps) {
      const counters = await deps.counters.read();
      const stats: AdminStatsView = {
        profiles: counters.profiles,
        stories: counters.stories,
        featuredStories: counters.featured,
        publicStories: counters.public,
      };
      return c.json(stats);
    },
  }),
];
