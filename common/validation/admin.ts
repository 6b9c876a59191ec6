import * as z from 'zod';
import { findModel, modelsOfKind } from '../models/catalogue.js';
import { ROLES } from '../roles.js';
import { editedHeroNameSchema } from './hero-name.js';
import { STORY_FIELD_MAX, storyContentSchema, storyTitleSchema } from './story-edit.js';
import { ADMIN_MESSAGES } from './messages.js';

/** Request bodies of the admin API, checked by the server and the SPA's forms alike. */

export const userListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search must be 100 characters or less').optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** PATCH /api/admin/users/{id}: suspend or activate, and/or change the role. */
export const userUpdateSchema = z
  .strictObject({ suspended: z.boolean().optional(), role: z.enum(ROLES).optional() })
  .refine((u) => u.suspended !== undefined || u.role !== undefined, 'Nothing to update');
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const bulkUserActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.enum(['suspend', 'activate']),
    userIds: z.array(z.string().min(1).max(100)).min(1, 'Select at least one user').max(100),
  }),
  z.strictObject({
    action: z.literal('set-role'),
    role: z.enum(ROLES),
    userIds: z.array(z.string().min(1).max(100)).min(1, 'Select at least one user').max(100),
  }),
]);
export type BulkUserAction = z.infer<typeof bulkUserActionSchema>;

export const adminNoteSchema = z.strictObject({
  note: z.string().trim().min(1, ADMIN_MESSAGES.emptyNote).max(2000, ADMIN_MESSAGES.noteTooLong),
});

export const storyListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search must be 100 characters or less').optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The admin story editor's fields (SPEC §2: the title is not required; the sanitiser runs on save). */
export const adminStorySchema = z.strictObject({
  title: storyTitleSchema,
  heroName: editedHeroNameSchema,
  content: storyContentSchema,
  excerpt: z
    .string()
    .trim()
    .max(STORY_FIELD_MAX.excerpt, `Preview text must be ${STORY_FIELD_MAX.excerpt} characters or less`),
  storyUniverse: z.string().trim().max(60).optional(),
});
export type AdminStoryInput = z.infer<typeof adminStorySchema>;

export const storyFlagsSchema = z
  .strictObject({ isFeatured: z.boolean().optional(), isPublic: z.boolean().optional() })
  .refine((f) => f.isFeatured !== undefined || f.isPublic !== undefined, 'Nothing to update');

/** The editor's three slots (SPEC §3: cover, mid-scene, ending). */
export const ADMIN_IMAGE_SLOTS = ['cover', 'mid-scene', 'ending'] as const;
export const adminImageRequestSchema = z.strictObject({
  imageType: z.enum(ADMIN_IMAGE_SLOTS),
  customizations: z.string().trim().max(500, 'Customization must be 500 characters or less').optional(),
});

/** The model kind each prompt template drives. */
export const TEMPLATE_MODEL_KIND = { story_system: 'text', image_generation: 'image' } as const;
export type TemplateKind = keyof typeof TEMPLATE_MODEL_KIND;

/** A prompt template's text fields (the LLM settings screen's inputs say the same). */
export const TEMPLATE_FIELD_MAX = { content: 20_000, model: 200 } as const;

/**
 * SPEC §5: temperature 0 to 1 in steps of 0.1. The model must be one of the catalogue's models of the
 * template's kind, and max tokens at most what that model can answer (Nova Lite: 5,000).
 */
export function templateUpdateSchemaFor(type: TemplateKind) {
  const kind = TEMPLATE_MODEL_KIND[type];
  const choices = modelsOfKind(kind);
  return z
    .strictObject({
      content: z
        .string()
        .trim()
        .min(1, 'Template content is required')
        .max(TEMPLATE_FIELD_MAX.content, 'Template is too long'),
      parameters: z.strictObject({
        model: z
          .string()
          .trim()
          .min(1, 'Model is required')
          .max(TEMPLATE_FIELD_MAX.model)
          .refine(
            (id) => findModel(id)?.kind === kind,
            `Model must be one of: ${choices.map((model) => model.id).join(', ')}`,
          ),
        temperature: z
          .number()
          .min(0, 'Temperature must be between 0 and 1')
          .max(1, 'Temperature must be between 0 and 1')
          .refine((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, 'Temperature moves in steps of 0.1'),
        max_tokens: z
          .number()
          .int('Max tokens must be a whole number')
          .min(1, 'Max tokens must be at least 1')
          // A sanity bound for every model; the chosen model's own limit is checked below, by name.
          .max(32_000, 'Max tokens must be 32000 or less'),
      }),
    })
    .superRefine((edit, ctx) => {
      const model = findModel(edit.parameters.model);
      const limit = model?.maxOutputTokens;
      if (model && limit !== undefined && edit.parameters.max_tokens > limit) {
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', 'max_tokens'],
          message: `Max tokens must be ${limit} or less for ${model.label}`,
        });
      }
    });
}
export type TemplateUpdate = z.infer<ReturnType<typeof templateUpdateSchemaFor>>;
