import type { AgeBand } from '../age-bands.js';
import type { ChildColour, ChildEmoji } from '../family.js';
import type { Role } from '../roles.js';

/**
 * What the HTTP API answers, typed once: the server builds these views, the SPA reads them.
 */

/** A child profile of the family (issue 36): a first name or nickname, an age band and a picture. */
export type ChildView = {
  id: string;
  name: string;
  emoji: ChildEmoji;
  colour: ChildColour;
  ageBand: AgeBand;
  /** Stories made for this child wait for a grown-up's yes before the child can read them. */
  approvalRequired: boolean;
  libraryCount: number;
  createdAt: string;
};

/** Where a story is in its life: being made, ready to read, or failed. */
export type StoryStatusName = 'generating' | 'ready' | 'failed';

/** What every list of stories shows of one: which story, how it stands, its title and its hero. */
export type StoryHeadingView = { id: string; status: StoryStatusName; title: string; heroName: string };

/** GET /api/approvals (Grown-ups only): a story in the parent's "Waiting for you" list (issue 36). */
export type WaitingStoryView = StoryHeadingView & {
  /** The child it was made for, by name: the parent sees whose story waits. */
  childId: string;
  childName: string;
  createdAt: string;
};

/**
 * GET /api/me: the parent's profile and role, with the family's children. `ageBand` and `libraryCount` are
 * the child the call acted for (`childId`: the one its child header named, else the first), so a client
 * from before child profiles reads the one child it always had.
 */
export type ProfileView = AccountProfile & {
  isAdmin: boolean;
  suspended: boolean;
  childId: string;
  /** The family's children, oldest profile first (the first is the one a call naming none acts for). */
  children: ChildView[];
  /** Whether the parent has set the grown-up gate's PIN (before that, the gate asks for the password). */
  hasPin: boolean;
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
  /** Words of the family's picture wish the picture does not show (only when some were left out). */
  notDrawn?: string[];
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

/** How far a story is made: what the full story and its status read both say first. */
export type StoryProgressView = {
  id: string;
  status: StoryStatusName;
  progress: 'queued' | 'writing' | 'checking' | 'done';
  writing: WritingProgressView | null;
  /** While the story waits to be written (progress `queued`): its place in line. */
  queue: QueueView | null;
  failureReason: string | null;
};

/**
 * GET /api/stories/{id}/status: how far a story and its pictures are made, without the story. The screens
 * following a story poll this and read the whole story again only when it changes.
 */
export type StoryStatusView = StoryProgressView & {
  /** 'waiting': made for a child whose stories wait for a grown-up's yes, and not said yes to yet. */
  approval: 'waiting' | null;
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
export type StoryView = StoryProgressView & {
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
  /** The family's share link is open: anyone with it may read the story (issue 36). */
  linkOpen: boolean;
  /** 'waiting': not said yes to by a grown-up yet (only a grown-up of the family reads it then). */
  approval: 'waiting' | null;
  /** The caller's family made it (any of its children): theirs to edit, share and remove. */
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
export type LibraryCardView = StoryHeadingView & {
  preview: string;
  storyType: string;
  coverImageUrl: string | null;
  theme: { id: string; name: string; emoji: string } | null;
  isCreator: boolean;
  /** Waiting for a grown-up's yes: to a child, the card shows nothing of the story but that. */
  awaitingApproval: boolean;
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
  /** The parent's account; its age band and library count are the family's first child's. */
  profile: AccountProfile;
  /** When the parent confirmed being a parent or guardian and at least 18, and the data policy's version. */
  guardianConfirmedAt: string | null;
  dataPolicyVersion: string | null;
  /** The children (all of them, or the one whose data this is). */
  children: ChildView[];
  /** Every story made for them, newest first, with its full text and its pictures. */
  stories: {
    id: string;
    /** The child it was made for. */
    childId: string;
    status: StoryStatusName;
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
  /** Each child's library, newest saved first: which stories, when; one saved from another family keeps only its title. */
  library: { childId: string; storyId: string; title: string | null; savedAt: string; createdByYou: boolean }[];
  /** Every picture of the family's stories, in one list. */
  pictures: { storyId: string; imageType: string; imageUrl: string; thumbnailUrl: string }[];
};
