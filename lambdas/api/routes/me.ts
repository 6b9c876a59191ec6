import { callerOf, defineRoute } from './route.js';

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/me',
    access: 'user',
    handle(c) {
      const caller = callerOf(c);
      return c.json({ id: caller.userId, role: caller.role, isAdmin: caller.role === 'admin' });
    },
  }),
];
