import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_WORDS,
  BLOCKED_WORDS_BY_CATEGORY,
  sanitiseStoryEdit,
  sanitiseText,
  sanitiserNotice,
} from '#common/sanitiser.js';

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** True when `word` occurs in `text` as a whole word (or phrase), case-insensitively. */
function containsWholeWord(text: string, word: string): boolean {
  const lower = text.toLowerCase();
  const needle = word.toLowerCase();
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
    const before = lower[at - 1];
    const after = lower[at + needle.length];
    if ((before === undefined || !WORD_CHAR.test(before)) && (after === undefined || !WORD_CHAR.test(after))) {
      return true;
    }
  }
  return false;
}

describe('the blocklist', () => {
  it('has about 70 distinct lower-case entries across the six SPEC categories', () => {
    expect(Object.keys(BLOCKED_WORDS_BY_CATEGORY).sort()).toEqual(
      ['bodily', 'bodyShaming', 'drugsAndAlcohol', 'insults', 'profanity', 'violence'].sort(),
    );
    expect(BLOCKED_WORDS.length).toBeGreaterThanOrEqual(65);
    expect(BLOCKED_WORDS.length).toBeLessThanOrEqual(80);
    expect(new Set(BLOCKED_WORDS).size).toBe(BLOCKED_WORDS.length);
    for (const word of BLOCKED_WORDS) expect(word).toBe(word.toLowerCase().trim());
  });

  it('replaces every entry on its own', () => {
    for (const word of BLOCKED_WORDS) {
      expect(sanitiseText(word), word).toEqual({ text: '***', filtered: 1 });
    }
  });
});

describe('sanitiseText: one example per category', () => {
  const cases: [category: string, input: string, output: string][] = [
    ['profanity', 'Oh shit, the damn door is stuck!', 'Oh ***, the *** door is stuck!'],
    ['insults', 'You are a stupid idiot and so dumb.', 'You are a *** *** and so ***.'],
    [
      'violence',
      'The knight wanted to kill the dragon and there was blood.',
      'The knight wanted to *** the dragon and there was ***.',
    ],
    ['drugs and alcohol', 'Dad drank beer and wine until he was drunk.', 'Dad drank *** and *** until he was ***.'],
    ['bodily words', 'The puppy did a poop and a fart.', 'The puppy did a *** and a ***.'],
    ['body-shaming', 'The fat troll was so ugly.', 'The *** troll was so ***.'],
  ];
  it.each(cases)('%s', (_category, input, output) => {
    const result = sanitiseText(input);
    expect(result.text).toBe(output);
    expect(result.filtered).toBe((output.match(/\*\*\*/g) ?? []).length);
  });
});

describe('sanitiseText: whole words only', () => {
  const innocent = [
    'Scunthorpe',
    'class',
    'classic',
    'assume',
    'bass',
    'grasshopper',
    'passage',
    'skill',
    'skillet',
    'Dickens',
    'Hello',
    'shell',
    'Michelle',
    'stable',
    'establish',
    'father',
    'fatigue',
    'swine',
    'twine',
    'drum',
    'scrap',
    'butter',
    'button',
    'Pooh',
    'shampoo',
    'speed',
    'peek',
    'heroine',
    'oxymoron',
    'begun',
    'dumbbell',
    'bloodhound',
    'drugstore',
    'therapist',
    'cocktail',
    'shutter',
    'upset',
    'skinny',
    'killé',
    'αkill',
    'kill7',
  ];
  it.each(innocent)('%s stays intact', (word) => {
    const text = `The ${word} was here. ${word}!`;
    expect(sanitiseText(text)).toEqual({ text, filtered: 0 });
  });

  it('needs a multi-word entry whole: "shut upstairs", "shut the door up" and "shut. Up" pass', () => {
    for (const text of ['Pip shut upstairs windows.', 'Pip shut the door up tight.', 'They shut. Up went the kite.']) {
      expect(sanitiseText(text), text).toEqual({ text, filtered: 0 });
    }
  });
});

