import { defineRoute } from '../route.js';

export const adminStatsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stats',
    access: 'admin',
    async handle(c, deps) {
      return c.json(await deps.adminAccounts.stats());
    },
  }),
];
