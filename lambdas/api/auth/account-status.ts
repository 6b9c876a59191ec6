import { ACCOUNT_DATA_MESSAGES } from '../../../common/validation/account-data.js';
import { MESSAGES } from '../../../common/validation/accounts.js';
import type { CognitoAccounts } from '../../shared/accounts/cognito-accounts.js';
import type { AccountStatus, ProfileRepository } from '../../shared/repositories/profiles.js';
import { ApiError } from '../errors.js';
import { isRevoked } from './revocation.js';
import type { Caller } from './token-verifier.js';

/** A token that outlived its account (deleted by its owner or an admin): the SPA signs out on this code. */
export const accountGone = () => new ApiError(401, 'UNAUTHENTICATED', ACCOUNT_DATA_MESSAGES.accountGone);

/**
 * A Cognito token stays valid until it expires, whatever happens to the account; so every call also
 * reads the account's status from the table: one strongly consistent GetItem, never cached, so a
 * suspension, a role change or a password change applies to the very next call.
 *
 * No profile means one of two things. A deleted account left a tombstone (and its Cognito user is
 * gone): refused. An account made outside the sign-up form (an operator's, the seeded admin) has had no
 * profile yet: it gets one, from its Cognito user's e-mail, but only while that user exists.
 */
export function createAccountStatusCheck(profiles: ProfileRepository, accounts: Pick<CognitoAccounts, 'find'>) {
  async function provision(caller: Caller): Promise<AccountStatus> {
    if (await profiles.isDeleted(caller.userId)) throw accountGone();
    const user = await accounts.find(caller.username);
    if (!user || user.sub !== caller.userId) throw accountGone();
    await profiles.create({
      userId: caller.userId,
      email: user.email,
      displayName: user.email.split('@')[0]?.slice(0, 50) || 'Guardian',
      authorName: '',
      ageBand: 'A',
      role: caller.role,
    });
    // Read again: a deletion that won the race left a tombstone, and the profile was not made.
    const status = await profiles.getAccountStatus(caller.userId);
    if (!status) throw accountGone();
    return status;
  }

  return async function assertActive(caller: Caller): Promise<void> {
    const status = (await profiles.getAccountStatus(caller.userId)) ?? (await provision(caller));
    if (status.suspended) throw new ApiError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
    if (isRevoked(caller.issuedAt, status.sessionsRevokedAt)) {
      throw new ApiError(401, 'SESSION_REVOKED', MESSAGES.sessionEnded);
    }
  };
}