describe('sanitiseText: forms, case and counting', () => {
  it('is case-insensitive', () => {
    expect(sanitiseText('STUPID Stupid sTuPiD')).toEqual({ text: '*** *** ***', filtered: 3 });
  });

  it('matches multi-word entries as one replacement, across a space, a hyphen or one line break', () => {
    expect(sanitiseText('Shut up! shut  up, shut-up, shut\nup.')).toEqual({ text: '***! ***, ***, ***.', filtered: 4 });
  });

  it('never matches across a paragraph break, and keeps paragraph breaks', () => {
    const text = 'Everyone shut\n\nup the hill they went.';
    expect(sanitiseText(text)).toEqual({ text, filtered: 0 });
    expect(sanitiseText('One idiot.\n\n\nTwo idiots.\r\n\r\nEnd.')).toEqual({
      text: 'One ***.\n\n\nTwo ***.\r\n\r\nEnd.',
      filtered: 2,
    });
  });

  it('keeps possessives and contractions outside the mask', () => {
    expect(sanitiseText("The idiot's hat")).toEqual({ text: "The ***'s hat", filtered: 1 });
    expect(sanitiseText('The idiot’s hat')).toEqual({ text: 'The ***’s hat', filtered: 1 });
    expect(sanitiseText("The idiots' hats")).toEqual({ text: "The ***' hats", filtered: 1 });
    expect(sanitiseText("You're dumb'n'loud")).toEqual({ text: "You're ***'n'loud", filtered: 1 });
  });

  it('catches regular plurals and -s forms of the same word', () => {
    expect(sanitiseText('idiots kills asses fatties guns beers').text).toBe('*** *** *** *** *** ***');
  });

  it('stars the whole word around a profane root, so nothing unkind stays readable', () => {
    expect(sanitiseText('bitchy FUCKMURDER fucking')).toEqual({ text: '*** *** ***', filtered: 3 });
  });

  it('treats punctuation, markdown and hyphens as boundaries', () => {
    expect(sanitiseText('**idiot** _dumb_ "stupid" (ugly) blood-red')).toEqual({
      text: '******* _***_ "***" (***) ***-red',
      filtered: 5,
    });
  });

  it('counts every occurrence', () => {
    expect(sanitiseText('idiot idiot idiot').filtered).toBe(3);
    expect(sanitiseText('').filtered).toBe(0);
  });

  it('changes nothing else, byte for byte', () => {
    const text = '  Once upon a time,\tPip met a moron.\n\n“Hello!” said the fox. 🦊 Ünïcödé stays.  ';
    expect(sanitiseText(text).text).toBe(text.replace('moron', '***'));
  });

  it('stars a disguised word its neighbour hid, so a second pass finds nothing (fast-check found "fuck:F%k")', () => {
    expect(sanitiseText('fuck:F%k')).toEqual({ text: '***:***', filtered: 2 });
    expect(sanitiseText('***:***')).toEqual({ text: '***:***', filtered: 0 });
  });

  it('lets no two listed words vouch for each other as another language (fast-check found "fat🦊RUM")', () => {
    // Each is an everyday Swedish word, but nothing else in the text is Swedish.
    expect(sanitiseText('fat RUM')).toEqual({ text: '*** ***', filtered: 2 });
    expect(sanitiseText('fat🦊RUM')).toEqual({ text: '***🦊***', filtered: 2 });
    // In a Swedish sentence they are the dish and the room.
    const swedish = 'Det var en gång ett fat i ett rum.';
    expect(sanitiseText(swedish)).toEqual({ text: swedish, filtered: 0 });
  });

  it('is idempotent: a second pass changes nothing more', () => {
    const once = sanitiseText("Shut up, you fat idiot's stupid beer-drinking jerk!\n\nKill it.");
    expect(once.filtered).toBe(7);
    expect(sanitiseText(once.text)).toEqual({ text: once.text, filtered: 0 });
  });
});

