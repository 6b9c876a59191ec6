import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgeBand } from '#common/age-bands.js';
import { CHARACTER_TYPES, MISSIONS, STORY_TYPES } from '#common/story-choices.js';
import { measureStory, paginate, splitSentences, validateStory } from '#common/story-validation.js';
import { writePlannedStory, writeStory } from '../../storyteller/story-writer.js';
import { KNOWN_WORDS, readErrand, readHeroTraits, readTheme, wordsOf } from '../../storyteller/traits.js';
import { placeName } from '../../storyteller/facts.js';
import { mulberry32 } from '../../storyteller/random.js';
import { escapeRegExp } from '../../storyteller/template.js';
import type { StoryDraft } from '../../lambdas/workflow/providers/types.js';
import { writeCorpus } from '../support/library-measures.js';
import { REPORTED_HOSTILE_DESCRIPTIONS } from '../fixtures/hostile-descriptions.js';
import {
  BANDS,
  namingOf,
  printTable,
  sharedSentencesOf,
  richnessOf,
  storyRequest,
  varietyOf,
  type StoryChoices,
  type Written,
} from '../support/story-measures.js';

const everything = (draft: StoryDraft) =>
  [draft.title, draft.excerpt, ...draft.paragraphs, ...Object.values(draft.scenes)].join('\n');

const base: StoryChoices = {
  band: 'A',
  heroName: 'Lily',
  characterType: 'Creature',
  storyType: 'Magical',
  mission: 'Rescue',
  styleIndex: 0,
  seed: 42,
};

/** Runs of `n` consecutive words of the family's text that the story also says, in order. */
function sharedRuns(family: string, story: string, n: number): string[] {
  const familyWords = wordsOf(family);
  const storyText = ` ${wordsOf(story).join(' ')} `;
  const runs: string[] = [];
  for (let i = 0; i + n <= familyWords.length; i++) {
    const run = familyWords.slice(i, i + n);
    if (storyText.includes(` ${run.join(' ')} `)) runs.push(run.join(' '));
  }
  return runs;
}

// Words a family might type: some we know, some everyday words, and made-up ones (zq…) no story ever uses.
const knownWord = fc.constantFrom(...[...KNOWN_WORDS].filter((w) => w.length > 2));
const everydayWord = fc.constantFrom(
  ...'who wants to his her my our loves likes is very and with the in at on a little big best friend always never sings dances at night who lives under bed goes to school'.split(
    ' ',
  ),
);
const madeUp = fc.stringMatching(/^[a-z]{2,7}$/).map((w) => `zq${w}`);
const familyText = (max: number) =>
  fc
    .array(fc.oneof(knownWord, everydayWord, madeUp), { minLength: 1, maxLength: 16 })
    .map((words) => words.join(' ').slice(0, max).trim())
    .filter((text) => text.length > 0);

