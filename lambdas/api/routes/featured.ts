import { signatureOf, toFeaturedCard } from '../../shared/stories/views.js';
import { defineRoute } from './route.js';

export const featuredRoutes = [
  /**
   * SPEC §2 Home "Featured Stories": every signed-in family sees the same cards, newest first. Featured
   * stories are readable by any signed-in family (see `mayRead`), so the cards show nothing more private
   * than the story page itself does.
   */
  defineRoute({
    method: 'GET',
    path: '/featured',
    access: 'user',
    async handle(c, deps) {
      const stories = await deps.featured.list();
      const authors = await deps.profiles.namesOf(stories.flatMap((story) => story.created_by ?? []));
      const cards = stories.map((story) =>
        toFeaturedCard(story, signatureOf(story.created_by ? authors.get(story.created_by) : undefined)),
      );
      return c.json({ stories: cards });
    },
  }),
];