describe('sanitiseStoryEdit', () => {
  it('sanitises title, hero name and content and sums the count', () => {
    expect(
      sanitiseStoryEdit({
        title: 'The Stupid Dragon',
        heroName: 'Captain Poop',
        content: 'A damn fine day.\n\nThe ugly, fat troll said "shut up".',
      }),
    ).toEqual({
      title: 'The *** Dragon',
      heroName: 'Captain ***',
      content: 'A *** fine day.\n\nThe ***, *** troll said "***".',
      filtered: 6,
    });
  });

  it('leaves a clean edit untouched with a count of 0', () => {
    const edit = { title: 'Pip and the Stable', heroName: 'Pip', content: 'Pip had great skill.\n\nThe end.' };
    expect(sanitiseStoryEdit(edit)).toEqual({ ...edit, filtered: 0 });
  });
});

describe('sanitiserNotice', () => {
  it('is the SPEC text exactly', () => {
    expect(sanitiserNotice(3)).toBe(
      'Some words were replaced with *** to keep the story kid-friendly. 3 word(s) filtered.',
    );
    expect(sanitiserNotice(1)).toBe(
      'Some words were replaced with *** to keep the story kid-friendly. 1 word(s) filtered.',
    );
  });
});

describe('properties', () => {
  const pieces = fc.oneof(
    fc.constantFrom(...BLOCKED_WORDS),
    fc.constantFrom(...BLOCKED_WORDS.map((word) => word.toUpperCase())),
    fc.constantFrom('Pip', 'class', 'skill', 'Scunthorpe', 'ranch', 'héros', 'дракон', '🦊', 'up', 'shut'),
    fc.constantFrom(' ', '  ', '\n', '\n\n', "'s", '-', '.', ',', '*', '**', '_', '’'),
    fc.string({ maxLength: 6 }),
  );
  const texts = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(''));

  it('output never contains a blocked word as a whole word, and a second pass is a no-op', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { text: clean } = sanitiseText(text);
        for (const word of BLOCKED_WORDS) {
          if (word.includes(' ')) continue; // phrases are covered by the example tests
          expect(containsWholeWord(clean, word), `${word} in ${JSON.stringify(clean)}`).toBe(false);
        }
        expect(sanitiseText(clean)).toEqual({ text: clean, filtered: 0 });
      }),
      { numRuns: 300 },
    );
  });

  it('text without blocked words is unchanged', () => {
    const cleanWords = fc.constantFrom(
      'Pip',
      'class',
      'skill',
      'Scunthorpe',
      'grasshopper',
      'stable',
      'butter',
      'heroine',
      'dragon',
      'shut',
      'down',
    );
    const cleanTexts = fc
      .array(fc.tuple(cleanWords, fc.constantFrom(' ', '\n', '\n\n', ', ', '. ', "'s ", '-')), { maxLength: 25 })
      .map((parts) => parts.map(([word, gap]) => word + gap).join(''));
    fc.assert(
      fc.property(cleanTexts, (text) => {
        expect(sanitiseText(text)).toEqual({ text, filtered: 0 });
      }),
      { numRuns: 300 },
    );
  });
});

describe('sanitiseText: disguised words (issue 13)', () => {
  it.each([
    ['The ＳＴＵＰＩＤ dragon', 'The *** dragon'],
    ['What the f*ck, Pip?', 'What the ***, Pip?'],
    ['a f.u.c.k sign', 'a *** sign'],
    ['a k i l l e r clown', 'a *** clown'],
    ['a bl\u200Bood moon', 'a *** moon'],
    ['a blооd moon', 'a *** moon'],
    ['Kill\u0301 it', '*** it'],
    ['drink b33r', 'drink ***'],
  ])('%j → %j, in the original text', (input, output) => {
    expect(sanitiseText(input)).toEqual({ text: output, filtered: 1 });
  });
});
