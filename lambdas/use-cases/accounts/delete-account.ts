import type { ProfileRepository } from '../../data/repositories/profiles.js';
import { deleteStoryForGood, type StoryDeletionDeps } from '../stories/delete-story.js';
import type { CognitoAccounts } from '../../adapters/cognito-accounts.js';

/**
 * Deletes an account and everything of it (an admin's "delete user"; a parent's "delete my account"):
 * the account is disabled first so nothing new arrives, then their stories with pictures and objects,
 * the rest of their partition (library entries, notes), their beta feedback (their own words, so
 * deleted rather than anonymised), their rate-limit windows, the admin activity entries about them
 * (no screen can show them once the profile is gone; an admin's deletion is logged after this, and
 * that one entry, ids only, stays as the record of who deleted the account), the Cognito user, and the
 * profile last, leaving a tombstone that refuses the account's remaining tokens. Every step can be
 * repeated, so a run that fails half-way is finished by running it again.
 * Returns false when there is no such account (or it is already fully deleted).
 */
export async function deleteAccount(
  deps: StoryDeletionDeps &
    Readonly<{ profiles: ProfileRepository; accounts: Pick<CognitoAccounts, 'setEnabled' | 'remove'> }>,
  userId: string,
): Promise<boolean> {
  const { profiles } = deps;
  if (!(await profiles.get(userId))) return false;
  await profiles.setSuspended(userId, true);
  await deps.accounts.setEnabled(userId, false).catch((error: unknown) => {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  });

  const storyIds = await deps.stories.idsCreatedBy(userId);
  for (const storyId of storyIds) await deleteStoryForGood(deps, storyId);
  // Their library entries, notes, feedback, rate windows and the activity about them; the profile goes last, with its counter.
  await deps.deletions.removeAccountItems(userId);
  await deps.accounts.remove(userId);
  await profiles.remove(userId);
  return true;
}
