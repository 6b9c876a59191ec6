import type { TemplateView } from '#common/api/admin-views.js';
import type { TemplateUpdate } from '#common/validation/admin.js';
import type { AdminAccountActions } from '../accounts/admin-actions.js';
import type { TemplateItem } from '../../data/entities/template.js';
import { TemplateNotFoundError } from '../errors.js';
import type { TemplateRepository } from '../../data/repositories/templates.js';
import type { Actor } from './access.js';

const toTemplateView = (item: TemplateItem & { is_active: boolean }): TemplateView => ({
  id: item.id,
  name: item.name,
  type: item.template_type,
  version: item.version,
  content: item.content,
  parameters: item.parameters,
  isActive: item.is_active,
  createdAt: item.created_at,
});

/**
 * The admin's AI prompt templates (SPEC §4): every version, an edit saved as a new version, one version
 * made active. Each change is logged as the acting admin.
 */
export function promptTemplateUseCases(
  deps: Readonly<{ templates: TemplateRepository; log: AdminAccountActions['log'] }>,
) {
  return {
    async list(): Promise<TemplateView[]> {
      return (await deps.templates.listAll()).map(toTemplateView);
    },

    /** The template's type, which decides which catalogue models (and token limits) an edit may name. */
    async typeOf(id: string): Promise<TemplateItem['template_type']> {
      const current = (await deps.templates.listAll()).find((item) => item.id === id);
      if (!current) throw new TemplateNotFoundError();
      return current.template_type;
    },

    async save(admin: Actor, id: string, edit: TemplateUpdate): Promise<TemplateView> {
      const saved = await deps.templates.saveVersion(id, edit);
      if (!saved) throw new TemplateNotFoundError();
      await deps.log(admin, {
        action: 'update_template',
        target_type: 'template',
        target_id: saved.id,
        details: { from: id, version: saved.version, active: saved.is_active },
      });
      return toTemplateView(saved);
    },

    async activate(admin: Actor, id: string): Promise<TemplateView> {
      const active = await deps.templates.activate(id);
      if (!active) throw new TemplateNotFoundError();
      await deps.log(admin, {
        action: 'activate_template',
        target_type: 'template',
        target_id: active.id,
        details: { version: active.version },
      });
      return toTemplateView(active);
    },
  };
}

export type PromptTemplateUseCases = ReturnType<typeof promptTemplateUseCases>;
