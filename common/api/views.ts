import type { AgeBand } from '../age-bands.js';
import type { Role } from '../roles.js';

/**
 * What the HTTP API answers, typed once: the server builds these views, the SPA reads them.
 */

/** GET /api/me: the caller's own profile and role. */
export type ProfileView = {
  id: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role: Role;
  isAdmin: boolean;
  createdAt: string;
  lastLogin: string | null;
  suspended: boolean;
  libraryCount: number;
};

/** A smaller copy of a picture the browser may load instead of it (an `srcset` candidate). */
export type PictureVariantView = { url: string; width: number; height: number; type: string };

/**
 * imageUrl: the picture as painted (the download and print use it). thumbnailUrl: a card-sized variant
 * (the picture itself when it is a vector, which scales). width/height: the picture's size, null on older
 * pictures; variants: WebP copies at the screens' widths, narrowest first, none for a vector.
 */
export type StoryImageView = {
  id: string;
  imageType: string;
  imageUrl: string;
  thumbnailUrl: string;
  width: number | null;
  height: number | null;
  variants: PictureVariantView[];
  createdAt: string;
};

/** A picture being painted, or one that failed (with the message to show). */
export type ImageJobView = {
  id: string;
  imageType: string;
  status: 'pending' | 'failed';
  replaces: string | null;
  error: string | null;
  /** While it waits for the picture model's capacity: its place in line. */
  queue: QueueView | null;
};

/**
 * A place in line for Bedrock capacity (a story waiting to be written, a picture to be painted): 1 is next;
 * `etaSeconds` is about how long until it starts, from the line's measured speed.
 */
export type QueueView = { position: number; etaSeconds: number };

/**
 * GET /api/stories/{id}/status: how far a story and its pictures are made, without the story. The screens
 * following a story poll this and read the whole story again only when it changes.
 */
export type StoryStatusView = {
  id: string;
  status: 'generating' | 'ready' | 'failed';
  progress: 'queued' | 'writing' | 'checking' | 'done';
  writing: WritingProgressView | null;
  /** While the story waits to be written (progress `queued`): its place in line. */
  queue: QueueView | null;
  failureReason: string | null;
  /**
   * Pictures on the page; pictures being painted and failed ones count for the story's editors only, as does
   * the place in line of the first picture waiting for capacity.
   */
  pictures: { painted: number; pending: number; failed: number; queue: (QueueView & { jobId: string }) | null };
  updatedAt: string;
};

/**
 * While a story is written (progress `writing`): counts only, never its text, which is unchecked until
 * then. `attempt` above 1 is a rewrite; `expectedParagraphs` is "about" (from the age band's lengths).
 */
export type WritingProgressView = { attempt: number; paragraphs: number; expectedParagraphs: number };

/** GET /api/stories/{id}: the story with its images, oldest first, and its generation status. */
export type StoryView = {
  id: string;
  status: 'generating' | 'ready' | 'failed';
  progress: 'queued' | 'writing' | 'checking' | 'done';
  writing: WritingProgressView | null;
  queue: QueueView | null;
  failureReason: string | null;
  title: string;
  content: string;
  excerpt: string;
  heroName: string;
  characterType: string;
  storyType: string;
  mission: string;
  theme: { id: string; name: string; emoji: string } | null;
  storyUniverse: string | null;
  ageRange: string;
  artStyle: string;
  generationMode: string;
  coverImageUrl: string | null;
  contentType: string;
  sourceVersion: string;
  isFeatured: boolean;
  isPublic: boolean;
  isCreator: boolean;
  /** Whether the caller has this story in their library (the story page's Save / Saved button). */
  inLibrary: boolean;
  authorName: string | null;
  templateVersion: number | null;
  createdAt: string;
  images: StoryImageView[];
  /** Only the creator and admins see these. */
  imageJobs: ImageJobView[];
};

/** GET /api/library: one saved story, as its card shows it. */
export type LibraryCardView = {
  id: string;
  status: 'generating' | 'ready' | 'failed';
  title: string;
  preview: string;
  heroName: string;
  storyType: string;
  coverImageUrl: string | null;
  theme: { id: string; name: string; emoji: string } | null;
  isCreator: boolean;
  savedAt: string;
};

/** GET /api/featured: one featured story, as its card on the home page shows it (SPEC §2 Home). */
export type FeaturedStoryView = {
  id: string;
  title: string;
  /** The first 120 characters of the content (SPEC §9). */
  preview: string;
  coverImageUrl: string | null;
  theme: { id: string; name: string; emoji: string } | null;
  heroName: string;
  /** The creator's author name (else display name); null for a story without a creator profile. */
  authorName: string | null;
};

/** An account's profile as the app reads it (camelCase; a missing age band reads as A, SPEC §3). */
export type AccountProfile = {
  id: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role: Role;
  createdAt: string;
  lastLogin: string | null;
  libraryCount: number;
};

/**
 * GET /api/me/export: everything of the family's own that Story Magic keeps, as a JSON file for the parent.
 * Picture addresses are the site's own (`/media/...`), as the story page uses them.
 */
export type AccountDataExport = {
  about: string;
  exportedAt: string;
  profile: AccountProfile;
  /** Every story the family created, newest first, with its full text and its pictures. */
  stories: {
    id: string;
    status: 'generating' | 'ready' | 'failed';
    title: string;
    heroName: string;
    content: string;
    excerpt: string;
    characterType: string;
    storyType: string;
    mission: string;
    customDescriptions: { character?: string; storyType?: string; mission?: string } | null;
    writingStyle: string;
    artStyle: string;
    generationMode: string;
    ageRange: string;
    isPublic: boolean;
    isFeatured: boolean;
    createdAt: string;
    updatedAt: string;
    coverImageUrl: string | null;
    images: { id: string; imageType: string; imageUrl: string; thumbnailUrl: string; createdAt: string }[];
  }[];
  /** The library, newest saved first: which stories, when; a story saved from another family keeps only its title. */
  library: { storyId: string; title: string | null; savedAt: string; createdByYou: boolean }[];
  /** Every picture of the family's stories, in one list. */
  pictures: { storyId: string; imageType: string; imageUrl: string; thumbnailUrl: string }[];
};
