import type {
  FeaturedStoryView,
  LibraryCardView,
  QueueView,
  StoryProgressView,
  StoryStatusView,
  StoryView,
  WritingProgressView,
} from '#common/api/views.js';
import { THEMES } from '#common/story-choices.js';
import type { StoryItem, StoryStatusItem } from '../../data/entities/story.js';
import type { ImageJobItem, StoryImageItem } from '../../data/entities/story-image.js';
import type { CapacityGate } from '../../data/capacity/gate.js';
import type { QueueTicket } from '../../data/entities/capacity-lane.js';
import { coverThumbnailOf, thumbnailUrlOf } from '../../adapters/media.js';
import type { FeaturedRepository } from '../../data/repositories/featured.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { StoryCardItem } from '../../data/repositories/story-cards.js';
import { childKeyOf, isFamilyStory, mayEdit, type Actor, type Reader } from './access.js';

/** How a story reads to the SPA: SPEC §3 fields in camelCase, one mapping per view. */

const themeOf = (story: Pick<StoryItem, 'theme_id'>) => {
  const theme = THEMES[story.theme_id];
  return theme ? { id: story.theme_id, ...theme } : null;
};

/** A picture as the SPA (and the data download) shows it. */
export const toImageView = (image: StoryImageItem) => ({
  id: image.id,
  imageType: image.image_type,
  imageUrl: image.image_url,
  thumbnailUrl: thumbnailUrlOf(image),
  width: image.width ?? null,
  height: image.height ?? null,
  variants: (image.variants ?? []).map(({ url, width, height, content_type }) => ({
    url,
    width,
    height,
    type: content_type,
  })),
  createdAt: image.created_at,
  ...(image.not_drawn?.length ? { notDrawn: image.not_drawn } : {}),
});

/** The story as the SPA reads it, with its images oldest first (picture jobs only for those who may edit). */
export function toStoryView(
  story: StoryItem,
  images: StoryImageItem[],
  authorName: string | null,
  actor: Reader,
  jobs: ImageJobItem[] = [],
  inLibrary = false,
  places: Places = NO_PLACES,
): StoryView {
  return {
    ...progressOf(story, places.story),
    title: story.title,
    content: story.content,
    excerpt: story.excerpt,
    heroName: story.hero_name,
    characterType: story.character_type,
    storyType: story.story_type,
    mission: story.mission,
    theme: themeOf(story),
    storyUniverse: story.story_universe ?? null,
    ageRange: story.age_range,
    artStyle: story.art_style,
    generationMode: story.generation_mode,
    coverImageUrl: story.cover_image_url ?? null,
    contentType: story.content_type,
    sourceVersion: story.source_version,
    isFeatured: story.is_featured,
    isPublic: story.is_public,
    linkOpen: story.link_open ?? false,
    approval: story.approval ?? null,
    // The family's own story (any child's): theirs to edit, share and remove.
    isCreator: isFamilyStory(story, actor),
    inLibrary,
    authorName,
    templateVersion: story.template_version ?? null,
    createdAt: story.created_at,
    images: images.map(toImageView),
    imageJobs: mayEdit(story, actor)
      ? jobs.map((job) => ({
          id: job.job_id,
          imageType: job.image_type,
          status: job.status,
          replaces: job.replaces ?? null,
          error: job.error ?? null,
          queue: places.jobs.get(job.job_id) ?? null,
        }))
      : [],
  };
}

/** How far the story is made, as its full view and its status read both show it. */
const progressOf = (
  story: Pick<StoryItem, 'id' | 'status' | 'progress' | 'writing' | 'failure_reason'>,
  place: QueueView | undefined,
): StoryProgressView => ({
  id: story.id,
  status: story.status,
  progress: story.progress,
  writing: writingOf(story),
  queue: place ?? null,
  failureReason: story.failure_reason ?? null,
});

/** The writing counts, shown only while the story is being written. */
const writingOf = (story: Pick<StoryItem, 'status' | 'progress' | 'writing'>): WritingProgressView | null =>
  story.status === 'generating' && story.progress === 'writing' && story.writing
    ? {
        attempt: story.writing.attempt,
        paragraphs: story.writing.paragraphs,
        expectedParagraphs: story.writing.expected,
      }
    : null;

/** Where a story and its picture jobs stand in the lines for capacity (each absent when not waiting). */
export type Places = Readonly<{ story?: QueueView | undefined; jobs: ReadonlyMap<string, QueueView> }>;
const NO_PLACES: Places = { jobs: new Map() };

/** A story's status read: what its editors see of its picture jobs, as in the full view. */
export function toStoryStatusView(
  found: { story: StoryStatusItem; pictures: number; jobs: readonly Pick<ImageJobItem, 'status' | 'queue'>[] },
  actor: Reader,
  places: Readonly<{ story?: QueueView | undefined; firstPicture?: (QueueView & { jobId: string }) | undefined }> = {},
): StoryStatusView {
  const { story } = found;
  const editor = mayEdit(story, actor);
  const jobs = editor ? found.jobs : [];
  return {
    ...progressOf(story, places.story),
    approval: story.approval ?? null,
    pictures: {
      painted: found.pictures,
      pending: jobs.filter((job) => job.status === 'pending').length,
      failed: jobs.filter((job) => job.status === 'failed').length,
      queue: editor ? (places.firstPicture ?? null) : null,
    },
    updatedAt: story.updated_at,
  };
}

/**
 * How a creator signs a story for this reader (SPEC "Story Created by": the author name, else the display
 * name). The display name is the parent's own, shown only to the family and admins: anyone else (an open
 * link's visitor, another family reading a featured or public story) sees the author name the family chose,
 * or no name.
 */
