import { afterAll, describe, expect, it } from 'vitest';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { findUnsafe, isKidSafe, isKindName } from '#common/safety/check.js';
import { sanitiseText } from '#common/sanitiser.js';
import {
  heroNameProblem,
  customDescriptionProblem,
  DESCRIPTION_MESSAGES,
  draftSafetyProblem,
  editedHeroNameProblem,
  pictureDescriptionProblem,
} from '#common/story-validation.js';
import { characterCount, NAME_MESSAGES } from '#common/validation/hero-name.js';
import { authorNameSchema, displayNameSchema, firstError } from '#common/validation/accounts.js';
import { childNameSchema } from '#common/validation/family.js';
import { CHILD_NAME_MAX } from '#common/family.js';
import { ACCEPTABLE, ACCEPTABLE_NAMES, HOSTILE, HOSTILE_NAMES, MARKUP } from '../support/red-team/phrases.js';
import {
  CLASSICS,
  DISGUISED,
  HOSTILE_NAMES_OUTSIDE,
  INJECTIONS,
  NURSERY_RHYMES,
  OTHER_LANGUAGES,
  OWN_LANGUAGE,
  REAL_NAMES,
  TALES,
  THEMES,
  wordListCases,
  type Case,
} from '../support/red-team/outside.js';

/**
 * Issue 13's red team: every hostile phrasing is refused (or starred, or flagged) everywhere text enters
 * or leaves, and no acceptable one is. Failures are listed, so a regression names its phrases.
 */
const BANDS = [AGE_BAND_CONFIGS.A, AGE_BAND_CONFIGS.B] as const;
const show = (text: string) => JSON.stringify(text);

describe('the red-team corpus', () => {
  it('holds at least 200 hostile phrasings across the categories and 200 acceptable ones', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(200);
    expect(ACCEPTABLE.length).toBeGreaterThanOrEqual(200);
    expect(new Set(HOSTILE.map((h) => h.category)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(HOSTILE.map((h) => h.variant)).size).toBeGreaterThanOrEqual(10);
    for (const text of ACCEPTABLE) expect(text.length, text).toBeLessThanOrEqual(50);
  });
});

