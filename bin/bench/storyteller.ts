import type { AgeBand } from '#common/age-bands.js';
import { libraryFiguresOf, NEAR_TWIN_THRESHOLD, type LibraryFigures } from '../../test/support/library-measures.js';

/**
 * What a parent hears across one child's library (test/support/library-measures.ts), measured whole: per
 * band, families of 10 stories (a full library) and of 19 (the most the writer is told: 18 earlier stories),
 * each written in turn as the workflow writes them. The unit test samples fewer families of each.
 */
export type StorytellerReport = {
  nearTwinThreshold: number;
  families: Record<`${AgeBand}${10 | 19}`, LibraryFigures & { seconds: number }>;
};

/** Families per size: 15 libraries of 10 (150 stories) and 8 families of 19 (152), per band. */
const FAMILIES = { 10: 15, 19: 8 } as const;

export function benchStoryteller(): StorytellerReport {
  const families = {} as StorytellerReport['families'];
  for (const band of ['A', 'B'] as const) {
    for (const size of [10, 19] as const) {
      const started = performance.now();
      const { figures } = libraryFiguresOf(band, FAMILIES[size], size);
      families[`${band}${size}`] = { ...figures, seconds: Math.round((performance.now() - started) / 100) / 10 };
    }
  }
  return { nearTwinThreshold: NEAR_TWIN_THRESHOLD, families };
}
