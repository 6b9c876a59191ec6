import type { AgeBand } from '../age-bands.js';
import type { Role } from '../roles.js';

/**
 * What the admin API (/api/admin/*, admin group only) answers, typed once for the server and the SPA.
 */

/**
 * GET /api/admin/stats: the dashboard's four counts, kept by atomic counters (never a scan). `publicStories`
 * counts the stories anyone may read: made public by an admin or shared by their family's open link, once each.
 */
export type AdminStatsView = { profiles: number; stories: number; featuredStories: number; publicStories: number };

/** One row of the users table. */
export type AdminUserRow = {
  id: string;
  email: string;
  displayName: string;
  authorName: string;
  role: Role;
  suspended: boolean;
  createdAt: string;
  lastLogin: string | null;
  /** How many child profiles the family has (issue 36): a count, nothing of the children themselves. */
  children: number;
};

/** GET /api/admin/users?q=&role=&status=&cursor=&limit=: one page, newest first; nextCursor null at the end. */
export type AdminUserPage = { users: AdminUserRow[]; nextCursor: string | null };

export type AdminNoteView = { id: string; note: string; adminId: string; adminName: string; createdAt: string };

export type ActivityView = {
  id: string;
  adminId: string;
  adminName: string;
  action: string;
  targetType: 'user' | 'story' | 'template';
  targetId: string;
  details: Record<string, unknown>;
  createdAt: string;
};

/** GET /api/admin/users/{id}: the detail dialog (notes newest first, the last 20 activity entries). */
export type AdminUserDetail = AdminUserRow & {
  ageBand: AgeBand;
  libraryCount: number;
  /**
   * Each child's library count, oldest profile first: a family's libraries are its children's. Counts only,
   * nothing of the children themselves.
   */
  childLibraries: number[];
  storyCount: number;
  /** How many of those stories have their share link open (anyone with the link may read them). */
  openLinkCount: number;
  notes: AdminNoteView[];
  activity: ActivityView[];
};

/** POST /api/admin/users/bulk: what happened to each user (a refusal for one does not stop the others). */
export type BulkResultView = { results: { userId: string; ok: boolean; error?: string }[] };

/** One row of "Featured Stories Management" (GET /api/admin/stories?q=&cursor=). */
export type AdminStoryRow = {
  id: string;
  title: string;
  authorName: string | null;
  universe: string | null;
  status: 'generating' | 'ready' | 'failed';
  isFeatured: boolean;
  isPublic: boolean;
  /** Its family's share link is open: anyone with the link may read it, signed in or not. */
  linkOpen: boolean;
  createdAt: string;
};
export type AdminStoryPage = { stories: AdminStoryRow[]; nextCursor: string | null };

/** GET /api/admin/templates: every version of both types, newest first. */
export type TemplateView = {
  id: string;
  name: string;
  type: 'story_system' | 'image_generation';
  version: number;
  content: string;
  parameters: { model: string; temperature: number; max_tokens: number };
  isActive: boolean;
  createdAt: string;
};