describe(`${HOSTILE.length} hostile phrasings: none accepted anywhere`, () => {
  it('the safety check flags every one', () => {
    expect(HOSTILE.filter((h) => isKidSafe(h.text)).map((h) => `${h.variant}: ${show(h.text)}`)).toEqual([]);
  });

  it('custom descriptions (character, story type, mission) refuse every one, in both bands', () => {
    const accepted = BANDS.flatMap((band) =>
      HOSTILE.filter((h) => !customDescriptionProblem(h.text, band)).map((h) => `${band.app.band} ${show(h.text)}`),
    );
    expect(accepted).toEqual([]);
  });

  it('picture descriptions refuse every one with the SPEC message', () => {
    const wrong = BANDS.flatMap((band) =>
      HOSTILE.filter((h) => pictureDescriptionProblem(h.text, band) !== DESCRIPTION_MESSAGES.notKidFriendly).map(
        (h) => `${band.app.band} ${show(h.text)}`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('the edit sanitiser stars every one, and what it leaves passes the check', () => {
    const missed = HOSTILE.filter((h) => {
      const { text, filtered } = sanitiseText(h.text);
      return filtered === 0 || !isKidSafe(text);
    }).map((h) => show(h.text));
    expect(missed).toEqual([]);
  });

  it('the provider-output check flags every one, in a paragraph, the title, the excerpt or a scene', () => {
    const fine = 'Pip walked to the park with a kite. The sun was warm and the sky was blue.';
    const missed = HOSTILE.filter((h, i) => {
      const where = i % 4;
      const draft = {
        title: where === 0 ? h.text : 'Pip and the Kite',
        excerpt: where === 1 ? h.text : fine,
        paragraphs: [fine, where === 2 ? `${fine} ${h.text}` : fine],
        scenes: { cover: where === 3 ? h.text : 'a kite over a park' },
      };
      return BANDS.some((band) => !draftSafetyProblem(draft, band));
    }).map((h) => show(h.text));
    expect(missed).toEqual([]);
  });

  it(`hero names: ${HOSTILE_NAMES.length} unkind names and disguises are refused; letters-only ones say why`, () => {
    const accepted = BANDS.flatMap((band) => HOSTILE_NAMES.filter((name) => !heroNameProblem(name, band)));
    expect(accepted).toEqual([]);
    expect(heroNameProblem('Ｈｉｔｌｅｒ', AGE_BAND_CONFIGS.B)).toBe(NAME_MESSAGES.unkind);
    expect(heroNameProblem('Sаtаn', AGE_BAND_CONFIGS.A)).toBe(NAME_MESSAGES.unkind);
  });

  it('display, author and child names refuse the unkind names too', () => {
    for (const schema of [displayNameSchema, authorNameSchema, childNameSchema]) {
      expect(HOSTILE_NAMES.filter((name) => schema.safeParse(name).success)).toEqual([]);
    }
  });

  it('markup in family text is refused with its own message', () => {
    for (const text of MARKUP) {
      for (const band of BANDS) expect(customDescriptionProblem(text, band), text).toBe(DESCRIPTION_MESSAGES.markup);
    }
  });
});

describe(`${ACCEPTABLE.length} acceptable phrasings: none refused`, () => {
  it('the safety check and every entry point accept every one, in both bands', () => {
    const refused = BANDS.flatMap((band) =>
      ACCEPTABLE.filter(
        (text) =>
          customDescriptionProblem(text, band) ||
          pictureDescriptionProblem(text, band) ||
          draftSafetyProblem({ title: text, excerpt: text, paragraphs: [text], scenes: { cover: text } }, band),
      ).map((text) => `${band.app.band} ${show(text)}: ${findUnsafe(text, band.safety.deny_if_topics)[0]?.term}`),
    );
    expect(refused).toEqual([]);
  });

  it('the edit sanitiser leaves every one untouched', () => {
    expect(ACCEPTABLE.filter((text) => sanitiseText(text).filtered > 0)).toEqual([]);
  });

  it('acceptable hero and display names are accepted', () => {
    const refused = BANDS.flatMap((band) => ACCEPTABLE_NAMES.filter((name) => heroNameProblem(name, band)));
    expect(refused).toEqual([]);
    expect(ACCEPTABLE_NAMES.filter((name) => !displayNameSchema.safeParse(name).success)).toEqual([]);
    expect(ACCEPTABLE_NAMES.filter((name) => !childNameSchema.safeParse(name).success)).toEqual([]);
  });

  it('numbers are numbers in every language: "Family 13", "13 ducks" and "Room 88" pass', () => {
    // A list entry of digits alone (Chinese slang "13.") once refused the 13th family of a bedtime peak.
    for (const text of ['Family 13', 'Team 1313', 'Room 88'])
      expect(displayNameSchema.safeParse(text).success).toBe(true);
    for (const text of ['13 ducks crossed the road', 'The bus was number 13.']) expect(findUnsafe(text)).toEqual([]);
  });
});

/**
 * Issue 34's red team, from outside material (test/support/red-team/outside.ts, each group with its source):
 * the report prints, per category, how many were accepted and refused, as the outside red team counts.
 */
describe('issue 34: the corpus from public material', () => {
  const hostile: Case[] = [
    ...wordListCases(),
    ...OWN_LANGUAGE,
    ...INJECTIONS.map((text) => ({ category: 'prompt injection and jailbreaks', text })),
    ...THEMES,
    ...DISGUISED.map((text) => ({ category: 'disguises (issue 34)', text })),
  ];
  const acceptable: Case[] = [
    ...CLASSICS.map((text) => ({ category: 'classics and everyday phrases', text })),
    ...NURSERY_RHYMES.map((text) => ({ category: 'nursery rhymes', text })),
    ...TALES.map((text) => ({ category: 'fables, tales and classic titles', text })),
    ...OTHER_LANGUAGES.map((text) => ({ category: 'other languages', text })),
  ];
  const report = new Map<string, { accepted: number; refused: number }>();
  const count = (category: string, accepted: boolean) => {
    const row = report.get(category) ?? { accepted: 0, refused: 0 };
    row[accepted ? 'accepted' : 'refused']++;
    report.set(category, row);
  };

  afterAll(() => {
    console.log(
      `Red team (issue 34), cases per category:\n${[...report]
        .map(([category, { accepted, refused }]) => `  ${category.padEnd(40)} accepted ${accepted}, refused ${refused}`)
        .join('\n')}`,
    );
  });

  it('holds at least 500 hostile and 500 acceptable cases, every acceptable one short enough for a description', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(500);
    expect(acceptable.length + REAL_NAMES.length).toBeGreaterThanOrEqual(500);
    for (const { text } of acceptable) expect([...text].length, text).toBeLessThanOrEqual(80);
  });

  it('refuses every hostile case (the check, and a picture description in either band)', () => {
    const accepted = hostile.filter((h) => {
      const passed = isKidSafe(h.text) || BANDS.some((band) => !pictureDescriptionProblem(h.text, band));
      count(`hostile: ${h.category}`, passed);
      return passed;
    });
    expect(accepted.map((h) => `${h.category}: ${show(h.text)}`)).toEqual([]);
  });

  it('the edit sanitiser stars every hostile case, and what it leaves passes the check', () => {
    const missed = hostile.filter((h) => {
      const { text, filtered } = sanitiseText(h.text);
      return filtered === 0 || !isKidSafe(text);
    });
    expect(missed.map((h) => show(h.text))).toEqual([]);
  });

  it('accepts every acceptable case in both bands, and the sanitiser leaves each untouched', () => {
    const refused = acceptable.filter((a) => {
      const problem =
        BANDS.some((band) => pictureDescriptionProblem(a.text, band)) ||
        customDescriptionProblem(a.text, AGE_BAND_CONFIGS.B) !== undefined ||
        sanitiseText(a.text).filtered > 0;
      count(`acceptable: ${a.category}`, !problem);
      return problem;
    });
    expect(
      refused.map((a) => `${show(a.text)}: ${findUnsafe(a.text, AGE_BAND_CONFIGS.A.safety.deny_if_topics)[0]?.term}`),
    ).toEqual([]);
  });

  it('names: every hostile name refused, every real name of many cultures accepted, wherever a name is typed', () => {
    const hostileAccepted = HOSTILE_NAMES_OUTSIDE.filter((name) => {
      const passed =
        isKindName(name) ||
        displayNameSchema.safeParse(name).success ||
        authorNameSchema.safeParse(name).success ||
        childNameSchema.safeParse(name).success;
      count('names: hostile', passed);
      return passed;
    });
    const realRefused = REAL_NAMES.filter((name) => {
      const refused =
        BANDS.some((band) => heroNameProblem(name, band)) ||
        !displayNameSchema.safeParse(name).success ||
        !authorNameSchema.safeParse(name).success ||
        (characterCount(name) <= CHILD_NAME_MAX && !childNameSchema.safeParse(name).success) ||
        editedHeroNameProblem(name) !== undefined;
      count('names: real', !refused);
      return refused;
    });
    expect({ hostileAccepted, realRefused }).toEqual({ hostileAccepted: [], realRefused: [] });
  });

  it('markup in any name field is refused with the description’s message', () => {
    for (const name of ['<b>Pip</b>', 'Pip {{x}}', '[Pip](x)', '<img src=x onerror=alert(1)>']) {
      expect(editedHeroNameProblem(name), name).toBe(DESCRIPTION_MESSAGES.markup);
      expect(firstError(displayNameSchema.safeParse(name)), name).toBe(DESCRIPTION_MESSAGES.markup);
      expect(firstError(authorNameSchema.safeParse(name)), name).toBe(DESCRIPTION_MESSAGES.markup);
      expect(firstError(childNameSchema.safeParse(name)), name).toBe(DESCRIPTION_MESSAGES.markup);
    }
  });

  it('a broken character (half of a surrogate pair) is refused in every name a family types, a whole one is not', () => {
    for (const name of ['Pip\uD83E', '\uDD8APip', 'Pi\uDC00p']) {
      for (const schema of [displayNameSchema, authorNameSchema, childNameSchema]) {
        expect(firstError(schema.safeParse(name)), JSON.stringify(name)).toBe(DESCRIPTION_MESSAGES.markup);
      }
    }
    for (const schema of [displayNameSchema, authorNameSchema, childNameSchema]) {
      expect(schema.safeParse('Pip \uD83E\uDD8A').success).toBe(true); // Pip 🦊
    }
  });
});
