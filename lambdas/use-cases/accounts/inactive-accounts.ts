import { RETENTION } from '#common/retention.js';
import { countMetric, errorFields, log } from '../../runtime/observability.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The e-mail that tells a grown-up their account is due for deletion (SES in AWS, a file locally). */
export type InactivityMailer = Readonly<{
  /** Rejects with WarningRefused when the mail service refuses this address. */
  sendWarning(to: string, deleteOn: Date): Promise<void>;
}>;

/**
 * The mail service refused the address (SES's sandbox refuses every address not verified in it): that family
 * is not warned, so its account is not deleted, and the next day's sweep tries again.
 */
export class WarningRefused extends Error {
  override name = 'WarningRefused';
}

export type InactiveSweepResult = Readonly<{
  warned: number;
  deleted: number;
  notWarned: number;
  /** Warnings the mail service refused (InactiveAccountWarningRefused, alarmed on). */
  refused: number;
  /** Accounts a warning or deletion failed for otherwise: the sweep then fails, after going through the rest. */
  failed: number;
}>;

export class InactiveSweepFailed extends Error {
  override name = 'InactiveSweepFailed';
}

/**
 * "An account nobody uses" ("How we keep your family's data", common/retention.ts): an account nobody signed
 * in to for RETENTION.inactiveDays is e-mailed a warning; RETENTION.warningDays after the warning, if still
 * nobody signed in (a sign-in clears the warning: profiles.recordSignIn), it is deleted with everything in it
 * (deleteAccount, as a parent's own deletion). Without a mailer no warning can go out, so no account is
 * deleted either (counted as `notWarned`). Admins' accounts are the operator's and are left alone. One account
 * never stops the others: a refused address is counted (`refused`) and passed over, any other failure counted
 * (`failed`) and, once every account has had its turn, fails the sweep (the retention alarms watch both). Run
 * daily (an EventBridge rule in AWS, a timer in the local stack).
 */
export function inactiveAccountSweep(deps: {
  profiles: Pick<ProfileRepository, 'inactivityCandidates' | 'markInactivityWarned' | 'get'>;
  mailer: InactivityMailer | undefined;
  deleteAccount: (userId: string) => Promise<boolean>;
}) {
  return async (now = new Date()): Promise<InactiveSweepResult> => {
    const inactiveBefore = new Date(now.getTime() - RETENTION.inactiveDays * DAY_MS).toISOString();
    const warnedBefore = new Date(now.getTime() - RETENTION.warningDays * DAY_MS).toISOString();
    let warned = 0;
    let deleted = 0;
    let notWarned = 0;
    let refused = 0;
    let failed = 0;
    for await (const profile of deps.profiles.inactivityCandidates(inactiveBefore)) {
      if (profile.role === 'admin') continue;
      const lastSeen = profile.last_login ?? profile.created_at;
      if (profile.inactivity_warned_at) {
        if (profile.inactivity_warned_at > warnedBefore || lastSeen > profile.inactivity_warned_at) continue;
        try {
          // Read again just before: a sign-in since the list was read keeps the account.
          const fresh = await deps.profiles.get(profile.id);
          if (!fresh?.inactivity_warned_at || (fresh.last_login ?? '') > fresh.inactivity_warned_at) continue;
          if (await deps.deleteAccount(profile.id)) deleted += 1;
        } catch (error) {
          failed += 1;
          log.error('inactive account not deleted', { userId: profile.id, ...errorFields(error) });
        }
        continue;
      }
      if (lastSeen >= inactiveBefore) continue;
      if (!deps.mailer) {
        notWarned += 1;
        continue;
      }
      try {
        // E-mailed first, then recorded: a failure between the two sends the warning again, never deletes unwarned.
        await deps.mailer.sendWarning(profile.email, new Date(now.getTime() + RETENTION.warningDays * DAY_MS));
        if (await deps.profiles.markInactivityWarned(profile.id, profile.last_login, now)) warned += 1;
      } catch (error) {
        // The error's name only: a mail service's message names the address.
        const errorName = error instanceof Error ? error.name : typeof error;
        if (error instanceof WarningRefused) {
          refused += 1;
          log.warn('inactive account warning refused', { userId: profile.id, errorName });
        } else {
          failed += 1;
          log.error('inactive account not warned', { userId: profile.id, errorName });
        }
      }
    }
    if (warned) countMetric('InactiveAccountWarned', warned);
    if (deleted) countMetric('InactiveAccountDeleted', deleted);
    if (notWarned) countMetric('InactiveAccountNotWarned', notWarned);
    if (refused) countMetric('InactiveAccountWarningRefused', refused);
    if (failed) countMetric('InactiveAccountSweepFailed', failed);
    const result = { warned, deleted, notWarned, refused, failed };
    log.info('inactive accounts swept', result);
    if (failed) throw new InactiveSweepFailed(`the inactive-account sweep failed for ${failed} account(s)`);
    return result;
  };
}

/** The warning's words: what happens, when, and how to keep the account. */
export function inactivityWarning(deleteOn: Date) {
  const day = deleteOn.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    subject: `Your Story Magic account will be deleted on ${day}`,
    text:
      `Nobody has signed in to your family's Story Magic account for ${RETENTION.inactiveDays / 365} years. ` +
      `As our data policy ("How we keep your family's data") says, we will delete it on ${day}, with every ` +
      `story, picture and child profile in it.\n\nTo keep it, simply sign in to Story Magic before then. ` +
      `To keep a copy of your stories first, sign in and download them from your profile.\n`,
  };
}
