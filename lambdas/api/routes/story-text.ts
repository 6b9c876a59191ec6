import { GetObjectCommand } from '@aws-sdk/client-s3';
import { sanitiseStoryEdit } from '../../../common/sanitiser.js';
import { exportFileName } from '../../../common/story-layout.js';
import { storyEditSchema } from '../../../common/validation/story-edit.js';
import { buildStoryExportHtml, type ExportImage } from '../../shared/export-html.js';
import type { StoryImageItem } from '../../shared/entities/story-image.js';
import type { ApiDeps } from '../deps.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';
import { authorNameOf, mayEdit, mayRead, STORY_NOT_FOUND, storyViewFor } from './stories.js';

/** Reads a picture from the media bucket as a data: URI, so the export file stands alone. */
async function asDataUri(deps: ApiDeps, image: StoryImageItem): Promise<ExportImage | undefined> {
  try {
    const object = await deps.aws.s3.send(
      new GetObjectCommand({ Bucket: deps.config.mediaBucket, Key: image.object_key }),
    );
    const bytes = await object.Body?.transformToByteArray();
    if (!bytes) return undefined;
    const type = object.ContentType ?? 'image/png';
    return { imageType: image.image_type, dataUri: `data:${type};base64,${Buffer.from(bytes).toString('base64')}` };
  } catch {
    return undefined; // a missing picture leaves a gap, not a failed download
  }
}

export const storyTextRoutes = [
  defineRoute({
    method: 'PATCH',
    path: '/stories/:id',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const found = await deps.stories.getWithImages(c.req.param('id') ?? '');
      if (!found || !mayEdit(found.story, caller)) throw STORY_NOT_FOUND;
      const edit = await parseBody(c, storyEditSchema);
      // SPEC §5: the sanitiser runs on every save, on the server, whatever the client did.
      const clean = sanitiseStoryEdit({
        title: edit.title ?? found.story.title,
        heroName: edit.heroName ?? found.story.hero_name,
        content: edit.content ?? found.story.content,
      });
      await deps.stories.updateText(found.story.id, clean);
      const story = { ...found.story, title: clean.title, hero_name: clean.heroName, content: clean.content };
      return c.json({
        story: await storyViewFor(deps, { ...found, story }, caller),
        filtered: clean.filtered,
      });
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id/export',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const found = await deps.stories.getWithImages(c.req.param('id') ?? '');
      if (!found || !mayRead(found.story, caller) || found.story.status !== 'ready') throw STORY_NOT_FOUND;
      const { story } = found;
      const images = (await Promise.all(found.images.map((image) => asDataUri(deps, image)))).filter(
        (image): image is ExportImage => image !== undefined,
      );
      const html = buildStoryExportHtml({
        title: story.title,
        heroName: story.hero_name,
        authorName: (await authorNameOf(deps, story)) ?? '',
        content: story.content,
        images,
        createdAt: story.created_at,
      });
      return c.json({ html, title: story.title, fileName: exportFileName(story.title) });
    },
  }),
];
