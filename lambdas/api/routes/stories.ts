import {
  generateStoryRequestSchema,
  INCOMPLETE_STORY,
  isCompleteStoryRequest,
} from '#common/validation/story-request.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

export const storyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stories',
    access: 'user',
    async handle(c, deps) {
      const raw: unknown = await c.req.json().catch(() => undefined);
      if (!isCompleteStoryRequest(raw)) throw new ApiError(400, 'INCOMPLETE_STORY', INCOMPLETE_STORY.message);
      // parseBody re-reads the cached body and applies the full schema (strict: unknown fields refused).
      const request = await parseBody(c, generateStoryRequestSchema);
      return c.json(await deps.createStory(callerOf(c), request), 202);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const found = await deps.access.readable(c.req.param('id') ?? '', caller);
      return c.json(await deps.views.viewFor(found, caller));
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id/status',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      return c.json(await deps.views.statusFor(await deps.access.readableStatus(c.req.param('id') ?? '', caller), caller));
    },
  }),
];
