import * as z from 'zod';
import { DATA_POLICY_VERSION, FAMILY_MESSAGES, GUARDIAN_METADATA_KEY } from '#common/family.js';
import { MESSAGES } from '#common/validation/account-messages.js';
import { signUpMetadataSchema } from '#common/validation/accounts.js';
import type { ProfileRepository } from '../data/repositories/profiles.js';

/**
 * The Cognito triggers, one handler for all three (one small Lambda in AWS; served on cognito-local's
 * Lambda endpoint locally, so both paths run this code):
 * - PreSignUp: checks the sign-up details with the SPEC's rules and that the person signing up confirmed
 *   "I am a parent or guardian and at least 18" (client metadata `guardianConfirmed: "true"`: the SPA is not
 *   Cognito's only client, so the refusal is here), then confirms the account and its e-mail at once, so a
 *   new family lands on /home without an e-mail round-trip (see README trade-off).
 * - PostConfirmation: creates the profile (display name, author name, age band, e-mail copy) with the
 *   confirmation's time and the data policy's version; after a forgotten password is reset (by the family,
 *   or from the reset an admin sent), ends every session of the account, as changing the password does:
 *   sessions revoked in the table (every access token issued before refused on its next call) and a global
 *   sign-out in Cognito (no refresh token gets a new token).
 * - PostAuthentication: records last_login.
 * - PreTokenGeneration: refuses tokens (sign-in and refresh) to a suspended account.
 */
const eventSchema = z.looseObject({
  triggerSource: z.string(),
  userName: z.string(),
  userPoolId: z.string().optional(),
  request: z.looseObject({
    userAttributes: z.record(z.string(), z.string()).default({}),
    clientMetadata: z.record(z.string(), z.string()).nullish(),
  }),
  response: z.looseObject({}).default({}),
});

type TriggerEvent = z.infer<typeof eventSchema>;

/** Cognito shows a trigger's error message to the caller (prefixed); keep it the text a family should read. */
export class TriggerRefusal extends Error {}

export type TriggerDeps = {
  profiles: ProfileRepository;
  /** Ends every Cognito session (refresh token) of the user in the pool. */
  signOutEverywhere: (userPoolId: string, userId: string) => Promise<void>;
  /** Waits until a revocation's second is over (lambdas/api/auth/revocation.ts). */
  untilRevocationSettles?: (revokedAtMs: number | undefined) => Promise<void>;
};

export function createCognitoTriggers(deps: TriggerDeps) {
  const metadataOf = (event: TriggerEvent) => {
    const parsed = signUpMetadataSchema.safeParse({
      displayName: event.request.clientMetadata?.displayName ?? '',
      authorName: event.request.clientMetadata?.authorName ?? '',
      ageBand: event.request.clientMetadata?.ageBand ?? 'B',
    });
    if (!parsed.success) throw new TriggerRefusal(parsed.error.issues[0]?.message ?? 'Invalid sign-up details');
    return parsed.data;
  };

  const guardianConfirmed = (event: TriggerEvent) => event.request.clientMetadata?.[GUARDIAN_METADATA_KEY] === 'true';

  return async function handle(raw: unknown): Promise<unknown> {
    const event = eventSchema.parse(raw);
    switch (event.triggerSource) {
      case 'PreSignUp_SignUp': {
        metadataOf(event);
        if (!guardianConfirmed(event)) throw new TriggerRefusal(FAMILY_MESSAGES.guardianRequired);
        return { ...event, response: { ...event.response, autoConfirmUser: true, autoVerifyEmail: true } };
      }
      case 'PostConfirmation_ConfirmSignUp': {
        const email = event.request.userAttributes.email ?? '';
        // Confirmed outside our sign-up form (e.g. by an operator): fall back to a name from the e-mail.
        const fallback = {
          displayName: email.split('@')[0]?.slice(0, 50) || 'Guardian',
          authorName: '',
          ageBand: 'A' as const,
        };
        let metadata;
        try {
          metadata = metadataOf(event);
        } catch {
          metadata = fallback;
        }
        const userId = event.request.userAttributes.sub ?? event.userName;
        const guardianConfirmation = guardianConfirmed(event)
          ? { at: new Date(), policyVersion: DATA_POLICY_VERSION }
          : undefined;
        await deps.profiles.create({
          userId,
          email,
          ...metadata,
          ...(guardianConfirmation ? { guardianConfirmation } : {}),
        });
        return event;
      }
      case 'PostConfirmation_ConfirmForgotPassword': {
        // Issue 34: a reset password ended no session. Now it ends all of them, on the next call.
        const userId = event.request.userAttributes.sub ?? event.userName;
        const revokedAt = await deps.profiles.revokeSessions(userId);
        if (event.userPoolId) await deps.signOutEverywhere(event.userPoolId, userId);
        // The sign-in that follows the reset must get a token of a later second than the revocation.
        await deps.untilRevocationSettles?.(revokedAt);
        return event;
      }
      case 'PostAuthentication_Authentication': {
        const userId = event.request.userAttributes.sub ?? event.userName;
        await deps.profiles.recordSignIn(userId);
        return event;
      }
      case 'TokenGeneration_Authentication':
      case 'TokenGeneration_RefreshTokens':
      case 'TokenGeneration_NewPasswordChallenge': {
        // Cognito already refuses a disabled user; this also covers a suspension whose Cognito update
        // failed half-way, token refreshes, and cognito-local, which ignores the disabled flag.
        const userId = event.request.userAttributes.sub ?? event.userName;
        const status = await deps.profiles.getAccountStatus(userId);
        if (status?.suspended) throw new TriggerRefusal(MESSAGES.accountSuspended);
        return event;
      }
      default:
        // Other sources (admin-created users) need nothing from us.
        return event;
    }
  };
}
