import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countersSchema, type Counter } from '../entities/counters.js';
import { parseItem } from '../entities/table.js';
import { keys } from '../keys.js';

/** The dashboard's counters, read in one strongly consistent GetItem (they are kept by the writes themselves). */
export function counterRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async read(): Promise<Record<Counter, number>> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.stats(), ConsistentRead: true }));
      const counters = parseItem(countersSchema, Item) ?? {};
      const count = (name: Counter) => Math.max(0, counters[name] ?? 0);
      return {
        profiles: count('profiles'),
        stories: count('stories'),
        featured: count('featured'),
        public: count('public'),
      };
    },
  };
}

export type CounterRepository = ReturnType<typeof counterRepository>;
