/**
 * Revoking an account's sessions (suspension, role change, password change).
 *
 * A token says when it was issued only to the second (JWT `iat`), so the rule is written in seconds: a
 * revocation at time T (milliseconds) refuses every token whose `iat` is T's second or earlier — a token
 * minted in the same second as a demotion may carry the old groups, so it is refused too. The call that
 * revokes answers only once that second is over: any token minted after the caller sees success is
 * issued in a later second and works. A session refused this way (SESSION_REVOKED) refreshes its token
 * once; its refresh, made after the refusal, also falls in a later second.
 */

/** Whether a token issued at `issuedAtSeconds` was revoked by a revocation at `revokedAtMs`. */
export function isRevoked(issuedAtSeconds: number, revokedAtMs: number | undefined): boolean {
  return revokedAtMs !== undefined && issuedAtSeconds <= Math.floor(revokedAtMs / 1000);
}

/** Milliseconds until the second of a revocation is over (0 when it already is). */
export function msUntilRevocationSettles(revokedAtMs: number, now: number): number {
  return Math.max(0, (Math.floor(revokedAtMs / 1000) + 1) * 1000 - now);
}

/** Waits until no token issued from now on can fall in the revocation's second (see above). */
export async function untilRevocationSettles(revokedAtMs: number | undefined): Promise<void> {
  if (revokedAtMs === undefined) return;
  const wait = msUntilRevocationSettles(revokedAtMs, Date.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
