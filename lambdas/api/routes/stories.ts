import { createHash, randomUUID } from 'node:crypto';
import type { StoryView } from '../../../common/api/views.js';
import type { AgeBand } from '../../../common/age-bands.js';
import { AGE_BAND_LABELS } from '../../../common/age-bands.js';
import {
  CHARACTER_TYPES,
  MISSION_MAPPING,
  MISSIONS,
  STORY_KINDS,
  THEMES,
  resolveSurprise,
  type CharacterType,
  type Mission,
  type StoryKind,
} from '../../../common/story-choices.js';
import { characterNameProblem, customDescriptionProblem, pickWritingStyle } from '../../../common/story-validation.js';
import {
  generateStoryRequestSchema,
  INCOMPLETE_STORY,
  isCompleteStoryRequest,
} from '../../../common/validation/story-request.js';
import { libraryRepository } from '../../shared/repositories/library.js';
import type { StoryItem } from '../../shared/entities/story.js';
import type { ImageJobItem, StoryImageItem } from '../../shared/entities/story-image.js';
import { LibraryFullError } from '../../shared/errors.js';
import { thumbnailUrlOf } from '../../shared/media.js';
import type { Caller } from '../auth/token-verifier.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { parseBody } from '../validation.js';
import { callerOf, defineRoute } from './route.js';

