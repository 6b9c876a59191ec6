import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminStatsView } from '../../../../common/api/admin-views.js';
import { keys } from '../../../shared/keys.js';
import { defineRoute } from '../route.js';

export const adminStatsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stats',
    access: 'admin',
    async handle(c, deps) {
      // One item kept by atomic ADDs wherever a profile or story comes, goes or changes flag (no scans).
      const { Item } = await deps.aws.documents.send(
        new GetCommand({ TableName: deps.config.tableName, Key: keys.stats(), ConsistentRead: true }),
      );
      const count = (name: string) => Math.max(0, Number(Item?.[name] ?? 0));
      const stats: AdminStatsView = {
        profiles: count('profiles'),
        stories: count('stories'),
        featuredStories: count('featured'),
        publicStories: count('public'),
      };
      return c.json(stats);
    },
  }),
];
