import { childDataFileName } from '#common/validation/account-data.js';
import { once } from '../../runtime/lazy.js';
import { dataFile } from './me.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/** The child schemas check names with the safety lexicon: loaded by the first change, not every cold start. */
const familySchemas = once(() => import('#common/validation/family.js'));

/** The family's children (issue 36), all Grown-ups only; GET /api/me lists them. */
export const childRoutes = [
  /** "Add a child": a first name or nickname, an age band, a picture, and whether stories wait for a yes. */
  defineRoute({
    method: 'POST',
    path: '/children',
    access: 'grown-up',
    async handle(c, deps) {
      const child = await parseBody(c, (await familySchemas()).newChildSchema);
      return c.json(await deps.children.add(callerOf(c), child), 201);
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/children/:childId',
    access: 'grown-up',
    async handle(c, deps) {
      const update = await parseBody(c, (await familySchemas()).childUpdateSchema);
      return c.json(await deps.children.update(callerOf(c), c.req.param('childId') ?? '', update));
    },
  }),

  /** One child's part of "Download my data": their profile, their stories with pictures, their library. */
  defineRoute({
    method: 'GET',
    path: '/children/:childId/export',
    access: 'grown-up',
    async handle(c, deps) {
      const caller = callerOf(c);
      const profile = await deps.ownAccount.profile(caller);
      const now = new Date();
      const document = await deps.exportData(profile, caller.role, now, c.req.param('childId') ?? '');
      return dataFile(c, document, childDataFileName(now));
    },
  }),

  /** Removes a child and, at once, every story made for them and their library (see accounts/family.ts). */
  defineRoute({
    method: 'DELETE',
    path: '/children/:childId',
    access: 'grown-up',
    async handle(c, deps) {
      const childId = c.req.param('childId') ?? '';
      await deps.children.remove(callerOf(c), childId);
      return c.json({ removed: childId });
    },
  }),
];