/** A repeated request (same family, same requestId) maps to the same story id: one story, not two. */
function storyIdFor(userId: string, requestId: string | undefined): string {
  if (!requestId) return randomUUID();
  const hex = createHash('sha256').update(`${userId}:${requestId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A per-story seed, so every picture of one story shares its hero's look. */
const seedFor = (storyId: string) => createHash('sha256').update(storyId).digest().readUInt32BE(0) % 4_294_967_295;

export const STORY_NOT_FOUND = new ApiError(404, 'STORY_NOT_FOUND', 'Story not found');

/** Who may change a story and its pictures: its creator and admins. */
export const mayEdit = (story: StoryItem, caller: Caller) =>
  story.created_by === caller.userId || caller.role === 'admin';

/** Who may read a story: its creator and admins always; any signed-in family once it is public or featured. */
export function mayRead(
  story: Pick<StoryItem, 'created_by' | 'status' | 'is_public' | 'is_featured'>,
  caller: Caller,
): boolean {
  if (story.created_by === caller.userId || caller.role === 'admin') return true;
  return story.status === 'ready' && (story.is_public || story.is_featured);
}

/** The story as the SPA reads it (SPEC §3 fields, camelCase), with its images oldest first. */
export function toStoryView(
  story: StoryItem,
  images: StoryImageItem[],
  authorName: string | null,
  caller: Caller,
  jobs: ImageJobItem[] = [],
  inLibrary = false,
): StoryView {
  const theme = THEMES[story.theme_id];
  return {
    id: story.id,
    status: story.status,
    progress: story.progress,
    failureReason: story.failure_reason ?? null,
    title: story.title,
    content: story.content,
    excerpt: story.excerpt,
    heroName: story.hero_name,
    characterType: story.character_type,
    storyType: story.story_type,
    mission: story.mission,
    theme: theme ? { id: story.theme_id, ...theme } : null,
    storyUniverse: story.story_universe ?? null,
    ageRange: story.age_range,
    artStyle: story.art_style,
    generationMode: story.generation_mode,
    coverImageUrl: story.cover_image_url ?? null,
    contentType: story.content_type,
    sourceVersion: story.source_version,
    isFeatured: story.is_featured,
    isPublic: story.is_public,
    isCreator: story.created_by === caller.userId,
    inLibrary,
    authorName,
    templateVersion: story.template_version ?? null,
    createdAt: story.created_at,
    images: images.map((image) => ({
      id: image.id,
      imageType: image.image_type,
      imageUrl: image.image_url,
      thumbnailUrl: thumbnailUrlOf(image),
      createdAt: image.created_at,
    })),
    imageJobs: mayEdit(story, caller)
      ? jobs.map((job) => ({
          id: job.job_id,
          imageType: job.image_type,
          status: job.status,
          replaces: job.replaces ?? null,
          error: job.error ?? null,
        }))
      : [],
  };
}

/** How a creator signs their stories: the author name, else the display name (SPEC "Story Created by"). */
export const signatureOf = (names: { displayName: string; authorName: string } | undefined): string | null =>
  names ? names.authorName || names.displayName || null : null;

export async function authorNameOf(deps: ApiDeps, story: StoryItem): Promise<string | null> {
  if (!story.created_by) return null;
  const author = await deps.profiles.get(story.created_by);
  return author ? signatureOf({ displayName: author.display_name, authorName: author.author_name }) : null;
}

/** The story as the caller sees it: its author's name and whether the caller has saved it, read together. */
export async function storyViewFor(
  deps: ApiDeps,
  found: { story: StoryItem; images: StoryImageItem[]; jobs: ImageJobItem[] },
  caller: Caller,
): Promise<StoryView> {
  const [authorName, inLibrary] = await Promise.all([
    authorNameOf(deps, found.story),
    libraryRepository(deps.aws.documents, deps.config.tableName).has(caller.userId, found.story.id),
  ]);
  return toStoryView(found.story, found.images, authorName, caller, found.jobs, inLibrary);
}

export const storyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stories',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const raw: unknown = await c.req.json().catch(() => undefined);
      if (!isCompleteStoryRequest(raw)) throw new ApiError(400, 'INCOMPLETE_STORY', INCOMPLETE_STORY.message);
      // parseBody re-reads the cached body and applies the full schema (strict: unknown fields refused).
      const body = await parseBody(c, generateStoryRequestSchema);

      const profile = await deps.profiles.get(caller.userId);
      if (!profile) throw new ApiError(409, 'PROFILE_MISSING', 'Please open your profile once, then try again.');
      const ageBand: AgeBand = profile.age_band ?? 'A';
      const band = deps.bands[ageBand];

      const heroName = body.heroName.trim();
      const nameProblem = characterNameProblem(heroName, band);
      if (nameProblem) throw new ApiError(400, 'VALIDATION_FAILED', nameProblem, { field: 'heroName' });
      const custom = {
        character: body.customCharacterDescription?.trim() || undefined,
        storyType: body.customStoryTypeDescription?.trim() || undefined,
        mission: body.customMissionDescription?.trim() || undefined,
      };
      for (const [field, text] of Object.entries(custom)) {
        const problem = text ? customDescriptionProblem(text, band) : undefined;
        if (problem) throw new ApiError(400, 'VALIDATION_FAILED', problem, { field });
      }

      // "Surprise Me!" is resolved now (SPEC §9), among the five real options of its category.
      const characterType = resolveSurprise<CharacterType>(body.characterType ?? 'Surprise', CHARACTER_TYPES);
      const storyKind = resolveSurprise<StoryKind>(body.storyKind, STORY_KINDS);
      const mission = resolveSurprise<Mission>(body.mission, MISSIONS);
      // Own keys only: `in` would also find "toString" and the rest of Object.prototype.
      const writingStyle =
        body.writingStyle && Object.hasOwn(band.styles, body.writingStyle)
          ? body.writingStyle
          : pickWritingStyle(storyKind, band);
      const { narrativeStructure, themeId } = MISSION_MAPPING[mission];

      const storyId = storyIdFor(caller.userId, body.requestId);
      // A repeated submission (two clicks, two tabs) is answered with its story and spends no slot.
      const earlier = await deps.stories.get(storyId);
      if (earlier) return c.json({ storyId, status: earlier.status }, 202);
      const slot = await deps.rateLimits.take(caller.userId, 'generate');
      try {
        const created = await deps.stories.createWithLibrarySlot({
          id: storyId,
          hero_name: heroName,
          character_type: characterType,
          story_type: storyKind,
          mission,
          theme_id: themeId,
          narrative_structure: narrativeStructure,
          writing_style: writingStyle,
          art_style: body.artStyle,
          generation_mode: body.generationMode,
          age_band: ageBand,
          age_range: AGE_BAND_LABELS[ageBand].ages,
          ...(themeId === 'guardian-ranch' ? { story_universe: 'guardian-ranch' } : {}),
          custom_descriptions: custom,
          created_by: caller.userId,
          seed: seedFor(storyId),
        });
        if (!created) {
          // A simultaneous repeat made it first: this request starts nothing, so its slot goes back.
          await slot.release();
          const existing = await deps.stories.get(storyId);
          return c.json({ storyId, status: existing?.status ?? 'generating' }, 202);
        }
      } catch (error) {
        if (error instanceof LibraryFullError) {
          throw new ApiError(409, 'LIBRARY_FULL', 'LIBRARY_FULL', { currentCount: error.currentCount });
        }
        throw error;
      }
      await deps.workflow.start({ storyId, userId: caller.userId });
      return c.json({ storyId, status: 'generating' }, 202);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/stories/:id',
    access: 'user',
    async handle(c, deps) {
      const caller = callerOf(c);
      const found = await deps.stories.getWithImages(c.req.param('id') ?? '');
      if (!found || !mayRead(found.story, caller)) throw STORY_NOT_FOUND;
      return c.json(await storyViewFor(deps, found, caller));
    },
  }),
];
