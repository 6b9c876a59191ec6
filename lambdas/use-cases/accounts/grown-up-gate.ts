import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { FAMILY_MESSAGES, GROWN_UP_GRANT_SECONDS, PIN_ATTEMPTS, PIN_LOCK_MINUTES } from '#common/family.js';
import type { UnlockRequest } from '#common/validation/grown-up.js';
import { AccountGoneError, UnlockRefusedError } from '../errors.js';
import type { GrownUpGrantRepository } from '../../data/repositories/grown-up-grants.js';
import type { RateLimiter } from '../../data/repositories/rate-limits.js';
import type { Actor, Member } from '../stories/access.js';
import type { CognitoAccounts } from '../../adapters/cognito-accounts.js';

/**
 * "Grown-ups only" (issue 36), enforced by the server: the parent unlocks with their PIN (or the account
 * password) and gets a grant, a random token good for GROWN_UP_GRANT_SECONDS on the device that asked; the
 * calls a child should not make alone (the profile, the password, children, sharing, the family's data,
 * approvals, feedback) are refused without it (lambdas/api/app.ts, access `grown-up`). The table keeps only
 * the token's SHA-256 (`USER#{id}` / `GRANT#{hash}`, expiring by itself), so a read of the table cannot
 * unlock anything; the PIN is kept as an scrypt hash with its salt, and wrong PINs lock it for a while.
 */

const scryptAsync = (password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** scrypt's cost: 16 MiB and about 50 ms a hash here, once per unlock. */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const HASH_BYTES = 32;

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so they can change later. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(pin, salt, HASH_BYTES, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A grant as the SPA holds it: the token to send, and when it stops working. */
export type GrownUpGrant = Readonly<{ token: string; expiresAt: string }>;

export type GrownUpGateDeps = Readonly<{
  grants: GrownUpGrantRepository;
  accounts: Pick<CognitoAccounts, 'checkPassword'>;
  rateLimits: RateLimiter;
}>;

export function grownUpGate(deps: GrownUpGateDeps) {
  const { grants } = deps;

  /** Counts a wrong PIN; the fifth in a row locks the PIN for PIN_LOCK_MINUTES. */
  async function countWrongPin(userId: string, now: number): Promise<boolean> {
    if ((await grants.countWrongPin(userId)) < PIN_ATTEMPTS) return false;
    await grants.lockPin(userId, now + PIN_LOCK_MINUTES * 60_000);
    return true;
  }

  async function grant(userId: string, now: number): Promise<GrownUpGrant> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = Math.floor(now / 1000) + GROWN_UP_GRANT_SECONDS;
    await grants.putGrant(userId, tokenHash(token), new Date(now).toISOString(), expiresAt);
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  return {
    /**
     * Unlocks with the PIN or the password (each try counted by the `unlock` rate limit). A wrong PIN is
     * counted on the profile: after PIN_ATTEMPTS in a row the PIN is refused for PIN_LOCK_MINUTES, while the
     * password still works (a PIN can be forgotten, and a child who knows it cannot lock the parent out).
     */
    async unlock(actor: Member, request: UnlockRequest, now = Date.now()): Promise<GrownUpGrant> {
      await deps.rateLimits.take(actor.userId, 'unlock', now);
      const { profile } = actor;
      if ('password' in request) {
        if (!(await deps.accounts.checkPassword(profile.email, request.password))) {
          throw new UnlockRefusedError(FAMILY_MESSAGES.wrongPassword);
        }
        return grant(actor.userId, now);
      }
      if (!profile.pin_hash) throw new UnlockRefusedError(FAMILY_MESSAGES.wrongPin);
      if ((profile.pin_locked_until ?? 0) > now) throw new UnlockRefusedError(FAMILY_MESSAGES.pinLocked, true);
      if (!(await pinMatches(request.pin, profile.pin_hash))) {
        const locked = await countWrongPin(actor.userId, now);
        throw new UnlockRefusedError(locked ? FAMILY_MESSAGES.pinLocked : FAMILY_MESSAGES.wrongPin, locked);
      }
      if (profile.pin_failures) await grants.clearPinFailures(actor.userId);
      return grant(actor.userId, now);
    },

    /** Whether this token is a live grant of this account (one strongly consistent GetItem). */
    async isGranted(userId: string, token: string, now = Date.now()): Promise<boolean> {
      return (await grants.grantExpiry(userId, tokenHash(token))) * 1000 > now;
    },

    /** "Done": the grant ends now, before its time (the device goes back to the child). */
    async lock(userId: string, token: string): Promise<void> {
      await grants.removeGrant(userId, tokenHash(token));
    },

    /** Sets or changes the PIN (the caller passed the gate already); any lock and count start again. */
    async setPin(actor: Actor, pin: string): Promise<void> {
      if (!(await grants.setPinHash(actor.userId, await hashPin(pin)))) throw new AccountGoneError();
    },
  };
}

export type GrownUpGate = ReturnType<typeof grownUpGate>;
