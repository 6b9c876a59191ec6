import * as z from 'zod';
import { CHILD_COLOURS, CHILD_EMOJIS, CHILD_NAME_MAX, FAMILY_MESSAGES, PIN_LENGTH } from '../family.js';
import { isKidSafe } from '../safety/check.js';
import { MESSAGES } from './account-messages.js';
import { ageBandSchema } from './choices.js';

/** A child's first name or nickname: shown to the family only, but checked like every name a family types. */
export const childNameSchema = z
  .string()
  .trim()
  .min(1, FAMILY_MESSAGES.childNameRequired)
  .max(CHILD_NAME_MAX, FAMILY_MESSAGES.childNameTooLong)
  .refine((name) => isKidSafe(name), MESSAGES.nameNotKidFriendly);

export const childEmojiSchema = z.enum(CHILD_EMOJIS);
export const childColourSchema = z.enum(CHILD_COLOURS);

/** POST /api/children: "Add a child". */
export const newChildSchema = z.strictObject({
  name: childNameSchema,
  ageBand: ageBandSchema,
  emoji: childEmojiSchema,
  colour: childColourSchema,
  approvalRequired: z.boolean().default(false),
});
export type NewChild = z.infer<typeof newChildSchema>;

/** PATCH /api/children/{id}: any of a child's settings. */
export const childUpdateSchema = z
  .strictObject({
    name: childNameSchema.optional(),
    ageBand: ageBandSchema.optional(),
    emoji: childEmojiSchema.optional(),
    colour: childColourSchema.optional(),
    approvalRequired: z.boolean().optional(),
  })
  .refine((update) => Object.values(update).some((v) => v !== undefined), 'Nothing to update');
export type ChildUpdate = z.infer<typeof childUpdateSchema>;

/** A PIN: four digits, nothing else. */
export const pinSchema = z.string().regex(new RegExp(`^[0-9]{${PIN_LENGTH}}$`), FAMILY_MESSAGES.pinFormat);

/** POST /api/grown-up/unlock: the parent's PIN, or the account password (always accepted: a PIN can be forgotten). */
export const unlockSchema = z.union([
  z.strictObject({ pin: pinSchema }),
  z.strictObject({ password: z.string().min(1, MESSAGES.passwordRequired).max(256) }),
]);
export type UnlockRequest = z.infer<typeof unlockSchema>;

/** PUT /api/grown-up/pin: sets or changes the PIN (behind the gate already). */
export const setPinSchema = z.strictObject({ pin: pinSchema });
