import * as z from 'zod';
import type { ChildView } from '#common/api/views.js';
import { MISSING_AGE_BAND } from '#common/age-bands.js';
import { CHILD_COLOURS, CHILD_EMOJIS, DEFAULT_CHILD_AVATAR } from '#common/family.js';
import { ageBandSchema } from '#common/validation/choices.js';
import { isFoundingChild, keys, type ChildKey } from '../keys.js';
import type { ProfileItem } from './profile.js';

/**
 * A child profile (issue 36): `USER#{userId}` / `CHILD#{childId}`, in the family's partition, so one Query
 * lists a family's children and deleting the account deletes them. The family's founding child (keys.ts,
 * ChildKey) keeps its age band and library count on the profile, as before child profiles: its item, made
 * the first time the parent changes it, holds only its name, picture and approval switch, and until then it
 * reads as the profile's display name with the default picture.
 */
export const childItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.enum(CHILD_EMOJIS),
  colour: z.enum(CHILD_COLOURS),
  /** Absent on the founding child (the profile's `age_band` is its band). */
  age_band: ageBandSchema.optional(),
  /** Stories made for the child wait for a grown-up's yes before the child can read them. */
  approval_required: z.boolean().optional(),
  /** Absent on the founding child (the profile counts its library). */
  library_count: z.number().optional(),
  created_at: z.string(),
  /** A removed founding child (its stories and library are gone; its id is never a reader again). */
  removed_at: z.string().optional(),
});
export type ChildItem = z.infer<typeof childItemSchema>;

/** A child as the app uses it: every field filled in, whichever item holds it. */
export type Child = Readonly<{
  key: ChildKey;
  name: string;
  emoji: ChildItem['emoji'];
  colour: ChildItem['colour'];
  ageBand: NonNullable<ChildItem['age_band']>;
  approvalRequired: boolean;
  libraryCount: number;
  createdAt: string;
}>;

/** The founding child as it reads from the profile and its own item, if it has one yet. */
export function foundingChildOf(profile: ProfileItem, item: ChildItem | undefined): Child {
  return {
    key: { userId: profile.id, childId: profile.id },
    name: item?.name ?? profile.display_name,
    emoji: item?.emoji ?? DEFAULT_CHILD_AVATAR.emoji,
    colour: item?.colour ?? DEFAULT_CHILD_AVATAR.colour,
    ageBand: profile.age_band ?? MISSING_AGE_BAND,
    approvalRequired: item?.approval_required ?? false,
    libraryCount: profile.library_count ?? 0,
    createdAt: item?.created_at ?? profile.created_at,
  };
}

/** Any other child, from its own item. */
export const childOf = (userId: string, item: ChildItem): Child => ({
  key: { userId, childId: item.id },
  name: item.name,
  emoji: item.emoji,
  colour: item.colour,
  ageBand: item.age_band ?? MISSING_AGE_BAND,
  approvalRequired: item.approval_required ?? false,
  libraryCount: item.library_count ?? 0,
  createdAt: item.created_at,
});

export const toChildView = (child: Child): ChildView => ({
  id: child.key.childId,
  name: child.name,
  emoji: child.emoji,
  colour: child.colour,
  ageBand: child.ageBand,
  approvalRequired: child.approvalRequired,
  libraryCount: child.libraryCount,
  createdAt: child.createdAt,
});

/** A new child's item (never the founding child, which every account has from the start). */
export function newChildItem(
  child: ChildKey,
  fields: Pick<Child, 'name' | 'emoji' | 'colour' | 'ageBand' | 'approvalRequired'>,
  now: Date,
): ChildItem & Record<string, unknown> {
  if (isFoundingChild(child)) throw new Error('The founding child is never added');
  return {
    ...keys.child(child.userId, child.childId),
    id: child.childId,
    name: fields.name,
    emoji: fields.emoji,
    colour: fields.colour,
    age_band: fields.ageBand,
    approval_required: fields.approvalRequired,
    library_count: 0,
    created_at: now.toISOString(),
  };
}
