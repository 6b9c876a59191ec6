import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { feedbackSchema } from '../../../common/validation/feedback.js';
import { keys } from '../../shared/keys.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

export const feedbackRoutes = [
  defineRoute({
    method: 'POST',
    path: '/feedback',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const feedback = await parseBody(c, feedbackSchema);
      const createdAt = new Date().toISOString();
      const id = randomUUID();
      await deps.aws.documents.send(
        new PutCommand({
          TableName: deps.config.tableName,
          Item: { ...keys.feedback(createdAt, id), id, user_id: caller.userId, created_at: createdAt, ...feedback },
        }),
      );
      return c.json({ id }, 201);
    },
  }),
];
