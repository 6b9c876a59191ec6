import { describe, expect, it } from 'vitest';
import { isRevoked, msUntilRevocationSettles } from '../../lambdas/api/auth/revocation.js';

describe('session revocation to the second', () => {
  const revokedAt = 1_700_000_000_250; // 250 ms into second 1_700_000_000

  it('refuses tokens issued in the revocation second or before, and accepts the next second', () => {
    expect(isRevoked(1_699_999_999, revokedAt)).toBe(true);
    expect(isRevoked(1_700_000_000, revokedAt)).toBe(true);
    expect(isRevoked(1_700_000_001, revokedAt)).toBe(false);
    expect(isRevoked(1, undefined)).toBe(false);
  });

  it('waits exactly until the revocation second is over', () => {
    expect(msUntilRevocationSettles(revokedAt, revokedAt)).toBe(750);
    expect(msUntilRevocationSettles(revokedAt, 1_700_000_000_999)).toBe(1);
    expect(msUntilRevocationSettles(revokedAt, 1_700_000_001_000)).toBe(0);
    expect(msUntilRevocationSettles(revokedAt, 1_700_000_005_000)).toBe(0);
  });
});
