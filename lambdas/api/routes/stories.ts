import {
  generateStoryRequestSchema,
  INCOMPLETE_STORY,
  isCompleteStoryRequest,
  withCurrentNames,
} from '#common/validation/story-request.js';
import { ApiError } from '../errors.js';
import { parseBody, validBody } from '../validation.js';
import { sharingSchema } from '#common/validation/sharing.js';
import { callerOf, defineRoute, readerOf, showsMediaOf, withPictures } from './route.js';

export const storyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stories',
    access: 'user',
    async handle(c, deps) {
      // Read once: first the SPEC's "Incomplete Story Magic" (a missing choice), then the full schema
      // (strict: unknown fields refused). Unreadable JSON is an incomplete story too.
      const body = withCurrentNames(await c.req.json().catch(() => undefined));
      if (!isCompleteStoryRequest(body)) throw new ApiError(400, 'INCOMPLETE_STORY', INCOMPLETE_STORY.message);
      const request = validBody(body, generateStoryRequestSchema);
      return c.json(await deps.createStory(callerOf(c), request), 202);
    },
  }),

  /** Read by whoever may read it: a visitor without an account too, while its share link is open. */
  defineRoute({
    method: 'GET',
    path: '/stories/:id',
    access: 'reader',
    async handle(c, deps) {
      const reader = readerOf(c);
      const found = await deps.access.readable(c.req.param('id') ?? '', reader);
      const view = await deps.views.viewFor(found, reader);
      showsMediaOf(c, withPictures([view]));
      return c.json(view);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id/status',
    access: 'reader',
    async handle(c, deps) {
      const reader = readerOf(c);
      return c.json(
        await deps.views.statusFor(await deps.access.readableStatus(c.req.param('id') ?? '', reader), reader),
      );
    },
  }),

  /** The family opens or closes the story's share link: "sharing beyond the family" is Grown-ups only. */
  defineRoute({
    method: 'PUT',
    path: '/stories/:id/sharing',
    access: 'grown-up',
    async handle(c, deps) {
      const { open } = await parseBody(c, sharingSchema);
      return c.json(await deps.sharing.setLinkOpen(c.req.param('id') ?? '', callerOf(c), open));
    },
  }),
];
