import * as z from 'zod';
import { RETENTION } from '#common/retention.js';
import type { AccountProfile } from '#common/api/views.js';
import { MISSING_AGE_BAND, type AgeBand } from '#common/age-bands.js';
import { ageBandSchema } from '#common/validation/choices.js';
import { ROLES, type Role } from '#common/roles.js';
import { entityTypes, keys } from '../keys.js';
import type { IndexName } from '../table-schema.js';

/**
 * A family's (or an admin's) profile (SPEC §3 profiles): `USER#{userId}` / `PROFILE`, listed for the admin
 * users table on the `entity` index under PROFILE. Deleting an account leaves a tombstone,
 * `DELETED#{userId}` / `ACCOUNT`, that refuses its remaining tokens.
 */
export const profileItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  author_name: z.string(),
  age_band: ageBandSchema.optional(),
  role: z.enum(ROLES),
  created_at: z.string(),
  last_login: z.string().optional(),
  /** When the inactive-account warning was e-mailed (lambdas/use-cases/accounts/inactive-accounts.ts); a sign-in clears it. */
  inactivity_warned_at: z.string().optional(),
  suspended_at: z.string().optional(),
  /**
   * Epoch milliseconds of the last revocation (suspension, role change, password change): every token
   * issued in that second or before it is refused (see `lambdas/api/auth/revocation.ts`).
   */
  sessions_revoked_at: z.number().optional(),
  /** The founding child's library count (keys.ts, ChildKey); other children count theirs on their own items. */
  library_count: z.number().optional(),
  /** How many children the family has; absent on an account from before child profiles: one. */
  child_count: z.number().optional(),
  /** The child a call that names none acts for; absent: the founding child (whose id is the account's). */
  first_child: z.string().optional(),
  /** Sign-up's "I am a parent or guardian and at least 18", and the data policy's version then. */
  guardian_confirmed_at: z.string().optional(),
  data_policy_version: z.string().optional(),
  /**
   * The grown-up gate's PIN, hashed (lambdas/use-cases/accounts/grown-up-gate.ts); the tries counted since
   * the last right one, and when the last was made (epoch ms): the PIN is locked while the tries are spent.
   */
  pin_hash: z.string().optional(),
  pin_failures: z.number().optional(),
  pin_tried_at: z.number().optional(),
  /** Epoch milliseconds until which the PIN is refused: a lock written before tries were counted first. */
  pin_locked_until: z.number().optional(),
});
export type ProfileItem = z.infer<typeof profileItemSchema>;

/** The fields the API checks on every call (a projection): the status, and which child a call acts for. */
export const accountStatusSchema = profileItemSchema.pick({
  suspended_at: true,
  sessions_revoked_at: true,
  first_child: true,
});
/** What the API checks on every call, with which child a call naming none acts for. */
export type AccountStatus = Readonly<{
  suspended: boolean;
  sessionsRevokedAt: number | undefined;
  firstChild: string | undefined;
}>;

/** An account's status, from its profile (whole, or the `accountStatusSchema` projection). */
export const accountStatusOf = (item: z.infer<typeof accountStatusSchema>): AccountStatus => ({
  suspended: Boolean(item.suspended_at),
  sessionsRevokedAt: item.sessions_revoked_at,
  firstChild: item.first_child,
});

/** The names shown beside stories and admin actions (a projection). */
export const profileNamesSchema = profileItemSchema.pick({ id: true, display_name: true, author_name: true });
/** A row of the admin users table (its projection). */
export const profileRowSchema = profileItemSchema.pick({
  id: true,
  email: true,
  display_name: true,
  author_name: true,
  role: true,
  created_at: true,
  last_login: true,
  suspended_at: true,
  child_count: true,
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

/** What the inactive-account sweep reads of a profile (a projection). */
export const inactivityRowSchema = profileItemSchema.pick({
  id: true,
  email: true,
  role: true,
  created_at: true,
  last_login: true,
  inactivity_warned_at: true,
});
export type InactivityRow = z.infer<typeof inactivityRowSchema>;

/** The admin users list reads the `entity` index under PROFILE, newest first. */
export const PROFILE_LIST_INDEX: IndexName = 'entity';

/** The admin users list's key of a profile (a page cursor: the last row shown). */
export const profileListKeyOf = (row: Pick<ProfileItem, 'id' | 'created_at'>) => ({
  ...keys.profile(row.id),
  entity_pk: entityTypes.profile,
  created_at: row.created_at,
});

/** The profile as the app uses it: what the account's data export shows, and whether it is suspended. */
export type Profile = AccountProfile & { suspended: boolean };

export const toProfile = (item: ProfileItem): Profile => ({
  id: item.id,
  email: item.email,
  displayName: item.display_name,
  authorName: item.author_name,
  ageBand: item.age_band ?? MISSING_AGE_BAND,
  role: item.role,
  createdAt: item.created_at,
  lastLogin: item.last_login ?? null,
  suspended: Boolean(item.suspended_at),
  libraryCount: item.library_count ?? 0,
});

export type NewProfile = {
  userId: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role?: Role;
  /** When the parent confirmed they are a parent or guardian and at least 18, and the policy's version then. */
  guardianConfirmation?: { at: Date; policyVersion: string };
};

/** What the admin users search matches (name, author name, e-mail), lower-cased once at write time. */
export const searchTextOf = (displayName: string, authorName: string, email: string) =>
  [displayName, authorName, email].join(' ').toLowerCase();

/** A new profile as the table stores it, with the keys of the admin list index and its search text. */
export function profileItem(profile: NewProfile, now = new Date()): ProfileItem & Record<string, unknown> {
  return {
    ...keys.profile(profile.userId),
    id: profile.userId,
    email: profile.email,
    display_name: profile.displayName,
    author_name: profile.authorName,
    age_band: profile.ageBand,
    role: profile.role ?? 'user',
    created_at: now.toISOString(),
    library_count: 0,
    child_count: 1,
    ...(profile.guardianConfirmation
      ? {
          guardian_confirmed_at: profile.guardianConfirmation.at.toISOString(),
          data_policy_version: profile.guardianConfirmation.policyVersion,
        }
      : {}),
    entity_pk: entityTypes.profile,
    search_text: searchTextOf(profile.displayName, profile.authorName, profile.email),
  };
}

/**
 * How long a deleted account's tombstone is kept: longer than any of its tokens can live (access and ID
 * tokens 1 hour; refresh tokens 30 days, but those die with the Cognito user).
 */
export const TOMBSTONE_SECONDS = RETENTION.tombstoneDays * 24 * 60 * 60;

/** The tombstone of a deleted account: its id and a date, nothing personal; it expires by itself. */
export const tombstoneItem = (userId: string, now: Date) => ({
  ...keys.deletedAccount(userId),
  deleted_at: now.toISOString(),
  expires_at: Math.floor(now.getTime() / 1000) + TOMBSTONE_SECONDS,
});

/** A profile's library count alone (a projection). */
export const libraryCountSchema = profileItemSchema.pick({ library_count: true });
