import { AGE_BAND_HINT_KEY } from '#common/early-reads';
import type { AgeBand } from '#common/age-bands';

/** Remembers the family's band for the next visit's early script (see common/early-reads.ts). */
export function rememberAgeBand(band: AgeBand) {
  try {
    localStorage.setItem(AGE_BAND_HINT_KEY, band);
  } catch {
    // Storage refused (a private window's quota): the next visit asks after the profile, as without it.
  }
}

export function forgetAgeBand() {
  try {
    localStorage.removeItem(AGE_BAND_HINT_KEY);
  } catch {
    // Nothing stored, or storage unavailable: nothing to forget.
  }
}
