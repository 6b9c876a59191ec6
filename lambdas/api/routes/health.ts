import { defineRoute } from './route.js';

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    async handle(c, deps) {
      const dependencies = await deps.health();
      const allUp = Object.values(dependencies).every((d) => d.status === 'up');
      // Error details help an operator; they name a dependency, never a secret.
      return c.json({ status: allUp ? 'ok' : 'degraded', dependencies }, allUp ? 200 : 503);
    },
  }),
];
