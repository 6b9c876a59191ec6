import * as z from 'zod';
import { CHILD_COLOURS, CHILD_EMOJIS, CHILD_NAME_MAX, FAMILY_MESSAGES } from '../family.js';
import { familyName } from './accounts.js';
import { ageBandSchema } from './choices.js';

/** A child's first name or nickname: shown to the family only, but checked like every name a family types. */
export const childNameSchema = familyName(
  z.string().trim().min(1, FAMILY_MESSAGES.childNameRequired).max(CHILD_NAME_MAX, FAMILY_MESSAGES.childNameTooLong),
);

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
