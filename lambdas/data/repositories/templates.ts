import { GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { DEFAULT_TEMPLATES } from '../default-templates.js';
import {
  activePointerRecord,
  activePointerSchema,
  TEMPLATE_TYPES,
  templateItemSchema,
  templateVersionRecord,
  toPromptTemplate,
  type PromptTemplate,
  type TemplateItem,
  type TemplateType,
} from '../entities/template.js';
import { isCancelled, parseItem, queryAll } from '../entities/table.js';
import { keys, prefixes } from '../keys.js';

export function templateRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function readActive(type: TemplateType): Promise<TemplateItem | undefined> {
    const pointer = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.activeTemplate(type), ConsistentRead: true }),
    );
    const sk = parseItem(activePointerSchema, pointer.Item)?.active_sk;
    if (!sk) return undefined;
    const version = await db.send(
      new GetCommand({ TableName: tableName, Key: { PK: keys.templatePartition(type), SK: sk } }),
    );
    return parseItem(templateItemSchema, version.Item);
  }

  /** Writes the default template as version 1 and makes it active, unless another writer already did. */
  async function seed(type: TemplateType, now = new Date()): Promise<void> {
    const defaults = DEFAULT_TEMPLATES[type];
    const createdAt = now.toISOString();
    const { item, record } = templateVersionRecord({
      id: randomUUID(),
      name: defaults.name,
      version: 1,
      template_type: type,
      content: defaults.content,
      parameters: { model: defaults.model, temperature: defaults.temperature, max_tokens: defaults.maxTokens },
      created_at: createdAt,
    });
    await db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: record } },
            {
              Put: {
                TableName: tableName,
                Item: activePointerRecord(type, item, createdAt),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      )
      .catch((error: unknown) => {
        // Someone seeded first: theirs is active, ours was never written (the transaction is all or nothing).
        if (!isCancelled(error)) throw error;
      });
  }

  async function listType(type: TemplateType): Promise<TemplateItem[]> {
    return queryAll(
      db,
      {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)',
        ExpressionAttributeValues: { ':pk': keys.templatePartition(type), ':v': prefixes.templateVersion },
        ScanIndexForward: false,
      },
      templateItemSchema,
    );
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
    return parseItem(activePointerSchema, pointer.Item)?.active_sk;
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
      const { key, item, record } = templateVersionRecord({
        id: randomUUID(),
        name: base.name,
        version: Math.max(0, ...versions.map((v) => v.version)) + 1,
        template_type: type,
        content: edit.content,
        parameters: edit.parameters,
        created_at: createdAt,
      });
      const wasActive = (await activeSk(type)) === base.sk;
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(wasActive
              ? [
                  {
                    Update: {
                      TableName: tableName,
                      Key: keys.activeTemplate(type),
                      UpdateExpression: 'SET active_sk = :new, template_id = :id, updated_at = :now',
                      // Only if nobody activated another version meanwhile.
                      ConditionExpression: 'active_sk = :old',
                      ExpressionAttributeValues: { ':new': key.SK, ':id': item.id, ':now': createdAt, ':old': base.sk },
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
          Item: activePointerRecord(item.template_type, item, now.toISOString()),
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
      return toPromptTemplate(item);
    },
  };
}

export type TemplateRepository = ReturnType<typeof templateRepository>;
