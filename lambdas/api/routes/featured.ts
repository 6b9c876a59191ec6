import type { FeaturedStoryView } from '../../../common/api/views.js';
import { THEMES } from '../../../common/story-choices.js';
import { featuredRepository } from '../../shared/repositories/featured.js';
import { coverThumbnailOf } from '../../shared/media.js';
import { defineRoute } from './route.js';
import { signatureOf } from './stories.js';

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
      const featured = featuredRepository(deps.aws.documents, deps.config.tableName);
      const stories = await featured.list();
      const authors = await deps.profiles.namesOf(stories.flatMap((story) => story.created_by ?? []));
      const cards: FeaturedStoryView[] = stories.map((story) => {
        const theme = THEMES[story.theme_id];
        return {
          id: story.id,
          title: story.title,
          preview: story.preview,
          coverImageUrl: coverThumbnailOf(story),
          theme: theme ? { id: story.theme_id, ...theme } : null,
          heroName: story.hero_name,
          authorName: signatureOf(story.created_by ? authors.get(story.created_by) : undefined),
        };
      });
      return c.json({ stories: cards });
    },
  }),
];
