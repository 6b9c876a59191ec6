import type { AgeBand } from '#common/age-bands.js';
import {
  libraryFiguresOf,
  NEAR_TWIN_THRESHOLD,
  writeCorpus,
  type LibraryFigures,
} from '../../test/support/library-measures.js';
import { namingOf, sharedSentencesOf } from '../../test/support/story-measures.js';

/**
 * What a parent hears across one child's library (test/support/library-measures.ts), measured whole: per
 * band, families of 10 stories (a full library) and of 19 (the most the writer is told: 18 earlier stories),
 * each written in turn as the workflow writes them; and the storyteller test's corpus whole (300 stories per
 * band written blind to each other, two seeds). The unit tests sample fewer of each (STORYTELLER_FULL=1 runs
 * them whole).
 */
export type StorytellerReport = {
  nearTwinThreshold: number;
  families: Record<`${AgeBand}${10 | 19}`, LibraryFigures & { seconds: number }>;
  corpus: Record<AgeBand, CorpusFigures>;
};

type CorpusFigures = {
  stories: number;
  /** Distinct sentences two or more stories of one corpus say (refrains left out), the mean of the two seeds. */
  sharedSentences: number;
  friendPer100Max: number;
  placePer100Max: number;
  mostNamed: number;
  seconds: number;
};

/** Families per size: 15 libraries of 10 (150 stories) and 8 families of 19 (152), per band. */
const FAMILIES = { 10: 15, 19: 8 } as const;
/** The storyteller test's corpus: 300 stories per band, on its two seeds. */
const CORPUS = { size: 300, seeds: [2026, 7] } as const;

export function benchStoryteller(): StorytellerReport {
  const families = {} as StorytellerReport['families'];
  const corpus = {} as StorytellerReport['corpus'];
  for (const band of ['A', 'B'] as const) {
    for (const size of [10, 19] as const) {
      const started = performance.now();
      const { figures } = libraryFiguresOf(band, FAMILIES[size], size);
      families[`${band}${size}`] = { ...figures, seconds: secondsSince(started) };
    }
    const started = performance.now();
    const [main, ...others] = CORPUS.seeds.map((seed) => writeCorpus(band, CORPUS.size, seed).map((w) => w.story));
    const shared = [main, ...others].map((stories) => sharedSentencesOf(stories ?? []).sharedSentences);
    const naming = namingOf(main ?? []);
    corpus[band] = {
      stories: CORPUS.size,
      sharedSentences: shared.reduce((a, b) => a + b, 0) / shared.length,
      friendPer100Max: naming.friendPer100Max,
      placePer100Max: naming.placePer100Max,
      mostNamed: naming.mostNamed,
      seconds: secondsSince(started),
    };
  }
  return { nearTwinThreshold: NEAR_TWIN_THRESHOLD, families, corpus };
}

const secondsSince = (started: number) => Math.round((performance.now() - started) / 100) / 10;
