import * as z from 'zod';
import { keys } from '../keys.js';

/**
 * An AI prompt template (SPEC §3 prompt_templates): every version is kept, `TEMPLATE#{type}` /
 * `V#{created_at}#{id}`, and one pointer item per type, `TEMPLATE#{type}` / `ACTIVE`, names the active one.
 */
export const TEMPLATE_TYPES = ['story_system', 'image_generation'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The active prompt template a generation uses (admin-editable; see the LLM settings screen). */
export type PromptTemplate = Readonly<{
  id: string;
  version: number;
  type: TemplateType;
  content: string;
  /** Bedrock model id (ignored by the local provider). */
  model: string;
  temperature: number;
  maxTokens: number;
}>;

/** A template version as stored. */
export const templateItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number(),
  template_type: z.enum(TEMPLATE_TYPES),
  content: z.string(),
  parameters: z.object({ model: z.string(), temperature: z.number(), max_tokens: z.number() }),
  created_at: z.string(),
  sk: z.string(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

/** The pointer to a type's active version. */
export const activePointerSchema = z.object({ active_sk: z.string() });

/** A new version as written: its key, with its sort key kept as `sk` (what the active pointer names). */
export function templateVersionRecord(version: Omit<TemplateItem, 'sk'>) {
  const key = keys.templateVersion(version.template_type, version.created_at, version.id);
  const item: TemplateItem = { ...version, sk: key.SK };
  return { key, item, record: { ...key, ...item } };
}

export const activePointerRecord = (type: TemplateType, version: Pick<TemplateItem, 'sk' | 'id'>, at: string) => ({
  ...keys.activeTemplate(type),
  active_sk: version.sk,
  template_id: version.id,
  updated_at: at,
});

export const toPromptTemplate = (item: TemplateItem): PromptTemplate => ({
  id: item.id,
  version: item.version,
  type: item.template_type,
  content: item.content,
  model: item.parameters.model,
  temperature: item.parameters.temperature,
  maxTokens: item.parameters.max_tokens,
});
