import type { AccountDataExport } from '#common/api/views.js';
import { MEDIA_GRANT_SECONDS } from '#common/media-grant.js';
import type { Role } from '#common/roles.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { FamilyRepository } from '../../data/repositories/family.js';
import { toChildView } from '../../data/entities/child.js';
import { toProfile, type ProfileItem } from '../../data/entities/profile.js';
import { storyChildOf, type StoryItem } from '../../data/entities/story.js';
import { ChildNotFoundError } from '../errors.js';
import type { StoryImageItem } from '../../data/entities/story-image.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import { toImageView } from '../stories/views.js';

export const ACCOUNT_EXPORT_ABOUT =
  "Everything Story Magic keeps about your family's account: your profile, your children's profiles, every " +
  "story made for them (its full text and the addresses of its pictures), each child's library (which " +
  'stories they saved, and when) and a list of all the pictures. Picture addresses start with /media/: put ' +
  'the address of the Story Magic site in front of one to open that picture in the browser you downloaded ' +
  `this file with, within ${MEDIA_GRANT_SECONDS / 60} minutes, or after opening its story there (pictures are private to those who ` +
  'may read the story). Stories saved from others are listed by title only.';

/** How many stories are read at once (each is one Query on its partition). */
const READ_BATCH = 10;

type ExportedStory = AccountDataExport['stories'][number];

const toExportedStory = (story: StoryItem, images: StoryImageItem[], childId: string): ExportedStory => ({
  id: story.id,
  childId,
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
 * hold nothing of another family: the parent's profile, the children, their stories (index `creator`), each
 * with its pictures, and each child's library; or one child's part alone (GET /api/children/{id}/export).
 * Internal fields (keys, seeds, object keys, token revocation times, the PIN's hash) are left out, and so
 * are the operator's notes about the account. `role` is the token's (Cognito groups are the source of truth).
 */
export async function exportAccountData(
  deps: Readonly<{ stories: StoryRepository; library: LibraryRepository; family: FamilyRepository }>,
  profile: ProfileItem,
  role: Role,
  now = new Date(),
  onlyChild?: string,
): Promise<AccountDataExport> {
  const userId = profile.id;
  const { stories } = deps;
  const children = (await deps.family.children(profile)).filter(
    (child) => onlyChild === undefined || child.key.childId === onlyChild,
  );
  if (onlyChild !== undefined && children.length === 0) throw new ChildNotFoundError();
  const childIds = new Set(children.map((child) => child.key.childId));
  const ids = await stories.idsCreatedBy(userId);
  const created: ExportedStory[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const found = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => stories.getWithImages(id)));
    for (const item of found) {
      // Deleted between the index read and this one, or (never expected) not theirs: left out.
      if (!item || item.story.created_by !== userId) continue;
      const childId = storyChildOf(item.story)?.childId ?? userId;
      if (childIds.has(childId)) created.push(toExportedStory(item.story, item.images, childId));
    }
  }
  const libraries = await Promise.all(
    children.map(async (child) => ({ child, saved: await deps.library.list(child.key) })),
  );
  const { id, email, displayName, authorName, ageBand, createdAt, lastLogin, libraryCount } = toProfile(profile);

  return {
    about: ACCOUNT_EXPORT_ABOUT,
    exportedAt: now.toISOString(),
    profile: { id, email, displayName, authorName, ageBand, role, createdAt, lastLogin, libraryCount },
    guardianConfirmedAt: profile.guardian_confirmed_at ?? null,
    dataPolicyVersion: profile.data_policy_version ?? null,
    children: children.map(toChildView),
    stories: created,
    library: libraries.flatMap(({ child, saved }) =>
      saved.map(({ entry, story }) => ({
        childId: child.key.childId,
        storyId: entry.story_id,
        title: story?.title ?? null,
        savedAt: entry.saved_at,
        createdByYou: story?.created_by === userId,
      })),
    ),
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
