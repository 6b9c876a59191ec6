import type { AccountDataExport } from '#common/api/views.js';
import type { Role } from '#common/roles.js';
import type { LibraryRepository } from '../repositories/library.js';
import { toProfile, type ProfileItem } from '../entities/profile.js';
import type { StoryItem } from '../entities/story.js';
import type { StoryImageItem } from '../entities/story-image.js';
import type { StoryRepository } from '../repositories/stories.js';
import { toImageView } from '../stories/views.js';

export const ACCOUNT_EXPORT_ABOUT =
  "Everything Story Magic keeps about your family's account: your profile, every story you created " +
  '(its full text and the addresses of its pictures), your library (which stories you saved, and when) and ' +
  'a list of all your pictures. Picture addresses start with /media/: put the address of the Story Magic ' +
  'site in front of one to open that picture. Stories you saved from others are listed by title only.';

/** How many stories are read at once (each is one Query on its partition). */
const READ_BATCH = 10;

type ExportedStory = AccountDataExport['stories'][number];

const toExportedStory = (story: StoryItem, images: StoryImageItem[]): ExportedStory => ({
  id: story.id,
  status: story.status,
  title: story.title,
  heroName: story.hero_name,
  content: story.content,
  excerpt: story.excerpt,
  characterType: story.character_type,
  storyType: story.story_type,
  mission: story.mission,
  customDescriptions: story.custom_descriptions ?? null,
  writingStyle: story.writing_style,
  artStyle: story.art_style,
  generationMode: story.generation_mode,
  ageRange: story.age_range,
  isPublic: story.is_public,
  isFeatured: story.is_featured,
  createdAt: story.created_at,
  updatedAt: story.updated_at,
  coverImageUrl: story.cover_image_url ?? null,
  images: images.map(toImageView),
});

/**
 * The family's own data as one document (GET /api/me/export), read only by the account's id, so it can
 * hold nothing of another family: their stories (index `creator`), each with its pictures, and their
 * library. Internal fields (keys, seeds, object keys, token revocation times) are left out, and so are
 * the operator's notes about the account. `role` is the token's (Cognito groups are the source of truth).
 */
export async function exportAccountData(
  deps: Readonly<{ stories: StoryRepository; library: LibraryRepository }>,
  profile: ProfileItem,
  role: Role,
  now = new Date(),
): Promise<AccountDataExport> {
  const userId = profile.id;
  const { stories } = deps;
  const ids = await stories.idsCreatedBy(userId);
  const created: ExportedStory[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const found = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => stories.getWithImages(id)));
    for (const item of found) {
      // Deleted between the index read and this one, or (never expected) not theirs: left out.
      if (item && item.story.created_by === userId) created.push(toExportedStory(item.story, item.images));
    }
  }
  const saved = await deps.library.list(userId);
  const { id, email, displayName, authorName, ageBand, createdAt, lastLogin, libraryCount } = toProfile(profile);

  return {
    about: ACCOUNT_EXPORT_ABOUT,
    exportedAt: now.toISOString(),
    profile: { id, email, displayName, authorName, ageBand, role, createdAt, lastLogin, libraryCount },
    stories: created,
    library: saved.map(({ entry, story }) => ({
      storyId: entry.story_id,
      title: story?.title ?? null,
      savedAt: entry.saved_at,
      createdByYou: story?.created_by === userId,
    })),
    pictures: created.flatMap((story) =>
      story.images.map((image) => ({
        storyId: story.id,
        imageType: image.imageType,
        imageUrl: image.imageUrl,
        thumbnailUrl: image.thumbnailUrl,
      })),
    ),
  };
}
