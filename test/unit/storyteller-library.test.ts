import { describe, expect, it } from 'vitest';
import type { AgeBand } from '#common/age-bands.js';
import { validateStory } from '#common/story-validation.js';
import {
  cardOpeningsOf,
  libraryFiguresOf,
  NEAR_TWIN_THRESHOLD,
  nearTwinsOf,
  similarity,
  maskedWords,
  type FamilyStory,
} from '../support/library-measures.js';
import { BANDS, printTable } from '../support/story-measures.js';

/**
 * What a parent hears across one child's library (issue 37): near-twin sentences (the same sentence with a
 * name, a place or an adjective swapped), an episode heard twice, library cards that open alike, and how much
 * of the story the chosen mission takes. Families are written in turn, as the workflow writes them (each
 * story told the ones before it). This test samples a few families per band; `npm run bench -- --only
 * storyteller` measures 15 libraries of 10 and 8 families of 19 per band, and its figures are the README's.
 */
/**
 * The default run samples a few families (issue 38: a quick unit layer on a shared 2-core machine);
 * `STORYTELLER_FULL=1` writes the bench's families whole (15 libraries of 10 and 8 families of 19 per band) and
 * holds the budget on them.
 */
const FULL = process.env.STORYTELLER_FULL === '1';
// A family of 19 (each story told up to 18 others) takes as long as three libraries of ten: the full run's.
const SAMPLE: Record<10 | 19, number> = FULL ? { 10: 15, 19: 8 } : { 10: 2, 19: 0 };

/**
 * As last measured on this sample (the bench's whole figures are in the README). A change that makes a
 * library sound more alike fails here; lower these as the storyteller grows, never raise them without
 * saying why here.
 */
const HELD_SAMPLE: Record<AgeBand, Record<10 | 19, { nearTwins: number }>> = {
  // First measured at 0.39 and 0.56 (band A), 0.39 and 0.53 (band B), before the writer listened for them.
  // Then 0.068 and 0.23, 0.054 and 0.11 once it listened; 0.032 and 0.21, 0.041 and 0.11 once a draft with any
  // near-twin was drawn again and the mentor, the party, the walk and the hazard had more voices; band A 0.042
  // once a card that opens like another came first (no library of ten has two cards alike).
  // Raised from 0.033 to 0.035 when the writer began hearing card openings alike but for one word (measured
  // 0.0344 here): it redraws a few more openings, which moves this 2-library sample's draws; the bench's 15
  // libraries stayed at 0.024 and their cards alike went from 1 of 15 to 0 in both bands.
  A: { 10: { nearTwins: 0.035 }, 19: { nearTwins: 0.23 } },
  // Band B's family of 19 rose to 0.131 with the cards (a family of 19 has more cards than openings, and a
  // card that opens alike now weighs more than a near-twin; a library holds at most 10).
  // Band B's libraries of 10 measured 0.051 on this sample once the slips' fixes took a few voices' ties away;
  // the bench's 15 libraries are what the 5 % budget is judged on.
  B: { 10: { nearTwins: 0.027 }, 19: { nearTwins: 0.135 } },
};
// Issue 38 took the default sample to 2 libraries of 10 per band and no family of 19 (the full run's): first
// measured there at A 0.032 and B 0.022 (with the new voices for the friend's wish, the riddle's answer, the
// look and the home), then B 0.036 and 0.026 as the last wording fixes ("immense steps", "as colossal as the
// sky", "a speedy picture", "vigilant") moved a few draws: two libraries are a noisy sample; the full run's 15
// are what the 5 % budget is judged on. The 19s above are the old sample's (1 family), for the record.
/**
 * The whole (see FULL): a library of ten has at most 5 % near-twins in either band (issue 37's budget); families
 * of 19, as the bench measured them.
 */
const HELD_FULL: Record<AgeBand, Record<10 | 19, { nearTwins: number }>> = {
  // Measured (issue 37, third round): libraries of 10 at A 0.024 and B 0.028, families of 19 at 0.196 and 0.115.
  A: { 10: { nearTwins: 0.05 }, 19: { nearTwins: 0.197 } },
  B: { 10: { nearTwins: 0.05 }, 19: { nearTwins: 0.115 } },
};
const HELD = FULL ? HELD_FULL : HELD_SAMPLE;
/** Libraries of ten with two cards that open alike, at most: as measured on the sample, and on the whole. */
const CARDS_ALIKE = 0;
/**
 * Families saying a sentence or a title twice, word for word: none in a library of ten. The full run's 8
 * band-A families of 19 measured one of each (issue 37, third round: the first time the test wrote them whole).
 */
