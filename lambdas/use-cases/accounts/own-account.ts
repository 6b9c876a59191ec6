import { randomUUID } from 'node:crypto';
import type { ProfileUpdate } from '#common/validation/accounts.js';
import type { Feedback } from '#common/validation/feedback.js';
import type { ProfileItem } from '../../data/entities/profile.js';
import { MESSAGES } from '#common/validation/account-messages.js';
import {
  AccountGoneError,
  AdminAccountError,
  InvalidInputError,
  TooManyAttemptsError,
  WrongPasswordError,
} from '../errors.js';
import { NO_MEANING_CHECK, type MeaningCheck } from '../../adapters/meaning-check.js';
import type { FeedbackRepository } from '../../data/repositories/feedback.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { Actor, Member } from '../stories/access.js';
import type { CognitoAccounts } from '../../adapters/cognito-accounts.js';

export type OwnAccountDeps = Readonly<{
  profiles: ProfileRepository;
  accounts: CognitoAccounts;
  feedback: FeedbackRepository;
  deleteAccount: (userId: string) => Promise<boolean>;
  /** The guardrail's reading of the names (AWS with Bedrock); none by default. */
  meaning?: MeaningCheck;
}>;

/** Cognito's answers to a password change that are the caller's to fix. */
function passwordChangeRefusal(error: unknown): Error | undefined {
  switch ((error as { name?: string }).name) {
    case 'NotAuthorizedException': // Cognito: wrong current password
    case 'InvalidPasswordException': // cognito-local: wrong current password (the new one passed our rules)
      return new WrongPasswordError();
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new TooManyAttemptsError();
    default:
      return undefined;
  }
}

/** What a family does to its own account ("My account"): its profile, its password, its deletion, its feedback. */
export function ownAccountUseCases(deps: OwnAccountDeps) {
  /**
   * The caller's profile, as the account check read it for this request (it made one for an account
   * created outside the sign-up form). SPEC §3: a missing age band reads as A and is written back.
   */
  async function profile(actor: Member): Promise<ProfileItem> {
    if (!actor.profile.age_band) await deps.profiles.writeBackMissingAgeBand(actor.userId);
    return actor.profile;
  }

  return {
    profile,

    /**
     * The caller's profile read again, after this request changed it (a name, the founding child's age
     * band): the one request that reads it twice, as its answer shows the change.
     */
    async changedProfile(actor: Actor): Promise<ProfileItem> {
      const item = await deps.profiles.getCurrent(actor.userId);
      if (!item) throw new AccountGoneError();
      return item;
    },

    /** Changes the caller's names or age band (already validated); the profile as it now is. */
    async update(actor: Member, update: ProfileUpdate): Promise<ProfileItem | undefined> {
      await profile(actor);
      // Names other families read (a story's "By ..."): the guardrail's reading too, after the schema's check.
      const names = [
        ['displayName', update.displayName ?? ''],
        ['authorName', update.authorName ?? ''],
      ] as const;
      const allowed = await (deps.meaning ?? NO_MEANING_CHECK).allows(names.map(([, name]) => name));
      const refused = names.find((_, i) => !allowed[i]);
      if (refused) throw new InvalidInputError(MESSAGES.nameNotKidFriendly, refused[0]);
      return deps.profiles.update(actor.profile, update);
    },

    /**
     * Cognito checks the current password and sets the new one; then every session of the account ends:
     * the table first (it is what the API checks, and the cheaper step to get right), then Cognito signs
     * the account out everywhere. Returns the revocation time the caller waits out.
     */
    async changePassword(
      actor: Actor,
      accessToken: string,
      passwords: { currentPassword: string; newPassword: string },
    ): Promise<number> {
      try {
        await deps.accounts.changePassword(accessToken, passwords.currentPassword, passwords.newPassword);
      } catch (error) {
        throw passwordChangeRefusal(error) ?? error;
      }
      const revokedAt = await deps.profiles.revokeSessions(actor.userId);
      if (revokedAt === undefined) throw new AccountGoneError();
      await deps.accounts.signOutEverywhere(actor.userId);
      return revokedAt;
    },

    /** "Delete my account": the admin's cascade on the caller; an admin cannot delete themselves here. */
    async delete(actor: Actor): Promise<void> {
      if (actor.role === 'admin') throw new AdminAccountError();
      // An account without a profile yet got one from the account check, so the cascade finds it.
      // False: a second, simultaneous request finished first.
      if (!(await deps.deleteAccount(actor.userId))) throw new AccountGoneError();
    },

    /** Beta feedback from a grown-up: kept, never read by the app; answers its id. */
    async sendFeedback(actor: Actor, feedback: Feedback, now = new Date()): Promise<string> {
      const id = randomUUID();
      await deps.feedback.add({ id, user_id: actor.userId, created_at: now.toISOString(), ...feedback });
      return id;
    },
  };
}

export type OwnAccountUseCases = ReturnType<typeof ownAccountUseCases>;
