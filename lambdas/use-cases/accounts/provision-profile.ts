import type { Role } from '#common/roles.js';
import { AccountGoneError } from '../errors.js';
import type { ProfileForCall, ProfileRepository } from '../../data/repositories/profiles.js';
import type { CognitoAccounts } from '../../adapters/cognito-accounts.js';

/** The verified caller whose account has no profile yet. */
export type Newcomer = Readonly<{ userId: string; username: string; role: Role }>;

/**
 * A profile for an account made outside the sign-up form (an operator's, the seeded admin), made on its
 * first API call from its Cognito user's e-mail, but only while that user exists. A deleted account left a
 * tombstone (and its Cognito user is gone): refused.
 */
export function profileProvisioning(profiles: ProfileRepository, accounts: Pick<CognitoAccounts, 'find'>) {
  return async function provisionProfile(caller: Newcomer): Promise<ProfileForCall> {
    if (await profiles.isDeleted(caller.userId)) throw new AccountGoneError();
    const user = await accounts.find(caller.username);
    if (!user || user.sub !== caller.userId) throw new AccountGoneError();
    await profiles.create({
      userId: caller.userId,
      email: user.email,
      displayName: user.email.split('@')[0]?.slice(0, 50) || 'Guardian',
      authorName: '',
      ageBand: 'A',
      role: caller.role,
    });
    // Read again: a deletion that won the race left a tombstone, and the profile was not made.
    const account = await profiles.getForCall(caller.userId);
    if (!account) throw new AccountGoneError();
    return account;
  };
}
