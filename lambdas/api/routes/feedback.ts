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
      return c.json({ id: await deps.ownAccount.sendFeedback(callerOf(c), feedback) }, 201);
    },
  }),
];
