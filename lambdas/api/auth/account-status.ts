import { MESSAGES } from '#common/validation/account-messages.js';
import type { profileProvisioning } from '../../use-cases/accounts/provision-profile.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { ProfileItem } from '../../data/entities/profile.js';
import { ApiError } from '../errors.js';
import { isRevoked } from './revocation.js';
import type { VerifiedToken } from './token-verifier.js';

/**
 * A Cognito token stays valid until it expires, whatever happens to the account; so every call also
 * reads the account's profile from the table: one strongly consistent GetItem, never cached, so a
 * suspension, a role change or a password change applies to the very next call. The profile read here is
 * the request's only one: it travels on the caller (`Caller.profile`) to the use case that needs it.
 *
 * No profile means one of two things. A deleted account left a tombstone (and its Cognito user is
 * gone): refused. An account made outside the sign-up form (an operator's, the seeded admin) has had no
 * profile yet: it gets one, from its Cognito user's e-mail, but only while that user exists.
 */
export function createAccountStatusCheck(
  profiles: Pick<ProfileRepository, 'getForCall'>,
  provision: ReturnType<typeof profileProvisioning>,
) {
  return async function assertActive(caller: VerifiedToken): Promise<ProfileItem> {
    const { status, profile } = (await profiles.getForCall(caller.userId)) ?? (await provision(caller));
    if (status.suspended) throw new ApiError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
    if (isRevoked(caller.issuedAt, status.sessionsRevokedAt)) {
      throw new ApiError(401, 'SESSION_REVOKED', MESSAGES.sessionEnded);
    }
    return profile();
  };
}
