import { templateUpdateSchemaFor } from '#common/validation/admin.js';
import { parseBody } from '../../validation.js';
import { callerOf, defineRoute } from '../route.js';

export const adminTemplateRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/templates',
    access: 'admin',
    async handle(c, deps) {
      return c.json({ templates: await deps.promptTemplates.list() });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/admin/templates/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      // The template's type decides which catalogue models (and token limits) an edit may name.
      const edit = await parseBody(c, templateUpdateSchemaFor(await deps.promptTemplates.typeOf(id)));
      return c.json(await deps.promptTemplates.save(callerOf(c), id, edit));
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/templates/:id/activate',
    access: 'admin',
    async handle(c, deps) {
      return c.json(await deps.promptTemplates.activate(callerOf(c), c.req.param('id') ?? ''));
    },
  }),
];
