import { approvalSchema } from '#common/validation/approval.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/** Approval before reading (issue 36): saying yes to a child's story is Grown-ups only. */
export const approvalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/approvals',
    access: 'grown-up',
    async handle(c, deps) {
      return c.json({ stories: await deps.approval.waiting(callerOf(c)) });
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/stories/:id/approval',
    access: 'grown-up',
    async handle(c, deps) {
      const { decision } = await parseBody(c, approvalSchema);
      return c.json(await deps.approval.decide(c.req.param('id') ?? '', callerOf(c), decision));
    },
  }),
];