const anyChoices: fc.Arbitrary<StoryChoices> = fc.record({
  band: fc.constantFrom<AgeBand>('A', 'B'),
  heroName: fc.constantFrom('Lily', 'Zoe', 'Arlo', 'Mia Rose'),
  characterType: fc.constantFrom(...CHARACTER_TYPES),
  storyType: fc.constantFrom(...STORY_TYPES),
  mission: fc.constantFrom(...MISSIONS),
  styleIndex: fc.nat(5),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

describe("the local storyteller and the family's own words", { timeout: 60_000 }, () => {
  it('never pastes a family-typed sentence, nor any 4-word run of it outside our vocabulary', () => {
    fc.assert(
      fc.property(
        anyChoices,
        familyText(80),
        familyText(80),
        familyText(80),
        (choices, character, storyType, mission) => {
          const max = BANDS[choices.band].validators.custom_description_max;
          const custom = { character: character.slice(0, max), storyType: storyType.slice(0, max), mission };
          const draft = writeStory(storyRequest({ ...choices, custom }));
          const text = everything(draft);
          for (const typed of Object.values(custom)) {
            if (wordsOf(typed).length >= 3) expect(text.toLowerCase()).not.toContain(typed.toLowerCase());
            const foreign = sharedRuns(typed, text, 4).filter((run) => run.split(' ').some((w) => !KNOWN_WORDS.has(w)));
            expect(foreign, typed).toEqual([]);
          }
          // A word we do not know never gets in, anywhere: story, title, excerpt or picture descriptions.
          expect(text).not.toMatch(/zq/i);
          expect(validateStory(draft, BANDS[choices.band]).problems).toEqual([]);
        },
      ),
      { numRuns: 300, seed: 20_261_123 },
    );
  });

  it("keeps the issue's hostile descriptions out of the story entirely", () => {
    const hostile = [
      ...REPORTED_HOSTILE_DESCRIPTIONS,
      'a bl\u043e\u043ed monster',
      'bl\u200Bood everywhere',
      'a k i l l e r',
      'b33r drinker',
      '\uff33\uff34\uff35\uff30\uff29\uff24 dragon',
      'f*ck this',
      '<script>alert(1)</script> robot',
    ];
    const banned =
      /life|knife|pills|joint|smok|lingerie|razor|blade|\bcuts\b|blood|bl.od|k i l l|killer|b33r|beer|stupid|ｓｔｕｐｉｄ|f\*ck|script|alert|drinker/i;
    for (const band of ['A', 'B'] as const) {
      for (const description of hostile) {
        for (const field of ['character', 'storyType', 'mission'] as const) {
          const draft = writeStory(storyRequest({ ...base, band, custom: { [field]: description } }));
          expect(everything(draft), `${field}: ${description}`).not.toMatch(banned);
        }
      }
    }
    // Issue 13's own example, as the SPEC's hero "Zoe".
    const zoe = writeStory(
      storyRequest({ ...base, heroName: 'Zoe', custom: { character: 'a boy who wants to end his life' } }),
    );
    expect(zoe.paragraphs.join(' ')).not.toMatch(/special:|wants to end|his life/);
  });

  it('weaves a description in as traits: "a small purple dragon who loves pancakes"', () => {
    expect(readHeroTraits('A small PURPLE dragon who loves pancakes and carries a lantern')).toEqual({
      size: 'small',
      colour: 'purple',
      creature: 'dragon',
      loves: 'pancakes',
      holds: 'lantern',
    });
    // Look-alike letters do not make a word we know; an invisible character inside one is ignored (the word,
    // in our own spelling, is then all that gets in).
    expect(readHeroTraits('a purрle drag\u200Bon')).toEqual({ creature: 'dragon' });
    expect(readHeroTraits('loves books')).toEqual({ loves: 'books' });
    // Words that name JavaScript's own properties are words like any other: unknown, so dropped.
    expect(readHeroTraits('constructor toString __proto__ hasOwnProperty loves valueOf')).toEqual({});
    expect(readErrand('find constructor for __proto__')).toEqual({ errand: 'find' });
    expect(readTheme('a story with pirates and treasure')).toBe('pirates');
    expect(readErrand('bake a cake for grandma')).toEqual({ errand: 'make', object: 'cupcakes', person: 'Grandma' });

    const custom = {
      character: 'a small purple dragon who loves pancakes and carries a lantern',
      storyType: 'pirates',
      mission: 'bake a cake for grandma',
    };
    for (const band of ['A', 'B'] as const) {
      const draft = writeStory(storyRequest({ ...base, band, custom }));
      const text = draft.paragraphs.join(' ');
      // Whichever opening the seed draws: "…there lived a small purple dragon named Lily", "Lily is a small…".
      expect(draft.paragraphs[0]).toMatch(/a small purple dragon named Lily|Lily(,| is| was) a small purple dragon/);
      expect(text).toMatch(/Lily had (bat-like|leathery) wings/);
      expect(text).toMatch(/loved pancakes[.,]/);
      expect(text).toContain('a tall stack of pancakes'); // what the hero loves comes to the party
      expect(text).toMatch(/(never went anywhere without|always carried|was hardly ever seen without) a lantern/);
      expect(text).toContain('Lily held up the lantern'); // and the lantern is used
      expect(text).toMatch(/pirate ship/);
      // The family's mission is the story's own: "bake a cake for grandma" is what the two set out to do.
      expect(text).toMatch(/make a cake for Grandma[^.]*\..*made the cake for Grandma/);
      expect(text).not.toMatch(/special:|something special in it|one more thing Lily hoped/);
      expect(draft.scenes.climax).toContain('(hero: a small purple dragon, holding a lantern)');
    }
    // A personality word is set up early and matters at the climax: the shy hero finds a voice.
    for (const band of ['A', 'B'] as const) {
      const shy = writePlannedStory(storyRequest({ ...base, band, custom: { character: 'a shy bear' } }));
      const setUp = shy.plan.findIndex((s) => s.sets === 'personality');
      const payOff = shy.plan.findIndex((s) => s.pays === 'personality');
      expect(shy.plan[setUp]?.text).toMatch(/Lily was shy/);
      expect(shy.plan[payOff]?.beat).toBe('climax');
      expect(shy.plan[payOff]?.text).toMatch(
        /Lily felt shy, (then \p{Lu}\p{L}+ (smiled|nodded) and Lily|but then Lily took a breath and) spoke up/u,
      );
      expect(validateStory(shy.draft, BANDS[band]).problems).toEqual([]);
    }
    // The described creature's own features, never the generic creature's tiny wings or glowing tail.
    for (let seed = 0; seed < 40; seed++) {
      const bunny = writeStory(
        storyRequest({ ...base, band: 'B', seed, custom: { character: 'a white bunny' } }),
      ).paragraphs.join(' ');
      expect(bunny).toContain('long floppy ears');
      expect(bunny).not.toMatch(/Lily flapped|tiny wings|tail glowed/);
    }
    // A hero who is not a creature keeps what it is; the colour becomes the outfit.
    const explorer = writeStory(
      storyRequest({ ...base, characterType: 'Explorer', custom: { character: 'a brave explorer in red boots' } }),
    );
    expect(explorer.paragraphs[0]).toMatch(/a brave explorer named Lily|Lily(,| is| was) a brave explorer/);
    expect(explorer.paragraphs[0]).toMatch(/favourite colour was red|owned was red|a flash of red/);
  });
});

/**
 * Distinct sentences that two or more of the 300 stories say, outside the declared refrains, as last measured
 * (see the printed table). These stories are written blind to each other, as two families' stories are. Where a
 * child meets stories side by side, in their family, none is said twice: the writer is told every story the
 * child has heard and says none of its sentences again (the families of 19 stories below are held at 0).
 * Across families the figure is not 0, and is held here so that no change makes stories more alike. The way
 * down so far (the commit log of the storyteller's files tells each step): 2,214 (band A) and 2,988 (band B) before the grammar; about
 * 1,345 and 430 once the most-said lines named the story's own facts (its friend, place or day); 762 and 268
 * with twice as many friends' names; 356 and 166 after the read-through's slips were mended; 270 and 125
 * with twice as many names again (more than half of the shared sentences were two stories of one mission
 * that drew the same friend) and more place names.
 * Band A's sentences are at the edge of its length rule (an average of 10 words at most, with a two-word
 * hero name and a family's description), so its lines can take a fact only in place of a word, not beside it;
 * and each fact a line names is one more name a parent reads aloud (see MEASURED_NAMING).
 * The figure of one corpus moves by up to ±25 whenever a line's choices change (the seeded draws that
 * follow shift), so the test holds the mean of two corpora (seeds 2026 and 7): 279 and 126.5 when first
 * measured so, with "little" and "tiny" kept where a richer word reads oddly (band B was 124 before that);
 * 278 and 125 once the place kept its name after "across" ("across the museum" read oddly). Band B was raised
 * to 127.5 when a day among the stars got a starry sky rather than wind in the leaves: over four corpora (seeds
 * 2026, 7, 11 and 42) band B went from 123 to 122.25 and band A from 289.25 to 287.5, but the two held here
 * moved B by +2.5 (the draws' noise above). Band B was raised to 128 when a clue traced "with one finger" stayed
 * the hero's alone ("Mia and Pip traced the clue with one finger" was in 85 of 600 band-B stories): over the same
 * four corpora band B went from 122.25 to 123.25 and band A did not move.
 * A change that makes stories more alike fails here; lower these as the grammar grows, never raise them.
 */
// Issue 37 raised both, knowingly: a child's own library now keeps from near-twins (the same sentence with a
// name or a word swapped: band A 38 % → under 10 %, storyteller-library.test.ts), which takes many more
// voices for every line, and most of the new voices carry no fact of the story (no friend, place or day)
// where a band-A line has no room for one. Two families written blind to each other share them: 276 → 618 and
// 128 → 335 distinct sentences (4.9 % and 1.6 % of their sentences before, about 11 % and 4 % now). What a
// family meets is its own library; a saved story from another family is told to the writer as one of the
// child's (see "Story provider" in the README). Lower these again as the new voices name the story's facts.
// Band B 335 → 357 when the friend stopped "watching" what the friend is part of ("While Nell watched, the two
// friends wandered…", "As Hector watched, there was a party that night"): those sentences had differed by the
// tie, and are now said plainly (band A 618 → 617.5 with the same change and the mentor's new voices).
// A 618 → 640 and B 357 → 372 when the openings grew from 10 to 15 voices so that no two cards of a child's
// library open alike: stories written blind to each other now share an opening line more often when their
// hero is the same kind ("Once there was a funny robot named Mia").
// A 640 → 641 and B 372 → 376 when a tag that names its listener ("Mia told Granny Owl") took no second one
// ("… to Pip"): those lines had differed by the friend's name.
// A 641 → 656 (issue 37, third round): the home line, a hero's colour and the riddle's answer gained voices that
// name none of the story's facts ("If you wanted to find Mia, the place to look was…", "Everything Mia owned was
// gold…") so that a child's own library hears none twice; two corpora written blind to each other share them more
// often (a child's library of ten went from 3.3 % to 2.4 % near-twins, storyteller-library.test.ts).
const MEASURED_SHARED_FULL = { A: 656, B: 376 };

/**
 * The default run writes a sample of each band's corpus, so the unit layer stays quick on a shared 2-core
 * machine (issue 38): SAMPLE_SIZE stories per band and no second corpus. `STORYTELLER_FULL=1` writes the whole
 * of it (300 stories per band, and a second corpus of 300 for the shared sentences), which the figures above
 * and below were measured on; the sample holds its own figures, measured on its stories (the first
 * SAMPLE_SIZE of the same seed), with the same rule: lower them, never raise them without saying why.
 */
const FULL = process.env.STORYTELLER_FULL === '1';
const SAMPLE_SIZE = 100;
const CORPUS_SIZE = FULL ? 300 : SAMPLE_SIZE;
/** The corpus measured besides the main one (seed 2026), in the full run. */
const OTHER_CORPUS_SEEDS = FULL ? [7] : [];
/** The sample's shared sentences (one corpus of SAMPLE_SIZE stories per band), as first measured (issue 37). */
const MEASURED_SHARED_SAMPLE = { A: 189, B: 95 };
const MEASURED_SHARED = FULL ? MEASURED_SHARED_FULL : MEASURED_SHARED_SAMPLE;

/**
 * How often a story names its friend and its place, per hundred words, at most over the 300 stories (and the
 * name said most in one story, the hero's left out, on average), as measured. A parent reading aloud hears a
 * name said in every other line. First measured at A 9.79 and B 6.55 for the friend (means 7.93 and 5.16),
 * 4.15 and 4.14 for the place, the most-named word 36.2 and 42.0 times a story; the read-through (naming.ts),
 * calling the friend and the place by what they are where a line keeps another of the story's names, brought
 * them to these figures (the commit log tells each step).
 * The aim, 4 friend's names and 2 place's names per hundred words at most (a name about every other page of
 * band A, as picture books do), is not reached: band A's lines are at the edge of its sentence-length rule,
 * so an epithet of three words has room in only a few of them, and a line that loses the name with nothing
 * else of its own is said by other stories too (leaving out a name said to the friend's face in a long line
 * took band A to 5.84 but its shared sentences from 360 to 495; calling band B's place by what it is in long
 * lines took it to 1.95, shared sentences 166 to 241).
 * A change that names them more often fails here; lower these as the naming grows lighter, never raise them
 * without saying why here.
 */
const MEASURED_NAMING_FULL = {
  // Band A's most-named word was raised from 31.3 to 31.36 with twice as many friends' names (31.26 → 31.36
  // on this corpus, 31.65 → 31.77 on a second seed): the price of its shared sentences falling 355 → 270.
  // Then to 31.52, when the friend kept its name before the line that says what it is (a five-year-old does
  // not know who "the trusty dog" is yet): 31.88 on the second seed.
  A: { friendMax: 9.01, placeMax: 4.01, mostNamed: 31.52 },
  // Band B's friend maximum was raised from 5.51 to 5.67 when the friend crossing a hazard after the hero was
  // named ("…, and Pip followed close behind") rather than left waiting nearby while they crossed together.
  // Then to 5.68 when "across the museum" became "across Zoomara" again: one word fewer in the story with the most.
  // Raised by issue 37 from 5.68 and 33.8: the new voices that keep a library from near-twins speak to the
  // friend by name more often (a name is masked when lines are compared, so it costs nothing there).
  // Then 6.15 → 6.33 (issue 37, second round): the walk, the hazard worry and the party gained voices in which
  // the friend acts by name ("Pip hugged Mia so hard…", "Pip sat down abruptly…"); most-named 34.6 → 34.86.
  // Then 6.33 → 6.49 (third round, measured 6.480): the friend's wish is told in five voices, two of which name the friend twice
  // ("There was something Pip had never told anyone, not even Mia: Pip longed to…"); band B's libraries of ten
  // went from 5.6 % to 2.8 % near-twins with them.
  B: { friendMax: 6.49, placeMax: 4.03, mostNamed: 34.9 },
};
/** The same, over the sample (see FULL), as measured. */
const MEASURED_NAMING_SAMPLE = {
  A: { friendMax: 8.69, placeMax: 3.24, mostNamed: 30.32 },
  B: { friendMax: 5.98, placeMax: 3.13, mostNamed: 34.29 },
};
const MEASURED_NAMING = FULL ? MEASURED_NAMING_FULL : MEASURED_NAMING_SAMPLE;
/**
 * Band B's mean word length over band A's: 0.134 (4.459 against 4.325) before issue 37, whose new voices are
 * written in everyday words in both bands (0.112 after); held at 0.11.
 */
const WORD_LENGTH_MARGIN = 0.11;
/** Band B's type-token ratio over band A's, as measured. */
const TTR_MARGIN = 0.006;

/** Walks a story's plan: every pay-off was set up earlier, every set-up is paid off, all of it is printed. */
function planProblems({ draft, plan }: ReturnType<typeof writePlannedStory>): string[] {
  const problems: string[] = [];
  const open = new Map<string, number>();
  const text = draft.paragraphs.join(' ');
  plan.forEach((step, i) => {
    if (!text.includes(step.text)) problems.push(`step ${i} (${step.beat}) is not in the story`);
    if (step.pays && !open.has(step.pays)) problems.push(`${step.pays} is paid off in ${step.beat} but never set up`);
    if (step.pays) open.set(step.pays, -1);
    if (step.sets && open.get(step.sets) !== -1) open.set(step.sets, i);
  });
  for (const [thread, at] of open) if (at >= 0) problems.push(`${thread} is set up but never paid off`);
  return problems;
}

const HERO = 'Mia';

describe('the local storyteller: plan, variety and band richness', { timeout: 60_000 }, () => {
  /** CORPUS_SIZE stories of one band, from the corpus seed's choices, with a family's description in a third. */
  const storiesOf = (band: AgeBand, seed?: number) => writeCorpus(band, CORPUS_SIZE, seed, HERO);
  const corpus: Record<AgeBand, Written[]> = { A: [], B: [] };
  const plans: Record<AgeBand, ReturnType<typeof writePlannedStory>[]> = { A: [], B: [] };
  for (const band of ['A', 'B'] as const) {
    for (const { written, story } of storiesOf(band)) {
      plans[band].push(written);
      corpus[band].push(story);
    }
  }

  it(`pays off every set-up, and sets up every pay-off, in ${2 * CORPUS_SIZE} stories`, () => {
    for (const band of ['A', 'B'] as const) {
      plans[band].forEach((written, i) => {
        expect(planProblems(written), `${band} ${i}`).toEqual([]);
        // Every story has a trouble that is set up and resolved, and a fear that is comforted.
        expect(written.plan.some((s) => s.sets === 'trouble')).toBe(true);
        expect(written.plan.some((s) => s.pays === 'fear')).toBe(true);
      });
    }
  });

  it('keeps a mystery until its reveal: the white shape is not called a goat before the truth comes out', () => {
    let mysteries = 0;
    for (let seed = 0; seed < 120; seed++) {
      for (const band of ['A', 'B'] as const) {
        const text = writeStory(
          storyRequest({ ...base, band, storyType: 'Mystery', seed, custom: {} }),
        ).paragraphs.join(' ');
        const shape = text.indexOf('white shape');
        if (shape < 0) continue;
        mysteries++;
        const reveal = text.search(/\bthe truth:/u);
        expect(reveal).toBeGreaterThan(shape);
        expect(text.slice(0, reveal)).not.toMatch(/goat/);
      }
    }
    expect(mysteries).toBeGreaterThan(10);
  });

  it('holds a friend\'s own paw, wing or hoof, doubles no noun, reads no odd thesaurus word, says the friend\'s name to its face once in a row, greets the one it meets, says "on" an island, keeps "that very morning", puts "an" only before a vowel, prints no grammar marks, names no place with three letters in a row, says "Wiggles\' help", asks a question rather than cheering it, says "at last" once, names one deadline a sentence, sets no speech tag in the sky, traces a clue with one finger alone, and answers scared with brave', () => {
    let greetings = 0;
    for (const band of ['A', 'B'] as const) {
      for (const { draft, names } of corpus[band]) {
        const text = draft.paragraphs.join(' ');
        // Slips a read-through found (stories hitting each in this corpus, before → after the fix): a noun
        // doubled by a richer word for its adjective ("a giant stone giant", A 18 → 0); the friend's paw held
        // when the friend is a parrot or a pony (A 35 → 0, B 28 → 0); a thesaurus word that reads oddly ("a
        // minuscule squeak", "reflected extraordinarily hard", "not indignant at all", "assisted every boat
        // find", B 180 → 0); the friend's name said to its face at the end of two sentences in a row (A 7 → 0);
        // "Pip could see that a letter slid under the door" (A 16 → 0, B 75 → 0).
        const friend = escapeRegExp(names?.friend ?? '');
        expect(text).not.toMatch(/\b([Aa]n?|[Tt]he) (\p{Ll}+) (\p{L}+ )?\2\b/u);
        const desc = new RegExp(`${friend}, (an? [^.]*)`, 'u').exec(text)?.[1] ?? '';
        if (/parrot|owl|duck|penguin|griffin|pony|horse|unicorn|turtle/u.test(desc))
          expect(text).not.toMatch(new RegExp(`${friend}'?s? (paw|hand)\\b`, 'u'));
        expect(text).not.toMatch(
          /\b(diminutive|minuscule|teeny) (step|squeak|voice)\b|\b(reflected|pondered|considered) \p{L}+ hard\b|\bnot (grumpy|indignant|irritable) at all\b|\b(assisted|aided) (every|the|a|an|them|us) (\p{L}+ )?(find|get|carry|pull|hang|build|fly|go|see)\b/u,
        );
        expect(text).not.toMatch(new RegExp(`, ${friend}[.!?]["”]? ["“]?[^.!?"“”]*, ${friend}[.!?]`, 'u'));
        expect(text).not.toMatch(/\bcould see that\b/u);
        // Richer words only where they fit: one applauds a person rather than "for" them, a kind hero never
        // smirks, a sleepy town is not "dozy", and a little house is not "pint-sized".
        // A crossing the two make together has no friend waiting nearby (B 353 in 1,500 → 0), a knot is not
        // vigilant, a gap or a door not diminutive, and the kind thing is not "the warm thing".
        expect(text).not.toMatch(/\btogether, (while|as) |\btogether, with \p{Lu}/u);
        // One stops spinning rather than pausing it (B 84 in 1,500 → 0); what the hero always has is not seen
        // "as Zak watched" (B 175 in 1,500 → 0).
        expect(text).not.toMatch(/\b(paused|halted) \p{Ll}+ing\b/u);
        // Nor what the hero had done before ("While Iris watched, Mia had never been so far from home", B 292
        // in 1,500 → 0).
        expect(text).not.toMatch(
          /\b(As|While) \p{Lu}\p{L}* (watched|looked on), \p{Lu}\p{L}* (had|wore) (an?|never|learned|been) /u,
        );
        // An old owl is not "time-worn" nor "venerable" (B 306 and 279 in 1,500 → 0); "very, very quiet" is not
        // "remarkably, extraordinarily hushed" (B 31 → 0), nor a friend who "went remarkably tranquil" (B 275 → 0);
        // there is no "entire of" (B 70 → 0); a super hero lifts "a big rock" the story never had to set up,
        // not "the heavy rock" (B 28 → 0). Farmer Rosa runs across the town, not "across the museum" (B 9 in 300
        // → 0); the hero shares "with Jude and the friends at home", not "with the friends at home and Jude"
        // (B 18 in 300 → 0). Among the stars no wind tugs at leaves and no drizzle falls (B 18 of the 38 stories on a planet or a starbase → 0).
        if (new RegExp(`\\b(Planet|Starbase) ${escapeRegExp(names?.place ?? '')}\\b`, 'u').test(text))
          expect(text).not.toMatch(
            /\b(wind tugged|drizzle went|mist drifted|frost sparkled|breeze blew|fat white clouds)\b/u,
          );
        expect(text).not.toMatch(
          /\b(venerable|time-worn)\b|\b(remarkably|extraordinarily|exceedingly), (remarkably|extraordinarily|exceedingly)\b|\bwent (remarkably|extraordinarily|exceedingly) |\bentire of\b|\blifted the (heavy|weighty|hefty) (log|rock)\b|\bacross the (museum|castle|library|palace)\b|\bfriends at home and\b/u,
        );
        // The friend is not called by what it is before the story has said what it is: "The trusty dog loved
        // Mia's cape" before "…without Rolo, a dog who…" (A 96 stories in 300 → 0).
        const intro = new RegExp(`${friend}, an? ([^.]*)`, 'u').exec(text);
        const kind = intro?.[1]
          ?.split(/,| (?:who|with|that|from)\b/u)[0]
          ?.split(' ')
          .pop();
        if (intro && kind)
          expect(text.slice(0, intro.index)).not.toMatch(new RegExp(`\\b[Tt]he (\\p{L}+ ){0,2}${kind}\\b`, 'u'));
        // Only a small creature or thing is pint-sized or diminutive: not "a pint-sized brighter", "a diminutive
        // wave" or "a miniature boat" (B 197 stories in 500 → 0).
        expect(text).not.toMatch(
          /\b(miniature|diminutive|pint-sized|minuscule|teeny) (brighter|to|wave|roar|boat|ranch|nose|puffs|words|sister|forest|tune|piece|present|more|bit|step|house|gap|door|things?|one)\b/u,
        );
        // Nobody brings a song or a dance to the party, or is first in line for one (a family's "loves singing").
        expect(text).not.toMatch(
          /\bbrought (a song|a dance|a story read|a splash|a game|a big picture|music)\b|(joined in|round and round|under the stars|warm pond|on the grass|painted together|everyone dance), and [^.]* first in line\b/u,
        );
        // One replies to something said: a line that follows no speech is said, not replied (B 137 stories in
        // 500 said "replied" where nothing had been said).
        const sentences = splitSentences(text);
        sentences.forEach((sentence, i) => {
          if (!/^"[^"]*[,!?]" replied\b/u.test(sentence)) return;
          // The sentence before, or the one before a tag split from its speech ('"Hi!"' | 'Mia said.').
          const spoken = sentences.slice(Math.max(0, i - 2), i).some((before) => /"/u.test(before));
          expect(spoken, `${sentences[i - 1] ?? ''} ${sentence}`).toBe(true);
        });
        expect(text).not.toMatch(
          /\bapplauded for\b|\bsmirked\b|\bdozy\b|\b(pint-sized|miniature|diminutive|minuscule|teeny) (house|cottage|cabin|gap|door|hole)\b|\b(vigilant|watchful) (knot|step)\b|\bthe (warm|gentle|compassionate|kindly) thing\b/u,
        );
        // The hero greets the stranger, not the friend who came along ("…," Mia said to the bear).
        for (const [, listener, next] of text.matchAll(
          /"(?:Hello|Excuse me)[^"]*," \p{L}+ said(?: to ([^.]+))?\. ("[^"]*")?/gu,
        )) {
          greetings++;
          expect(listener).toMatch(/^the /);
          // ...and goes on speaking to them, not to the friend.
          expect(next ?? '').not.toMatch(/, \p{Lu}[\p{L}-]*[?!.]"$/u);
        }
        expect(text).not.toMatch(/\b(in|out here in) (\p{Lu}\p{L}+ (Island|Mountain)|Planet|Starbase)\b/u);
        // "An" only before a vowel's sound, whichever richer word took the place of the one written.
        expect(text).not.toMatch(/\b[Aa]n (?![aeiouAEIOU]|hour|honest)\p{L}/u);
        // The grammar's own marks ("(yellow|purple)", "[…]", "{pal}", "<A/B>") never reach the page.
        expect(text).not.toMatch(/[<>[\]{}|]/);
        expect(text).not.toMatch(/ [.,!?]/); // and no gap before a full stop where a band's part was empty
        // A name ending in s takes a bare apostrophe: "With Wiggles' help", never "Wiggles's".
        expect(text).not.toMatch(/\b\p{Lu}\p{L}*s's\b/u);
        // The way a line is said fits it: a question is not cheered or sung, a worry not laughed, and only a
        // cry or a lullaby (sung softly) is sung ("Oh no, where did they go?" asked Rusty; "Oh dear!" whispered Rolo).
        const tag = `" (?:\\p{Lu}[\\p{L}'-]*(?: \\p{Lu}[\\p{L}'-]*)? )?`;
        const joyful = 'cheered|sang|hummed|laughed|giggled|chuckled|announced|declared';
        expect(text).not.toMatch(new RegExp(`\\?${tag}(${joyful}|exclaimed|remarked)\\b`, 'u'));
        expect(text).not.toMatch(
          new RegExp(
            `"[^"]*\\b([Oo]h no|[Oo]h dear|[Uu]h-oh|afraid|scared|worried|lost)\\b[^"]*${tag}(${joyful})\\b`,
            'u',
          ),
        );
        expect(text).not.toMatch(new RegExp(`[^!]${tag}sang\\b(?! softly)`, 'u'));
        // A time phrase once a sentence ("At last, Mia stepped onto dry land at last" says it twice).
        for (const sentence of text.split(/(?<=[.!?]["”]?) /u)) {
          const when = sentence.match(/\b(at (long )?last|that very \p{L}+|just then|in the end)\b/giu) ?? [];
          expect(new Set(when.map((w) => w.toLowerCase().replace('long ', ''))).size, sentence).toBe(when.length);
          // One deadline a sentence: "… the Sticky Swamp before dark before the sun goes down" (B 10 in 1,500 → 0).
          expect(
            sentence.match(/\bbefore (dark|nightfall|the sun goes down|the [\p{L}-]+ day was out)\b/gu) ?? [],
            sentence,
          ).not.toHaveLength(2);
        }
        // A friend who may be a parrot or a robot does not bite a lip; a colour worn is "gold", not "golden";
        // and a speech tag is not set in the sky ("said Pip in the frosty morning sky").
        expect(text).not.toMatch(/\bbit (a|her|his|their) lip\b/u);
        expect(text).not.toMatch(/\b(wore|colour was) golden\b/u);
        expect(text).not.toMatch(/" \p{L}+ \p{Lu}\p{L}* (in|under) the [\p{L} ]+ (light|air|sky)\b/u);
        // One finger is one doer's ("Mia and Pip traced the clue with one finger"), and the answer to scared is
        // brave ("Scared is allowed, and so is brave", not "and so is fearless").
        expect(text).not.toMatch(/\band \p{Lu}[\p{L}-]* [^.!?"]*\bwith one (careful )?finger\b/u);
        expect(text).not.toMatch(/\bso is (fearless|courageous|valiant|daring)\b/u);
        // Issue 37's slips and their siblings: "commenced to fade", "every boat uncovered its way", "the runaway
        // ponies is worth it", "the drowsy town of the sleepy town", "warbled hushedly", "scrambled the tree",
        // "the chickens clasped under the fence", "there was the moon-rabbits", a home with two "where"s, and a
        // split tail with no doer ("And shared a space cookie").
        expect(text).not.toMatch(
          /\bcommenced to\b|\b(uncovered|discovered|located) (its|their) way\b|\b(ponies|goats|horses|unicorns|sheep|chickens|moon-rabbits|Caves) is\b|\btown of the (sleepy|drowsy) town\b|\bhushedly\b|\bscrambled the\b|\bclasped (under|through)\b|\bthere was the [\p{L}-]+ [\p{L}-]+s\b|\bwhere [^.]*, where you could see\b|\. And (shared|showed|gave|said|sang|hummed|took|led)\b/u,
        );
        // Issue 37's third round: "Mia brightened at Whiskers" and "the crocodile brightened the widest grin",
        // "one vigilant finger", "the grumpy ancient crocodile", "pondered and reflected", "always carried a map,
        // not even to the shops", "While Lulu watched, nobody could stop smiling", "concluded it was bigger than
        // a bathtub" (the hoof print, not whoever made it), "crossed a long row of doors … safely", '"…where did
        // they go?" suggested the bear cub', "an immense super hero", "an extraordinarily big grin", the friend
        // tied into the hero's own look ("Mia and Fizz carried a wooden shield", "Mia and Nugget kept a notebook"),
        // "a helmet a little too huge", "a warm kid with a very big smile", "a warm word for everyone", the
        // refrain's "our warm wish" and "immense steps", "a great huge yawn", "a heart as colossal as the sky",
        // "a speedy picture", and "hold the bridge steady" where there is no bridge.
        expect(text).not.toMatch(
          /\bbrightened\b|\b(vigilant|watchful|cautious|meticulous|attentive) (fingers?|paws?|hands?)\b|\b(grumpy|grumbly|wise|kind) ancient\b|\bpondered and (reflected|considered)|\b(always carried|was hardly ever seen without) [^.]*not even to the shops\b|\b(As|While) \p{Lu}\p{L}* (watched|looked on), (nobody|everybody|no one)\b|\bconcluded it was\b|\bcrossed (a long row of doors|a tangle of|a maze of|a street so foggy|a dusty, twisty staircase)\b|\?"(?: \p{Lu}[\p{L}'-]*)? (suggested|joked)\b|\b(immense|enormous|gigantic|colossal) super hero\b|\b(remarkably|extraordinarily|exceedingly) (big|wide|happy) (grin|smile|hug)s?\b|\b\p{Lu}\p{L}* and \p{Lu}\p{L}* (carried|kept) an? |\b(too|great|as) (huge|giant|large|enormous|gigantic|immense|colossal|tremendous) (as |yawn)?|\b(warm|gentle|compassionate) (kid|word|wish)\b|\b(enormous|gigantic|immense|colossal) steps\b|\b(swift|speedy) picture\b|\bhold the bridge steady\b|\bvigilant\b|\b(cautious|watchful) (plan|pencil)\b/u,
        );
        // "That very morning" is the very one: a richer word for "very" does not fit there.
        expect(text).not.toMatch(
          /\b(this|that) (remarkably|extraordinarily|exceedingly) (morning|night|day|moment)\b/iu,
        );
        // Moss + stow reads Mosstow (a place's name; a snake's "Sssstay" may hiss).
        const places =
          text.match(/\p{Lu}\p{L}+(wick|dale|brook|combe|ford|mere|field|bury|ton|by|stow|holt)\b/gu) ?? [];
        for (const name of places) expect(name).not.toMatch(/(\p{L})\1\1/u);
      }
    }
    expect(greetings).toBeGreaterThan(20);
  });

  it('names places as one would say them: no three of one letter in a row, one vowel where the halves meet', () => {
    const random = mulberry32(7);
    const names = new Set<string>();
    for (let i = 0; i < 5000; i++)
      for (const naming of ['everyday', 'stars'] as const) names.add(placeName(naming, random));
    expect(names.size).toBeGreaterThan(300);
    // Nor a name a child would giggle at instead of reading on (Blipoo was one).
    for (const name of names) expect(name).not.toMatch(/(\p{L})\1\1|aa|ii|uu|poo|pee/u);
    expect([...names]).toEqual(expect.arrayContaining(['Mosstow', 'Fizzar', 'Novara']));
  });

  it('catches a pay-off without its set-up (the plan check can fail)', () => {
    const written = plans.A[0];
    if (!written) throw new Error('no story');
    const withoutSetUp = { ...written, plan: written.plan.filter((s) => s.sets !== 'trouble') };
    expect(planProblems(withoutSetUp)).toContain('trouble is paid off in climax but never set up');
  });

  it('gives band B a sub-plot that is opened early and resolved in time', () => {
    const words = BANDS.B.bands.words_per_page.max;
    const { must_resolve_by } = BANDS.B.bands.subplot ?? { must_resolve_by: 0 };
    let resolved = 0;
    for (const written of plans.B) {
      const opened = written.plan.find((s) => s.sets === 'wish');
      const granted = written.plan.find((s) => s.pays === 'wish');
      if (!opened || !granted) continue;
      const pages = paginate(written.draft.paragraphs, words);
      const page = pages.findIndex((p) => p.join(' ').includes(granted.text));
      if (page >= 0 && page < must_resolve_by) resolved++;
    }
    expect(resolved / plans.B.length).toBe(1);
    expect(plans.A.every((w) => !w.plan.some((s) => s.sets === 'wish'))).toBe(true);
  });

  it('keeps each sentence to its own story as often as measured across families, outside the deliberate refrains, and names its friend and place no more often than measured', () => {
    const shared = { A: sharedSentencesOf(corpus.A), B: sharedSentencesOf(corpus.B) };
    const variety = { A: varietyOf(corpus.A), B: varietyOf(corpus.B) };
    const richness = { A: richnessOf(corpus.A), B: richnessOf(corpus.B) };
    const naming = { A: namingOf(corpus.A), B: namingOf(corpus.B) };
    const figures = (band: AgeBand) => ({
      distinctSentenceRatio: variety[band].distinctSentenceRatio,
      sharedSentences: shared[band].sharedSentences,
      shareOfSentencesShared: shared[band].shareOfSentencesShared,
      mostSharedSentenceShare: shared[band].topSharedStories / shared[band].stories,
      distinctOpenings: variety[band].distinctOpenings,
      meanWordLength: richness[band].meanWordLength,
      meanSentenceLength: richness[band].meanSentenceLength,
      typeTokenRatio: richness[band].typeTokenRatio,
      friendPer100: naming[band].friendPer100,
      friendPer100Max: naming[band].friendPer100Max,
      placePer100: naming[band].placePer100,
      placePer100Max: naming[band].placePer100Max,
      mostNamedPerStory: naming[band].mostNamed,
      mostNamedMax: `${naming[band].mostNamedMax} (${naming[band].mostNamedWord})`,
    });
    printTable(
      `Storyteller figures over ${CORPUS_SIZE} stories per band, all with the hero "${HERO}" (refrains left out)`,
      {
        A: figures('A'),
        B: figures('B'),
      },
    );
    const top = (band: AgeBand) =>
      [...shared[band].shared]
        .sort((a, b) => b[1] - a[1])
        // SHARED_TOP=n lists more of them while working on the grammar.
        .slice(0, Number(process.env.SHARED_TOP ?? 5))
        .map(([sentence, n]) => `${n}× ${sentence}`);
    console.log(
      `Most shared (A): ${top('A').join(' / ')}\nMost shared (B): ${top('B').join(' / ')}`.replaceAll(
        ' / ',
        process.env.SHARED_TOP ? '\n' : ' / ',
      ),
    );

    // The style's refrain is the story's own repeat: two stories of one style may share it, and it is not
    // counted. Without that exception the measure sees it (so the measure can fail).
    const withoutRefrains = sharedSentencesOf(corpus.B.map(({ refrains: _, ...rest }) => rest));
    expect(withoutRefrains.sharedSentences).toBeGreaterThan(shared.B.sharedSentences);
    // Judged over two corpora: one corpus's figure moves by up to ±25 when a line's seeded draws shift.
    const sharedOverTwo = (band: AgeBand) =>
      [shared[band], ...OTHER_CORPUS_SEEDS.map((seed) => sharedSentencesOf(storiesOf(band, seed).map((w) => w.story)))]
        .map((figures) => figures.sharedSentences)
        .reduce((a, b) => a + b, 0) /
      (1 + OTHER_CORPUS_SEEDS.length);
    console.log(
      `Shared sentences, mean of ${1 + OTHER_CORPUS_SEEDS.length} corpora: A ${sharedOverTwo('A')}, B ${sharedOverTwo('B')}`,
    );
    for (const band of ['A', 'B'] as const) {
      expect(sharedOverTwo(band)).toBeLessThanOrEqual(MEASURED_SHARED[band]);
      expect(naming[band].friendPer100Max).toBeLessThanOrEqual(MEASURED_NAMING[band].friendMax);
      expect(naming[band].placePer100Max).toBeLessThanOrEqual(MEASURED_NAMING[band].placeMax);
      expect(naming[band].mostNamed).toBeLessThanOrEqual(MEASURED_NAMING[band].mostNamed);
    }
  }, 120_000); // a second corpus of 600 stories is written here

  // A family's stories written in turn (each told the ones before it) are measured in
  // storyteller-library.test.ts: no sentence or title said twice word for word, and near-twins, episodes and
  // card openings, on a sample; `npm run bench -- --only storyteller` measures them whole.

  it('varies its sentences from story to story, and band B reads richer than band A', () => {
    const variety = { A: varietyOf(corpus.A), B: varietyOf(corpus.B) };
    const richness = { A: richnessOf(corpus.A), B: richnessOf(corpus.B) };
    printTable('Band richness (the band validators count words per sentence; these go further)', richness);
    for (const band of ['A', 'B'] as const) {
      expect(variety[band].topSentenceShare).toBeLessThan(0.2);
      expect(variety[band].distinctOpenings).toBeGreaterThan(0.85);
    }
    expect(variety.B.distinctSentenceRatio).toBeGreaterThan(variety.A.distinctSentenceRatio);

    // The validators' own measure (words per sentence, measureStory) and the story's length, per story.
    const metrics = (band: AgeBand) => corpus[band].map(({ draft }) => measureStory(draft.paragraphs, BANDS[band]));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const [a, b] = [metrics('A'), metrics('B')];
    expect(mean(b.map((m) => m.averageSentenceLength))).toBeGreaterThan(
      mean(a.map((m) => m.averageSentenceLength)) + 3,
    );
    expect(mean(b.map((m) => m.words))).toBeGreaterThan(mean(a.map((m) => m.words)) * 1.6);
    // Longer words, more varied sentences and vocabulary, a resolved sub-plot (above).
    expect(richness.B.meanWordLength).toBeGreaterThan(richness.A.meanWordLength + WORD_LENGTH_MARGIN);
    expect(richness.B.sentenceLengthVariance).toBeGreaterThan(richness.A.sentenceLengthVariance * 1.3);
    expect(richness.B.typeTokenRatio).toBeGreaterThan(richness.A.typeTokenRatio + TTR_MARGIN);
    expect(richness.B.longWordsPer100).toBeGreaterThan(richness.A.longWordsPer100 + 2);
    // And every story still passes its band's own validators.
    for (const band of ['A', 'B'] as const) {
      for (const { draft } of corpus[band]) expect(validateStory(draft, BANDS[band]).problems).toEqual([]);
    }
  });
});
