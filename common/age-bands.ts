/** SPEC §1 and §5: the two age bands. A missing band reads as A; sign-up and profile forms default to B. */
export const AGE_BANDS = ['A', 'B'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const AGE_BAND_LABELS: Record<AgeBand, { name: string; ages: string }> = {
  A: { name: 'Little Storytellers', ages: '5-7' },
  B: { name: 'Young Adventurers', ages: '8-10' },
};

export const DEFAULT_FORM_AGE_BAND: AgeBand = 'B';
export const MISSING_AGE_BAND: AgeBand = 'A';

/** The option text shown in pickers: `Little Storytellers (5-7)`. */
export const ageBandOptionLabel = (band: AgeBand) => `${AGE_BAND_LABELS[band].name} (${AGE_BAND_LABELS[band].ages})`;

/** SPEC §8: "Age band updated to 5-7 years!" / "8-10 years!". */
export const ageBandUpdatedMessage = (band: AgeBand) => `Age band updated to ${AGE_BAND_LABELS[band].ages} years!`;
