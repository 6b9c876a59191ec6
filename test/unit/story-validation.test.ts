import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAgeBandConfig, type AgeBandConfig } from '#common/age-band-config.js';
import {
  heroNameProblem,
  countSpokenWords,
  customDescriptionProblem,
  findDeniedTopics,
  paginate,
  pickWritingStyle,
  splitSentences,
  validateStory,
} from '#common/story-validation.js';
import { countWords } from '#common/words.js';
import { mulberry32 } from '../../storyteller/random.js';

function load(band: 'a' | 'b'): AgeBandConfig {
  const file = new URL(`../../common/config/age-band-${band}.json`, import.meta.url);
  const result = parseAgeBandConfig(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.ok) throw new Error(result.message);
  return result.config;
}
const A = load('a');
const B = load('b');

const letters = (n: number) => 'Abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, n);
const chars = (n: number) => 'x'.repeat(n);

describe('heroNameProblem (SPEC §5, wizard step 1)', () => {
  const table: [string, string, AgeBandConfig | undefined, string | undefined][] = [
    ['empty', '', A, "Please enter your character's name"],
    ['only spaces', '   ', B, "Please enter your character's name"],
    ['1 character', 'M', A, 'Name must be at least 2 characters'],
    ['1 character inside spaces', '  M  ', undefined, 'Name must be at least 2 characters'],
    ['2 characters', 'Mo', A, undefined],
    ['15 characters in band A', letters(15), A, undefined],
    ['16 characters in band A', letters(16), A, 'Name must be less than 15 characters'],
    ['24 characters in band B', letters(24), B, undefined],
    ['25 characters in band B', letters(25), B, 'Name must be less than 24 characters'],
    ['24 characters without a band', letters(24), undefined, undefined],
    ['25 characters without a band', letters(25), undefined, 'Name must be less than 24 characters'],
    ['spaces trimmed before counting', `  ${letters(15)}  `, A, undefined],
    ['a digit', 'R2D2', B, 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['punctuation', 'Mia!', B, 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['an underscore', 'Mia_Rose', B, 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['markup', '<b>Mia</b>', B, 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['spaces, hyphens and apostrophes', "Anne-Marie O'Neil", B, undefined],
    ['a phone keyboard apostrophe', 'D’Angelo', A, undefined],
    ['accented letters', 'Zoë Núñez', A, undefined],
    ['letters of another script', 'Юлия', A, undefined],
  ];
  it.each(table)('%s', (_case, name, band, expected) => {
    expect(heroNameProblem(name, band)).toBe(expected);
  });

  it('checks length before characters, as the SPEC lists the rules', () => {
    expect(heroNameProblem('!', A)).toBe('Name must be at least 2 characters');
    expect(heroNameProblem(`${letters(15)}!`, A)).toBe('Name must be less than 15 characters');
  });
});

describe('customDescriptionProblem (SPEC §5)', () => {
  const table: [string, string, AgeBandConfig, string | undefined][] = [
    ['empty (the field is optional)', '', A, undefined],
    ['50 characters in band A', chars(50), A, undefined],
    ['51 characters in band A', chars(51), A, 'Description must be 50 characters or less (currently 51)'],
    ['80 characters in band B', chars(80), B, undefined],
    ['81 characters in band B', chars(81), B, 'Description must be 80 characters or less (currently 81)'],
    ['90 characters in band B', chars(90), B, 'Description must be 80 characters or less (currently 90)'],
    ['surrounding spaces not counted', `  ${chars(50)}  `, A, undefined],
    ['a deny-listed word', 'a dragon who drinks beer', B, 'Please use kid-friendly language for your description'],
    [
      'a deny-listed word in capitals',
      'A BLOODY big dragon',
      B,
      'Please use kid-friendly language for your description',
    ],
    ['a deny-listed phrase', 'her grandpa passed away', A, 'Please use kid-friendly language for your description'],
    ['a denied word inside an innocent one', 'a skilful class clown with a seashell', A, undefined],
    ['a kind description', 'a shy purple dragon who loves cupcakes', A, undefined],
  ];
  it.each(table)('%s', (_case, text, band, expected) => {
    expect(customDescriptionProblem(text, band)).toBe(expected);
  });

  it('reports length before language', () => {
    expect(customDescriptionProblem(`beer ${chars(60)}`, A)).toBe(
      'Description must be 50 characters or less (currently 65)',
    );
  });
});

describe('findDeniedTopics', () => {
  it.each([
    ['skill', []],
    ['skilled killer', ['killer']],
    ['a classic glass', []],
    ['it had begun', []],
    ['Gun!', ['gun']],
    ['hello shell', []],
    ['the winery', []],
    ['self-harm', ['self-harm']],
    ['SELF  HARM', ['self harm']],
    ['beat them up', ['beat them up']],
    ['a beat up old car', ['beat up']],
    ['he passed away', ['passed away']],
    ['passed a way', []],
  ] as const)('%j → %j', (text, expected) => {
    expect(findDeniedTopics(text, B)).toEqual(expected);
  });

  it('follows the band: band A also refuses words band B allows', () => {
    expect(findDeniedTopics('the war of the clouds', A)).toEqual(['war']);
    expect(findDeniedTopics('the war of the clouds', B)).toEqual([]);
    expect(findDeniedTopics('a brave warrior', A)).toEqual([]);
  });
});

describe('measuring prose', () => {
  it('counts words with apostrophes and hyphens as one', () => {
    expect(countWords("Don't stop, well-known Zoë-Ann! 3 cats.")).toBe(6);
  });

  it('hears a speech tag as part of its sentence', () => {
    expect(splitSentences('"Look!" said Pip. "Come on!" Mia ran. Off they went...')).toEqual([
      '"Look!" said Pip.',
      '"Come on!"',
      'Mia ran.',
      'Off they went...',
    ]);
  });

  it('counts spoken words inside straight and curly quotes', () => {
    expect(countSpokenWords('"We can do it," said Pip. “Yes we can!” Mia laughed.')).toBe(7);
  });

  it('keeps paragraphs together on a page while they fit', () => {
    const paragraph = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(paginate([paragraph(40), paragraph(35), paragraph(1)], 75)).toHaveLength(2);
    expect(paginate([paragraph(40), paragraph(36)], 75)).toHaveLength(2);
    expect(paginate([paragraph(75)], 75)).toHaveLength(1);
  });
});

describe('validateStory', () => {
  // 7 words a sentence; each dialogue line speaks 5 of its 7 words.
  const narration = 'The little fox ran across the field.';
  const dialogue = '"We can do it now," said Pip.';
  const paragraph = (spoken = 3, told = 4) =>
    [...Array.from({ length: spoken }, () => dialogue), ...Array.from({ length: told }, () => narration)].join(' ');
  const story = (paragraphs: string[], title = 'The Little Fox') => ({ title, paragraphs });
  const good = story(Array.from({ length: 7 }, () => paragraph()));

  it('accepts a story inside every range of band A, and measures it', () => {
    const result = validateStory(good, A);
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.metrics).toEqual({ words: 343, averageSentenceLength: 7, dialogRatio: 105 / 343, pages: 7 });
  });

  const cases: [string, ReturnType<typeof story>, AgeBandConfig, RegExp][] = [
    [
      'too few words',
      story(Array.from({ length: 4 }, () => paragraph())),
      A,
      /^The story is too short: 196 words, but it needs at least 250\./,
    ],
    [
      'too many words',
      story(Array.from({ length: 11 }, () => paragraph())),
      A,
      /^The story is too long: 539 words, but it must have at most 500\./,
    ],
    [
      'sentences too long',
      story(
        Array.from(
          { length: 7 },
          () => `${narration.replace('.', '')} and then it ran all the way back home again. `.repeat(3) + dialogue,
        ),
      ),
      A,
      /^Sentences are too long on average \(\d+(\.\d)? words\); aim for 5 to 10 words per sentence\.$/,
    ],
    [
      'sentences too short',
      story(Array.from({ length: 30 }, () => 'Pip ran. Mia hid. "Go!" said Pip. "Now?" said Mia.')),
      A,
      /^Sentences are too short on average \(2\.5 words\)/,
    ],
    [
      'too little dialogue',
      story(Array.from({ length: 7 }, () => paragraph(0, 7))),
      A,
      /^There is too little dialogue: 0% of the words are spoken; aim for about 30%\.$/,
    ],
    [
      'too much dialogue',
      story(Array.from({ length: 7 }, () => paragraph(7, 0))),
      A,
      /^There is too much dialogue: 71% of the words are spoken/,
    ],
    [
      'a paragraph too long for a page',
      story([...Array.from({ length: 6 }, () => paragraph()), `${paragraph()} ${paragraph(1, 3)}`]),
      A,
      /^Paragraph 7 is too long for one page: 77 words, but a page holds at most 75\. Split it\.$/,
    ],
    [
      'too many pages',
      story(Array.from({ length: 13 }, () => paragraph(2, 4).split(' ').slice(0, 38).join(' '))),
      A,
      /^The story fills 13 pages; it must fit in 12\.$/,
    ],
    [
      'too few pages',
      story(Array.from({ length: 4 }, () => paragraph(6, 12).split(' ').slice(0, 130).join(' '))),
      B,
      /^The story fills only 4 pages; it needs at least 5\.$/,
    ],
    [
      'a denied topic in the text',
      story([...good.paragraphs.slice(1), `${paragraph()} Pip drank a beer.`]),
      A,
      /not suitable for children \(beer\)/,
    ],
    [
      'a denied topic in the title',
      story(good.paragraphs, 'The Bloody Fox'),
      A,
      /not suitable for children \(bloody\)/,
    ],
    ['no title', story(good.paragraphs, '  '), A, /^The story needs a title\.$/],
  ];
  it.each(cases)('reports %s', (_case, draft, band, problem) => {
    const result = validateStory(draft, band);
    expect(result.valid).toBe(false);
    expect(
      result.problems.some((p) => problem.test(p)),
      result.problems.join('\n'),
    ).toBe(true);
  });

  it('does not flag a denied word hiding inside an innocent one', () => {
    const draft = story([...good.paragraphs.slice(1), paragraph().replace('field', 'skill class')], 'Hello, Seashell');
    expect(validateStory(draft, A).problems).toEqual([]);
  });
});

describe('pickWritingStyle', () => {
  it('honours the auto_mapping weights', () => {
    const random = mulberry32(2024);
    const draws = 20_000;
    for (const band of [A, B]) {
      for (const kind of ['Magical', 'Mystery'] as const) {
        const options = band.auto_mapping[kind];
        const total = options.reduce((sum, o) => sum + o.weight, 0);
        const counts = new Map<string, number>();
        for (let i = 0; i < draws; i++) {
          const style = pickWritingStyle(kind, band, random);
          counts.set(style, (counts.get(style) ?? 0) + 1);
        }
        expect([...counts.keys()].sort()).toEqual(options.map((o) => o.style).sort());
        for (const option of options) {
          expect(Math.abs((counts.get(option.style) ?? 0) / draws - option.weight / total)).toBeLessThan(0.015);
        }
      }
    }
  });

  it('maps the ends of the random range to the first and last styles, and repeats for the same seed', () => {
    const options = A.auto_mapping.Magical;
    expect(pickWritingStyle('Magical', A, () => 0)).toBe(options[0]?.style);
    expect(pickWritingStyle('Magical', A, () => 0.999999)).toBe(options.at(-1)?.style);
    const run = (seed: number) => {
      const random = mulberry32(seed);
      return Array.from({ length: 20 }, () => pickWritingStyle('Space', B, random));
    };
    expect(run(7)).toEqual(run(7));
  });
});

describe('hero names and the deny list', () => {
  it('refuses a deny-listed hero name (it would fail every draft) and accepts an innocent one', async () => {
    const { AGE_BAND_CONFIGS } = await import('../../lambdas/use-cases/age-band-configs.js');
    const { heroNameProblem } = await import('#common/story-validation.js');
    const denied = AGE_BAND_CONFIGS.B.safety.deny_if_topics.find((topic) => /^[a-z]{3,12}$/.test(topic)) ?? 'gun';
    expect(heroNameProblem(denied, AGE_BAND_CONFIGS.B)).toBe('Please choose a kid-friendly name');
    expect(heroNameProblem('Maya', AGE_BAND_CONFIGS.B)).toBeUndefined();
  });
});
