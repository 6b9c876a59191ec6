import { randomUUID } from 'node:crypto';
import { feedbackSchema } from '#common/validation/feedback.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

export const feedbackRoutes = [
  defineRoute({
    method: 'POST',
    path: '/feedback',
    access: 'grown-up',
    async handle(c, deps) {
      const feedback = await parseBody(c, feedbackSchema);
      const id = randomUUID();
      await deps.feedback.add({ id, user_id: callerOf(c).userId, created_at: new Date().toISOString(), ...feedback });
      return c.json({ id }, 201);
    },
  }),
];