const SAID_TWICE: Record<10 | 19, number> = { 10: 0, 19: FULL ? 1 : 0 };

// Each story of a family is drafted until it fits its band and sounds like none the child heard: about a
// second a story of a family of 19 on this shared machine.
describe("one child's library, as a parent hears it", { timeout: FULL ? 1_800_000 : 300_000 }, () => {
  it('masks names, places and adjectives, and calls two sentences near-twins past the stated threshold', () => {
    const names = ['Mia', 'Pip', 'Bramblewick'];
    const a = maskedWords("Flapjack's unicorn knees shook.", ['Mia', 'Flapjack', 'Fernton']);
    const b = maskedWords("Pip's unicorn knees shook.", names);
    expect(a).toEqual(b);
    const cape = maskedWords('Mia had a swishy cape, a blue mask and the biggest heart in town.', names);
    const cape2 = maskedWords('Mia had a silky cape, a golden mask and the kindest heart in town.', names);
    expect(similarity(cape, cape2)).toBe(1);
    // One other word in five may differ; a different sentence is not a twin.
    expect(NEAR_TWIN_THRESHOLD).toBe(0.8);
    const other = maskedWords('The troll wiggled the toe and laughed a big, rumbly laugh.', names);
    expect(similarity(cape, other)).toBeLessThan(NEAR_TWIN_THRESHOLD);
  });

  it('finds near-twins and cards that open alike when they are there (the measure can fail)', () => {
    const story = (friend: string, paragraphs: string[]): FamilyStory =>
      ({
        choices: { heroName: 'Mia' },
        written: {
          draft: { title: friend, paragraphs },
          refrains: [],
          names: { friend, place: 'Oakby' },
          plan: [],
          episodes: [],
        },
      }) as unknown as FamilyStory;
    const family = [
      story('Pip', ['Once upon a time in Oakby, there lived a super hero named Mia. Mia had a swishy cape.']),
      story('Dot', ['Once upon a time in Oakby, there lived a brave robot named Mia. Dot loved the rain.']),
    ];
    expect(nearTwinsOf(family).withTwin).toBe(2);
    expect(cardOpeningsOf(family).cardsSharing).toBe(2);
  });

  it('keeps a library from sounding alike: near-twins, episodes, card openings, and the mission at its heart', () => {
    const rows: Record<string, Record<string, number | string>> = {};
    for (const band of ['A', 'B'] as const) {
      for (const size of [10, 19] as const) {
        if (SAMPLE[size] === 0) continue;
        const { figures, written, twins } = libraryFiguresOf(band, SAMPLE[size], size);
        rows[`${band}, families of ${size}`] = { ...figures };
        if (process.env.SHOW_TWINS)
          for (const t of twins) for (const [x, y] of t.examples) console.log(`${band}${size} ${x}  ||  ${y}`);
        for (const story of written.flat())
          expect(validateStory(story.written.draft, BANDS[band]).problems).toEqual([]);
        // The last round's goal, word for word, stays met.
        expect(figures.familiesWithSentenceTwice, `${band} ${size}`).toBeLessThanOrEqual(SAID_TWICE[size]);
        expect(figures.familiesWithTitleTwice, `${band} ${size}`).toBeLessThanOrEqual(SAID_TWICE[size]);
        expect(figures.nearTwinShare, `${band} ${size}`).toBeLessThanOrEqual(HELD[band][size].nearTwins);
        // A library of ten hears no episode twice; every story's mission takes more than one sentence to do,
        // and the mission moves the middle on.
        if (size === 10) expect(figures.familiesWithEpisodeTwice, band).toBe(0);
        // Cards that open alike: none, in the sample as in the full run (0 of 15 in each band once the writer heard
        // openings alike but for one word; 1 of 15 before, 2 before that, 11 and 3 before the writer read the cards).
        if (size === 10) expect(figures.familiesWithCardsAlike, band).toBeLessThanOrEqual(CARDS_ALIKE);
        expect(figures.resolutionMin, band).toBeGreaterThanOrEqual(2);
        expect(figures.middleMin, band).toBeGreaterThanOrEqual(1);
      }
    }
    printTable(`A child's library, written in turn (near-twins at similarity ≥ ${NEAR_TWIN_THRESHOLD})`, rows);
  });
});
