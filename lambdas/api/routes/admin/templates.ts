import type { TemplateView } from '#common/api/admin-views.js';
import { templateUpdateSchemaFor } from '#common/validation/admin.js';
import type { TemplateItem } from '../../../shared/entities/template.js';
import { TemplateNotFoundError } from '../../../shared/errors.js';
import { parseBody } from '../../validation.js';
import { defineRoute } from '../route.js';
import { logActivity } from './admin-deps.js';

const toView = (item: TemplateItem & { is_active: boolean }): TemplateView => ({
  id: item.id,
  name: item.name,
  type: item.template_type,
  version: item.version,
  content: item.content,
  parameters: item.parameters,
  isActive: item.is_active,
  createdAt: item.created_at,
});

export const adminTemplateRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/templates',
    access: 'admin',
    async handle(c, deps) {
      const all = await deps.templates.listAll();
      return c.json({ templates: all.map(toView) });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/admin/templates/:id',
    access: 'admin',
    async handle(c, deps) {
      const id = c.req.param('id') ?? '';
      // The template's type decides which catalogue models (and token limits) an edit may name.
      const current = (await deps.templates.listAll()).find((item) => item.id === id);
      if (!current) throw new TemplateNotFoundError();
      const edit = await parseBody(c, templateUpdateSchemaFor(current.template_type));
      const saved = await deps.templates.saveVersion(id, edit);
      if (!saved) throw new TemplateNotFoundError();
      await logActivity(c, deps, {
        action: 'update_template',
        target_type: 'template',
        target_id: saved.id,
        details: { from: c.req.param('id'), version: saved.version, active: saved.is_active },
      });
      return c.json(toView(saved));
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/admin/templates/:id/activate',
    access: 'admin',
    async handle(c, deps) {
      const active = await deps.templates.activate(c.req.param('id') ?? '');
      if (!active) throw new TemplateNotFoundError();
      await logActivity(c, deps, {
        action: 'activate_template',
        target_type: 'template',
        target_id: active.id,
        details: { version: active.version },
      });
      return c.json(toView(active));
    },
  }),
];