export function signatureOf(
  names: { displayName: string; authorName: string } | undefined,
  story: Pick<StoryItem, 'created_by'>,
  reader: Reader,
): string | null {
  if (!names) return null;
  const ownName = reader?.role === 'admin' || isFamilyStory(story, reader) ? names.displayName : '';
  return names.authorName || ownName || null;
}

/**
 * A card of My Library: the cover's small variant when there is one. A story waiting for a grown-up's yes
 * shows the child nothing of itself (not even its title): only that it waits.
 */
export function toLibraryCard(story: StoryCardItem, savedAt: string, actor: Actor): LibraryCardView {
  const awaitingApproval = story.approval === 'waiting';
  const hidden = awaitingApproval && !actor.grownUp;
  return {
    id: story.id,
    status: story.status,
    title: hidden ? '' : story.title,
    preview: hidden ? '' : story.preview,
    heroName: hidden ? '' : story.hero_name,
    storyType: story.story_type,
    coverImageUrl: hidden ? null : coverThumbnailOf(story),
    theme: themeOf(story),
    isCreator: isFamilyStory(story, actor),
    awaitingApproval,
    savedAt,
  };
}

/** A card of home's featured grid. */
export const toFeaturedCard = (story: StoryCardItem, authorName: string | null): FeaturedStoryView => ({
  id: story.id,
  title: story.title,
  preview: story.preview,
  coverImageUrl: coverThumbnailOf(story),
  theme: themeOf(story),
  heroName: story.hero_name,
  authorName,
});

/**
 * The reads a story view needs beside the story: its author's name, whether the reader saved it, and where
 * it and its pictures stand in line for capacity.
 */
export function storyViews(
  deps: Readonly<{
    profiles: ProfileRepository;
    library: LibraryRepository;
    featured: FeaturedRepository;
    gate: Pick<CapacityGate, 'placeOf'>;
  }>,
) {
  /** The story's signature as this reader sees it (`signatureOf`). */
  async function authorNameOf(story: Pick<StoryItem, 'created_by'>, reader: Reader): Promise<string | null> {
    if (!story.created_by) return null;
    const author = await deps.profiles.get(story.created_by);
    return author
      ? signatureOf({ displayName: author.display_name, authorName: author.author_name }, story, reader)
      : null;
  }

  return {
    authorNameOf,

    /**
     * SPEC §2 Home "Featured Stories": every signed-in family sees the same cards, newest first. Featured
     * stories are readable by any signed-in family (see `mayRead`), so the cards show nothing more private
     * than the story page itself does (its signature as this reader sees it).
     */
    async featured(actor: Actor): Promise<FeaturedStoryView[]> {
      const stories = await deps.featured.list();
      const authors = await deps.profiles.namesOf(stories.flatMap((story) => story.created_by ?? []));
      return stories.map((story) =>
        toFeaturedCard(story, signatureOf(story.created_by ? authors.get(story.created_by) : undefined, story, actor)),
      );
    },

    /** The story as this reader sees it: its author's name and their Save state, read together. */
    async viewFor(
      found: { story: StoryItem; images: StoryImageItem[]; jobs: ImageJobItem[] },
      actor: Reader,
    ): Promise<StoryView> {
      const [authorName, inLibrary, places] = await Promise.all([
        authorNameOf(found.story, actor),
        actor ? deps.library.has(childKeyOf(actor), found.story.id) : false,
        placesOf(found.story, mayEdit(found.story, actor) ? found.jobs : []),
      ]);
      return toStoryView(found.story, found.images, authorName, actor, found.jobs, inLibrary, places);
    },

    /** How far the story is made (a poll), with its place in line and its first waiting picture's. */
    async statusFor(
      found: {
        story: StoryStatusItem;
        pictures: number;
        jobs: readonly Pick<ImageJobItem, 'job_id' | 'status' | 'queue'>[];
      },
      actor: Reader,
    ): Promise<StoryStatusView> {
      const waiting = mayEdit(found.story, actor)
        ? found.jobs.filter((job) => job.status === 'pending' && isWaiting(job.queue))
        : [];
      const first = waiting.sort((a, b) => (a.queue?.ticket ?? 0) - (b.queue?.ticket ?? 0))[0];
      const [story, firstPicture] = await Promise.all([
        found.story.status === 'generating' ? deps.gate.placeOf(found.story.queue) : undefined,
        first ? deps.gate.placeOf(first.queue) : undefined,
      ]);
      return toStoryStatusView(found, actor, {
        story,
        firstPicture: first && firstPicture ? { ...firstPicture, jobId: first.job_id } : undefined,
      });
    },
  };

  async function placesOf(story: StoryItem, jobs: readonly ImageJobItem[]): Promise<Places> {
    const waiting = jobs.filter((job) => job.status === 'pending' && isWaiting(job.queue));
    const [storyPlace, ...jobPlaces] = await Promise.all([
      story.status === 'generating' ? deps.gate.placeOf(story.queue) : undefined,
      ...waiting.map((job) => deps.gate.placeOf(job.queue)),
    ]);
    const placed = waiting.flatMap((job, i) => {
      const place = jobPlaces[i];
      return place ? [[job.job_id, place] as const] : [];
    });
    return { story: storyPlace, jobs: new Map(placed) };
  }
}

/** A ticket still in line: taken, neither started nor left. */
const isWaiting = (ticket: QueueTicket | undefined) =>
  ticket !== undefined && ticket.admitted_at === undefined && ticket.left_at === undefined;

export type StoryViews = ReturnType<typeof storyViews>;
