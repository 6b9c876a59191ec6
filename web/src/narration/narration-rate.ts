import { AGE_BAND_LABELS } from '#common/age-bands';
import { DEFAULT_NARRATION_RATE } from '#common/narration';

/** How fast "Read to me" starts for a story of this age range ("5-7": a little slower). */
export const narrationRateOf = (ageRange: string) =>
  ageRange === AGE_BAND_LABELS.A.ages ? DEFAULT_NARRATION_RATE.A : DEFAULT_NARRATION_RATE.B;
