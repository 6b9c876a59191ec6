import type { StoryView } from '#common/api/views.js';
import { sanitiseStoryEdit } from '#common/sanitiser.js';
import { DESCRIPTION_MESSAGES, editedHeroNameProblem } from '#common/story-validation.js';
import { NAME_MESSAGES } from '#common/validation/hero-name.js';
import type { MeaningCheck } from '../../adapters/meaning-check.js';
import { exportFileName } from '#common/story-layout.js';
import { buildStoryExportHtml, type ExportImage } from './export-html.js';
import type { MediaStore } from '../../adapters/media.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import { InvalidInputError, StoryNotFoundError } from '../errors.js';
import type { Actor, StoryAccess } from './access.js';
import type { StoryViews } from './views.js';

export type StoryTextDeps = Readonly<{
  access: StoryAccess;
  stories: StoryRepository;
  views: StoryViews;
  media: MediaStore;
  meaning: MeaningCheck;
}>;

/** The creator's edit of a story's text (SPEC §5), and the printable download (SPEC §2). */
export function storyTextUseCases(deps: StoryTextDeps) {
  return {
    /**
     * Saves an edit of the title, hero name or text. SPEC §5: the sanitiser runs on every save, on the
     * server, whatever the client did; `filtered` counts the words it starred. A hero name is a name, not
     * prose: an unkind one or one with markup is refused (400) rather than starred into the story.
     */
    async edit(
      storyId: string,
      actor: Actor,
      edit: () => Promise<{ title?: string | undefined; heroName?: string | undefined; content?: string | undefined }>,
    ): Promise<{ story: StoryView; filtered: number }> {
      const found = await deps.access.editable(storyId, actor);
      const asked = await edit();
      const nameProblem = asked.heroName === undefined ? undefined : editedHeroNameProblem(asked.heroName);
      if (nameProblem) throw new InvalidInputError(nameProblem, 'heroName');
      // The guardrail's reading of what was typed (on AWS with Bedrock): a name it stops is refused, as is a
      // text it stops (the sanitiser stars words; the guardrail reads meaning, which starring cannot fix).
      const typed = [asked.heroName ?? '', asked.title ?? '', asked.content ?? ''];
      const [nameAllowed, ...textAllowed] = await deps.meaning.allows(typed);
      if (!nameAllowed) throw new InvalidInputError(NAME_MESSAGES.unkind, 'heroName');
      if (textAllowed.some((allowed) => !allowed)) {
        throw new InvalidInputError(DESCRIPTION_MESSAGES.notKidFriendly, asked.content ? 'content' : 'title');
      }
      const clean = sanitiseStoryEdit({
        title: asked.title ?? found.story.title,
        heroName: asked.heroName ?? found.story.hero_name,
        content: asked.content ?? found.story.content,
      });
      await deps.stories.updateText(found.story.id, clean);
      const story = { ...found.story, title: clean.title, hero_name: clean.heroName, content: clean.content };
      return { story: await deps.views.viewFor({ ...found, story }, actor), filtered: clean.filtered };
    },

    /** The ready story as one standalone HTML file, its pictures inlined (a missing one leaves a gap). */
    async export(storyId: string, actor: Actor): Promise<{ html: string; title: string; fileName: string }> {
      const found = await deps.access.readable(storyId, actor);
      if (found.story.status !== 'ready') throw new StoryNotFoundError(storyId);
      const { story } = found;
      const images: ExportImage[] = [];
      const read = await Promise.all(found.images.map((image) => deps.media.readAsDataUri(image)));
      found.images.forEach((image, i) => {
        const data = read[i];
        if (data) images.push({ imageType: image.image_type, dataUri: data.dataUri });
      });
      const html = buildStoryExportHtml({
        title: story.title,
        heroName: story.hero_name,
        authorName: (await deps.views.authorNameOf(story, actor)) ?? '',
        content: story.content,
        images,
        createdAt: story.created_at,
      });
      return { html, title: story.title, fileName: exportFileName(story.title) };
    },
  };
}

export type StoryTextUseCases = ReturnType<typeof storyTextUseCases>;
