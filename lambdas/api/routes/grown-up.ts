import { GROWN_UP_HEADER } from '#common/family.js';
import { setPinSchema, unlockSchema } from '#common/validation/grown-up.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/**
 * "Grown-ups only" (issue 36): the parent's PIN or password buys a short grant for this device, which the
 * gated routes ask for (access `grown-up`); see lambdas/use-cases/accounts/grown-up-gate.ts.
 */
export const grownUpRoutes = [
  defineRoute({
    method: 'POST',
    path: '/grown-up/unlock',
    access: 'user',
    async handle(c, deps) {
      const request = await parseBody(c, unlockSchema);
      return c.json(await deps.grownUpGate.unlock(callerOf(c), request));
    },
  }),

  /** "Done": the grant this call carries ends now. */
  defineRoute({
    method: 'DELETE',
    path: '/grown-up',
    access: 'user',
    async handle(c, deps) {
      const token = c.req.header(GROWN_UP_HEADER);
      if (token) await deps.grownUpGate.lock(callerOf(c).userId, token);
      return c.json({ locked: true });
    },
  }),

  /** Sets or changes the four-digit PIN. */
  defineRoute({
    method: 'PUT',
    path: '/grown-up/pin',
    access: 'grown-up',
    async handle(c, deps) {
      const { pin } = await parseBody(c, setPinSchema);
      await deps.grownUpGate.setPin(callerOf(c), pin);
      return c.json({ hasPin: true });
    },
  }),
];
