import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { PromptTemplate } from '../../workflow/providers/types.js';
import { DEFAULT_TEMPLATES } from '../default-templates.js';
import { keys } from '../keys.js';

export type TemplateType = PromptTemplate['type'];

/** A template version as stored (SPEC §3 prompt_templates). */
export type TemplateItem = {
  id: string;
  name: string;
  version: number;
  template_type: TemplateType;
  content: string;
  parameters: { model: string; temperature: number; max_tokens: number };
  created_at: string;
  sk: string;
};

const toTemplate = (item: TemplateItem): PromptTemplate => ({
  id: item.id,
  version: item.version,
  type: item.template_type,
  content: item.content,
  model: item.parameters.model,
  temperature: item.parameters.temperature,
  maxTokens: item.parameters.max_tokens,
});

export function templateRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function readActive(type: TemplateType): Promise<TemplateItem | undefined> {
    const pointer = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.activeTemplate(type), ConsistentRead: true }),
    );
    const sk = pointer.Item?.active_sk as string | undefined;
    if (!sk) return undefined;
    const version = await db.send(
      new GetCommand({ TableName: tableName, Key: { PK: keys.templatePartition(type), SK: sk } }),
    );
    return version.Item as TemplateItem | undefined;
  }

  /** Writes the default template as version 1 and makes it active, unless another writer already did. */
  async function seed(type: TemplateType, now = new Date()): Promise<void> {
    const defaults = DEFAULT_TEMPLATES[type];
    const createdAt = now.toISOString();
    const id = randomUUID();
    const key = keys.templateVersion(type, createdAt, id);
    const item: TemplateItem & Record<string, unknown> = {
      ...key,
      id,
      name: defaults.name,
      version: 1,
      template_type: type,
      content: defaults.content,
      parameters: { model: defaults.model, temperature: defaults.temperature, max_tokens: defaults.maxTokens },
      created_at: createdAt,
      sk: key.SK,
    };
    await db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item } },
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.activeTemplate(type), active_sk: key.SK, template_id: id, updated_at: createdAt },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      )
      .catch((error: unknown) => {
        // Someone seeded first: theirs is active, ours was never written (the transaction is all or nothing).
        if ((error as { name?: string }).name !== 'TransactionCanceledException') throw error;
      });
  }

  return {
    seed,
    /** The active template of a type; the defaults are seeded on first use, so there always is one. */
    async getActive(type: TemplateType): Promise<PromptTemplate> {
      let item = await readActive(type);
      if (!item) {
        await seed(type);
        item = await readActive(type);
      }
      if (!item) throw new Error(`No active ${type} template`);
      return toTemplate(item);
    },
  };
}

export type TemplateRepository = ReturnType<typeof templateRepository>;
