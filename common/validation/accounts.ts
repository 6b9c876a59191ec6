import * as z from 'zod';
import { ageBandSchema } from './choices.js';
import { LIMITS } from '../limits.js';
import { hasMarkup, isKindName, MARKUP_MESSAGE } from '../safety/check.js';
import { MESSAGES } from './account-messages.js';
import { FAMILY_MESSAGES } from '../family.js';

/**
 * SPEC §5: the account rules, with the SPEC's exact messages (account-messages.ts). The SPA shows the first
 * failing message as a toast; the server (Cognito trigger, API) applies the same schemas and refuses with
 * the same text.
 */

// Order matters: only the first failure is shown, so length comes before format.
export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .regex(/[A-Z]/, MESSAGES.passwordNeedsUppercase)
  .regex(/[0-9]/, MESSAGES.passwordNeedsNumber);

/** Half of a surrogate pair with no other half: no character at all, and not text a keyboard types. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The rules of every name a family types (display, author and child names), after its own length rules:
 * plain words (no markup, no broken characters), read kindly as a name.
 */
export const familyName = (schema: z.ZodString) =>
  schema
    .refine((name) => !hasMarkup(name) && !LONE_SURROGATE.test(name), MARKUP_MESSAGE)
    .refine((name) => isKindName(name), MESSAGES.nameNotKidFriendly);

export const displayNameSchema = familyName(
  z.string().trim().min(1, MESSAGES.displayNameRequired).max(LIMITS.displayNameMax, MESSAGES.displayNameTooLong),
);

/** Optional; blank is saved as empty. */
export const authorNameSchema = familyName(z.string().trim().max(LIMITS.authorNameMax, MESSAGES.authorNameTooLong));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired),
});

export const signUpSchema = z.object({
  displayName: displayNameSchema,
  authorName: authorNameSchema,
  ageBand: ageBandSchema,
  email: emailSchema,
  password: newPasswordSchema,
  // Issue 36: "I am a parent or guardian and at least 18", sent to Cognito as client metadata.
  guardianConfirmed: z.literal(true, FAMILY_MESSAGES.guardianRequired),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What the SPA sends to Cognito as ClientMetadata on sign-up; the pre-sign-up trigger checks it again. */
export const signUpMetadataSchema = signUpSchema.pick({ displayName: true, authorName: true, ageBand: true });
export type SignUpMetadata = z.infer<typeof signUpMetadataSchema>;

export const profileUpdateSchema = z
  .strictObject({
    displayName: displayNameSchema.optional(),
    authorName: authorNameSchema.optional(),
    ageBand: ageBandSchema.optional(),
  })
  .refine((update) => Object.values(update).some((v) => v !== undefined), 'Nothing to update');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (!newPassword || !confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordFieldsRequired });
      return;
    }
    if (newPassword !== confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDoNotMatch });
      return;
    }
    const strength = newPasswordSchema.safeParse(newPassword);
    if (!strength.success) ctx.addIssue({ code: 'custom', message: strength.error.issues[0]?.message ?? '' });
  });

/** The first message of a failed parse, as the SPA shows it (SPEC: only the first error is shown). */
export function firstError(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Cognito's own bound on a password's length. */
const PASSWORD_MAX = 256;

/**
 * POST /api/me/password: the current password (Cognito's ChangePassword checks it, so a borrowed,
 * unlocked device cannot take the account) and the new one, with the sign-up rules.
 */
export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX),
  newPassword: newPasswordSchema.max(PASSWORD_MAX, 'Password too long'),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
