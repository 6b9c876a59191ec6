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
 * password) and gets a grant, a random token good for GROWN_UP_GRANT_SECONDS in the session that asked; the
 * calls a child should not make alone (the profile, the password, children, sharing, the family's data,
 * approvals, feedback) are refused without it (lambdas/api/app.ts, access `grown-up`). The table keeps only
 * the token's SHA-256 (`USER#{id}` / `GRANT#{hash}`, expiring by itself), so a read of the table cannot
 * unlock anything; the PIN is kept as an scrypt hash with its salt, and wrong PINs lock it for a while.
 * A grant holds only for the Cognito sign-in that asked, and only until the account's sessions are revoked.
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

/** Who asks: the signed-in member, with the session (Cognito sign-in) the call's token belongs to. */
export type GrownUpAsker = Member & Readonly<{ session: string; issuedAt: number }>;

/**
 * Who presents a grant: the session of the call's token, and the account's revocation rule (whether a
 * token issued at that epoch second has been revoked since: lambdas/api/auth/revocation.ts).
 */
export type GrantHolder = Readonly<{
  userId: string;
  session: string;
  isRevoked(issuedAtSeconds: number): boolean;
}>;

export function grownUpGate(deps: GrownUpGateDeps) {
  const { grants } = deps;

  async function grant(asker: GrownUpAsker, now: number): Promise<GrownUpGrant> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = Math.floor(now / 1000) + GROWN_UP_GRANT_SECONDS;
    await grants.putGrant(asker.userId, tokenHash(token), {
      grantedAt: new Date(now).toISOString(),
      expiresAt,
      session: asker.session,
      tokenIssuedAt: asker.issuedAt,
    });
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /**
   * A PIN try: claimed first (one conditional write, refused while the PIN is locked), then compared, so
   * no number of parallel tries judges more than PIN_ATTEMPTS PINs in a row. A locked PIN counts nothing,
   * not even a slot of the rate limit.
   */
  async function unlockWithPin(asker: GrownUpAsker, pin: string, now: number): Promise<GrownUpGrant> {
    const { pin_hash: pinHash } = asker.profile;
    if (!pinHash) throw new UnlockRefusedError(FAMILY_MESSAGES.wrongPin);
    const slot = await deps.rateLimits.take(asker.userId, 'unlock', now);
    const tries = await grants.claimPinTry(asker.userId, PIN_ATTEMPTS, PIN_LOCK_MINUTES * 60_000, now);
    if (tries === undefined) {
      await slot.release();
      throw new UnlockRefusedError(FAMILY_MESSAGES.pinLocked, true);
    }
    if (!(await pinMatches(pin, pinHash))) {
      const locked = tries >= PIN_ATTEMPTS;
      throw new UnlockRefusedError(locked ? FAMILY_MESSAGES.pinLocked : FAMILY_MESSAGES.wrongPin, locked);
    }
    await grants.clearPinTries(asker.userId);
    return grant(asker, now);
  }

  return {
    /**
     * Unlocks with the PIN or the password, for the session that asks. After PIN_ATTEMPTS wrong PINs in a
     * row the PIN is refused for PIN_LOCK_MINUTES, while the password still works (a PIN can be forgotten,
     * and a child who knows it cannot lock the parent out): PIN and password tries each have their own
     * rate limit (`unlock`, `unlock-password`).
     */
    async unlock(asker: GrownUpAsker, request: UnlockRequest, now = Date.now()): Promise<GrownUpGrant> {
      if ('pin' in request) return unlockWithPin(asker, request.pin, now);
      await deps.rateLimits.take(asker.userId, 'unlock-password', now);
      if (!(await deps.accounts.checkPassword(asker.profile.email, request.password))) {
        throw new UnlockRefusedError(FAMILY_MESSAGES.wrongPassword);
      }
      return grant(asker, now);
    },

    /**
     * Whether this token is a live grant of this account for this very session (one strongly consistent
     * GetItem): another session of the account, or the same one after its sessions were revoked (a
     * password change or reset, a suspension, a role change), holds nothing with it.
     */
    async isGranted(holder: GrantHolder, token: string, now = Date.now()): Promise<boolean> {
      const found = await grants.findGrant(holder.userId, tokenHash(token));
      return (
        found !== undefined &&
        found.expiresAt * 1000 > now &&
        found.session === holder.session &&
        !holder.isRevoked(found.tokenIssuedAt)
      );
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
