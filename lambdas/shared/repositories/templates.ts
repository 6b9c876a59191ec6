import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { PromptTemplate } from '../../workflow/providers/types.js';
import { DEFAULT_TEMPLATES } from '../default-templates.js';
import { keys, prefixes } from '../keys.js';

export type TemplateType = PromptTemplate['type'];
export const TEMPLATE_TYPES: readonly TemplateType[] = ['story_system', 'image_generation'];

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

  async function listType(type: TemplateType): Promise<TemplateItem[]> {
    const items: TemplateItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)',
          ExpressionAttributeValues: { ':pk': keys.templatePartition(type), ':v': prefixes.templateVersion },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...((page.Items ?? []) as TemplateItem[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  async function findVersion(id: string): Promise<TemplateItem | undefined> {
    for (const type of TEMPLATE_TYPES) {
      const found = (await listType(type)).find((item) => item.id === id);
      if (found) return found;
    }
    return undefined;
  }

  async function activeSk(type: TemplateType): Promise<string | undefined> {
    const pointer = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.activeTemplate(type), ConsistentRead: true }),
    );
    return pointer.Item?.active_sk as string | undefined;
  }

  return {
    seed,

    /** Every version of both types, newest first, each marked active or not (the LLM settings screen). */
    async listAll(): Promise<(TemplateItem & { is_active: boolean })[]> {
      const all: (TemplateItem & { is_active: boolean })[] = [];
      for (const type of TEMPLATE_TYPES) {
        if (!(await activeSk(type))) await seed(type);
        const [items, active] = await Promise.all([listType(type), activeSk(type)]);
        all.push(...items.map((item) => ({ ...item, is_active: item.sk === active })));
      }
      return all;
    },

    /**
     * Saves an edit as a new version (older ones stay readable). Editing the active version moves the
     * active pointer to the new one in the same transaction, so the next generation uses the edit.
     */
    async saveVersion(
      id: string,
      edit: { content: string; parameters: TemplateItem['parameters'] },
      now = new Date(),
    ): Promise<(TemplateItem & { is_active: boolean }) | undefined> {
      const base = await findVersion(id);
      if (!base) return undefined;
      const type = base.template_type;
      const versions = await listType(type);
      const createdAt = now.toISOString();
      const newId = randomUUID();
      const key = keys.templateVersion(type, createdAt, newId);
      const item: TemplateItem & Record<string, unknown> = {
        ...key,
        id: newId,
        name: base.name,
        version: Math.max(0, ...versions.map((v) => v.version)) + 1,
        template_type: type,
        content: edit.content,
        parameters: edit.parameters,
        created_at: createdAt,
        sk: key.SK,
      };
      const wasActive = (await activeSk(type)) === base.sk;
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(wasActive
              ? [
                  {
                    Update: {
                      TableName: tableName,
                      Key: keys.activeTemplate(type),
                      UpdateExpression: 'SET active_sk = :new, template_id = :id, updated_at = :now',
                      // Only if nobody activated another version meanwhile.
                      ConditionExpression: 'active_sk = :old',
                      ExpressionAttributeValues: { ':new': key.SK, ':id': newId, ':now': createdAt, ':old': base.sk },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return { ...item, is_active: wasActive };
    },

    /**
     * Makes one version the active one of its type. The pointer is a single item, so however many
     * activations race, exactly one version of a type is active afterwards.
     */
    async activate(id: string, now = new Date()): Promise<(TemplateItem & { is_active: boolean }) | undefined> {
      const item = await findVersion(id);
      if (!item) return undefined;
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.activeTemplate(item.template_type),
            active_sk: item.sk,
            template_id: item.id,
            updated_at: now.toISOString(),
          },
        }),
      );
      return { ...item, is_active: true };
    },

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
