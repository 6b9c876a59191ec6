import { MESSAGES } from '../../../common/validation/accounts.js';
import type { ProfileRepository } from '../../shared/repositories/profiles.js';
import { ApiError } from '../errors.js';
import type { Caller } from './token-verifier.js';

/** How long an account's status may be served from memory: a suspension takes effect within this. */
const STATUS_TTL_MS = 3000;

export const SESSION_REVOKED_MESSAGE = 'Your session has ended. Please sign in again.';

type Status = { suspended: boolean; tokensValidAfter: number };

/**
 * A Cognito token stays valid until it expires, whatever happens to the account; so every call also
 * reads the account's status from the table (cached for a few seconds per container).
 */
export function createAccountStatusCheck(profiles: ProfileRepository, now = () => Date.now()) {
  const cache = new Map<string, { status: Status; expires: number }>();

  async function statusOf(userId: string): Promise<Status> {
    const cached = cache.get(userId);
    if (cached && cached.expires > now()) return cached.status;
    const item = await profiles.getAccountStatus(userId);
    const status = { suspended: Boolean(item?.suspended_at), tokensValidAfter: item?.tokens_valid_after ?? 0 };
    if (cache.size > 10_000) cache.clear(); // bounded: a container never holds more than this
    cache.set(userId, { status, expires: now() + STATUS_TTL_MS });
    return status;
  }

  return async function assertActive(caller: Caller): Promise<void> {
    const status = await statusOf(caller.userId);
    if (status.suspended) throw new ApiError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
    if (caller.issuedAt < status.tokensValidAfter) throw new ApiError(401, 'SESSION_REVOKED', SESSION_REVOKED_MESSAGE);
  };
}
