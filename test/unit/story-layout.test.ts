import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  flipbookPages,
  groupParagraphsIntoPages,
  imageSlotsForStoryPage,
  storyParagraphs,
  storyPreview,
  type FlipbookPage,
  type StoryIllustration,
} from '#common/story-layout.js';
import { countWords } from '#common/words.js';

/** `count` distinct words as sentences of `perSentence` words: "p1w1 p1w2 … p1w10. p1w11 …". */
function prose(count: number, prefix: string, perSentence = 10): string {
  const words = Array.from({ length: count }, (_, i) => `${prefix}w${i + 1}`);
  const sentences: string[] = [];
  for (let i = 0; i < words.length; i += perSentence) sentences.push(`${words.slice(i, i + perSentence).join(' ')}.`);
  return sentences.join(' ');
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

describe('storyParagraphs (SPEC §2)', () => {
  it('splits on blank lines, trims and drops empty paragraphs', () => {
    expect(storyParagraphs('  One.\n\nTwo.\n \nThree.\r\n\r\n\r\n\n  \n')).toEqual(['One.', 'Two.', 'Three.']);
    expect(storyParagraphs('')).toEqual([]);
    expect(storyParagraphs('\n\n  \n')).toEqual([]);
  });

  it('keeps single line breaks inside a paragraph', () => {
    expect(storyParagraphs('Roses are red,\nviolets are blue.\n\nThe end.')).toEqual([
      'Roses are red,\nviolets are blue.',
      'The end.',
    ]);
  });

  it('strips bold markers but keeps the sanitiser mask and single stars', () => {
    expect(storyParagraphs('**Pip** was **very** brave.')).toEqual(['Pip was very brave.']);
    expect(storyParagraphs('The *** troll.')).toEqual(['The *** troll.']);
    expect(storyParagraphs('The *******! 2 * 3')).toEqual(['The ***! 2 * 3']);
    expect(storyParagraphs('****\n\n**')).toEqual([]);
  });
});

describe('imageSlotsForStoryPage (SPEC §2, §9: 25/50/75/95 %)', () => {
  const positions = (count: number) => imageSlotsForStoryPage(count).map((slot) => slot.afterParagraph);

  it.each([
    [4, [0, 1, 2, 3]],
    [8, [1, 3, 5, 7]],
    [12, [2, 5, 8, 10]],
    [20, [4, 9, 14, 18]],
  ])('%i paragraphs → after paragraphs %j', (count, expected) => {
    expect(positions(count)).toEqual(expected);
  });

  it('names the slots Early Scene, Mid Scene, Climax, Ending in order', () => {
    expect(imageSlotsForStoryPage(8)).toEqual([
      { afterParagraph: 1, imageType: 'early-scene', label: 'Early Scene' },
      { afterParagraph: 3, imageType: 'mid-scene', label: 'Mid Scene' },
      { afterParagraph: 5, imageType: 'climax', label: 'Climax' },
      { afterParagraph: 7, imageType: 'ending', label: 'Ending' },
    ]);
  });

  it('gives tiny stories one slot per paragraph at most, earliest scenes first', () => {
    expect(imageSlotsForStoryPage(0)).toEqual([]);
    expect(imageSlotsForStoryPage(1).map((slot) => [slot.afterParagraph, slot.imageType])).toEqual([
      [0, 'early-scene'],
    ]);
    expect(imageSlotsForStoryPage(2).map((slot) => [slot.afterParagraph, slot.imageType])).toEqual([
      [0, 'early-scene'],
      [1, 'mid-scene'],
    ]);
    expect(imageSlotsForStoryPage(3).map((slot) => [slot.afterParagraph, slot.imageType])).toEqual([
      [0, 'early-scene'],
      [1, 'mid-scene'],
      [2, 'climax'],
    ]);
  });

  it('never points past the last paragraph and never repeats a position, for any length', () => {
    for (let count = 0; count <= 60; count++) {
      const slots = positions(count);
      expect(slots.length).toBe(Math.min(4, count));
      expect(new Set(slots).size).toBe(slots.length);
      expect([...slots].sort((a, b) => a - b)).toEqual(slots);
      for (const index of slots) expect(index >= 0 && index < count).toBe(true);
    }
    expect(positions(-3)).toEqual([]);
    expect(positions(Number.NaN)).toEqual([]);
  });
});

describe('groupParagraphsIntoPages (SPEC §9: at most 200 words a page)', () => {
  it('keeps paragraphs together while a page stays within 200 words', () => {
    const paragraphs = [prose(80, 'a'), prose(80, 'b'), prose(40, 'c'), prose(1, 'd'), prose(120, 'e')];
    const pages = groupParagraphsIntoPages(paragraphs);
    expect(pages.map((page) => page.length)).toEqual([3, 2]);
    expect(pages.map((page) => countWords(page.join(' ')))).toEqual([200, 121]);
  });

  it('gives an over-long paragraph pages of its own, split at sentence boundaries', () => {
    const long = prose(450, 'l');
    const pages = groupParagraphsIntoPages([prose(50, 'a'), long, prose(30, 'z')]);
    expect(pages.map((page) => countWords(page.join(' ')))).toEqual([50, 200, 200, 50, 30]);
    for (const page of pages.slice(1, 4)) {
      expect(page).toHaveLength(1);
      expect(page[0]).toMatch(/\.$/); // every piece ends a sentence
    }
    expect(wordsOf(pages.slice(1, 4).flat().join(' '))).toEqual(wordsOf(long));
  });

  it('cuts a runaway sentence between words and loses nothing', () => {
    const runaway = prose(450, 'r', 1000);
    const pages = groupParagraphsIntoPages([runaway]);
    expect(pages.map((page) => countWords(page.join(' ')))).toEqual([200, 200, 50]);
    expect(wordsOf(pages.flat().join(' '))).toEqual(wordsOf(runaway));
  });

  it('keeps a page of exactly 200 words whole and honours another limit', () => {
    expect(groupParagraphsIntoPages([prose(200, 'a')])).toHaveLength(1);
    expect(groupParagraphsIntoPages([prose(201, 'a')])).toHaveLength(2);
    expect(groupParagraphsIntoPages(['one two', 'three four'], 2)).toEqual([['one two'], ['three four']]);
  });

  it('keeps a fully masked paragraph instead of dropping it', () => {
    expect(groupParagraphsIntoPages(['Pip ran.', '***'])).toEqual([['Pip ran.', '***']]);
  });
});

describe('groupParagraphsIntoPages with a measure of what fits the page (issue 15)', () => {
  /** A page box that holds `budget` characters, as a crude stand-in for the reader's measured page. */
  const holds = (budget: number) => (page: readonly string[]) => page.join('\n').length <= budget;

  it('fills each page only as far as it fits, keeping paragraphs whole where they fit', () => {
    const paragraphs = [prose(20, 'a'), prose(20, 'b'), prose(20, 'c')];
    const fits = holds(prose(20, 'a').length * 2 + 1);
    const pages = groupParagraphsIntoPages(paragraphs, 200, fits);
    expect(pages).toEqual([[paragraphs[0], paragraphs[1]], [paragraphs[2]]]);
  });

  it('splits a paragraph too long for the page at sentences, then words, losing and reordering nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 40 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 40, max: 2000 }),
        (shapes, budget) => {
          const paragraphs = shapes.map(([words, perSentence], i) => prose(words, `p${i}`, perSentence));
          const fits = holds(budget);
          const pages = groupParagraphsIntoPages(paragraphs, 200, fits);
          for (const page of pages) {
            // A single word is the smallest thing a page can show; anything more fits its page.
            if (wordsOf(page.join(' ')).length > 1) expect(fits(page)).toBe(true);
            expect(countWords(page.join(' '))).toBeLessThanOrEqual(200);
          }
          expect(wordsOf(pages.flat().join(' '))).toEqual(wordsOf(paragraphs.join(' ')));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('places the illustrations after the measured page groups at 25, 50 and 75 %', () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => prose(40, `m${i}`));
    const pages = flipbookPages({
      title: 'T',
      author: 'A',
      paragraphs,
      illustrations: [
        { imageType: 'early-scene', url: '/e.png' },
        { imageType: 'mid-scene', url: '/m.png' },
        { imageType: 'climax', url: '/c.png' },
      ],
      fits: holds(prose(40, 'm0').length + 1), // one paragraph a page: eight pages
    });
    expect(pages.map((page) => page.type)).toEqual([
      'cover',
      'content',
      'content',
      'illustration',
      'content',
      'content',
      'illustration',
      'content',
      'content',
      'illustration',
      'content',
      'content',
      'end',
    ]);
  });
});

describe('flipbookPages (SPEC §2, §9)', () => {
  const images: StoryIllustration[] = [
    { imageType: 'cover', url: '/media/cover.png' },
    { imageType: 'ending', url: '/media/ending.png' },
    { imageType: 'mid-scene', url: '/media/mid.png' },
    { imageType: 'early-scene', url: '/media/early.png' },
    { imageType: 'climax', url: '/media/climax.png' },
  ];
  // Eight pages of 150 words: illustrations go after pages 2, 4 and 6 (25/50/75 %).
  const paragraphs = Array.from({ length: 8 }, (_, i) => prose(150, `p${i}`));
  const kinds = (pages: FlipbookPage[]) =>
    pages.map((page) => (page.type === 'illustration' ? `illustration:${page.imageType}` : page.type));

  it('starts with a cover "By {author}" and ends with an end page', () => {
    const pages = flipbookPages({ title: 'Pip and the Moon', author: 'Sam', paragraphs, illustrations: images });
    expect(pages[0]).toEqual({
      type: 'cover',
      title: 'Pip and the Moon',
      author: 'Sam',
      byline: 'By Sam',
      imageUrl: '/media/cover.png',
    });
    expect(pages.at(-1)).toEqual({ type: 'end' });
  });

  it('puts early-scene, mid-scene and climax after the page groups at 25, 50 and 75 %', () => {
    const pages = flipbookPages({ title: 'T', author: 'A', paragraphs, illustrations: images });
    expect(kinds(pages)).toEqual([
      'cover',
      'content',
      'content',
      'illustration:early-scene',
      'content',
      'content',
      'illustration:mid-scene',
      'content',
      'content',
      'illustration:climax',
      'content',
      'content',
      'end',
    ]);
    const urls = pages.flatMap((page) => (page.type === 'illustration' ? [page.imageUrl] : []));
    expect(urls).toEqual(['/media/early.png', '/media/mid.png', '/media/climax.png']);
  });

  it('falls back to other illustrations and skips slots it has nothing for', () => {
    const pages = flipbookPages({
      title: 'T',
      author: 'A',
      paragraphs,
      illustrations: [
        { imageType: 'ending', url: '/media/ending.png' },
        { imageType: 'mid-scene', url: '/media/mid.png' },
      ],
    });
    expect(kinds(pages).filter((kind) => kind.startsWith('illustration'))).toEqual([
      'illustration:mid-scene',
      'illustration:ending',
    ]);
    expect(kinds(pages).indexOf('illustration:mid-scene')).toBe(3);
  });

  it('has no illustration pages without illustrations, and no cover image without a cover', () => {
    const pages = flipbookPages({ title: 'T', author: 'A', paragraphs, illustrations: [] });
    expect(pages.filter((page) => page.type === 'illustration')).toEqual([]);
    expect(pages[0]).toEqual({ type: 'cover', title: 'T', author: 'A', byline: 'By A' });
    expect(pages).toHaveLength(1 + 8 + 1);
  });

  it('never puts more than 200 words on a content page and keeps every word in order', () => {
    const mixed = [prose(30, 'a'), prose(450, 'b'), prose(199, 'c'), prose(5, 'd'), prose(260, 'e', 1000)];
    const pages = flipbookPages({ title: 'T', author: 'A', paragraphs: mixed, illustrations: images });
    const content = pages.flatMap((page) => (page.type === 'content' ? [page.paragraphs] : []));
    for (const page of content) expect(countWords(page.join(' '))).toBeLessThanOrEqual(200);
    expect(wordsOf(content.flat().join(' '))).toEqual(wordsOf(mixed.join(' ')));
  });

  it('copes with an empty story and an empty author', () => {
    expect(flipbookPages({ title: 'T', author: '  ', paragraphs: [], illustrations: images })).toEqual([
      { type: 'cover', title: 'T', author: '', byline: '', imageUrl: '/media/cover.png' },
      { type: 'end' },
    ]);
  });

  it('gives a one-page story its first illustration only', () => {
    const pages = flipbookPages({ title: 'T', author: 'A', paragraphs: ['Short.'], illustrations: images });
    expect(kinds(pages)).toEqual(['cover', 'content', 'illustration:early-scene', 'end']);
  });
});

describe('storyPreview (SPEC §9: 120 characters)', () => {
  it('returns short text whole, without bold markers or paragraph breaks', () => {
    expect(storyPreview('**Pip** ran.\n\nThe end.')).toBe('Pip ran. The end.');
    expect(storyPreview('')).toBe('');
  });

  it('cuts long text at a word boundary within 120 characters and adds an ellipsis', () => {
    const text =
      'Once upon a time there was a little dragon called Pip who lived at the very top of a tall, windy mountain full of wonderful secrets.';
    const preview = storyPreview(text);
    expect(preview.endsWith('…')).toBe(true);
    const body = preview.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(120);
    expect(text.startsWith(body)).toBe(true);
    expect(text[body.length]).toMatch(/[\s,]/); // the cut falls between words
    expect(body).toBe(
      'Once upon a time there was a little dragon called Pip who lived at the very top of a tall, windy mountain full of',
    );
  });

  it('keeps a cut that already falls between words, and hard-cuts one enormous word', () => {
    const exact = `${'a'.repeat(120)} tail`;
    expect(storyPreview(exact)).toBe(`${'a'.repeat(120)}…`);
    expect(storyPreview('x'.repeat(300))).toBe(`${'x'.repeat(120)}…`);
  });

  it('reads only the opening, yet previews exactly as if it had read the whole text', () => {
    // The oracle processes the whole story, as the cards did before they read only a window of it.
    const whole = (content: string, length: number) => {
      const characters = Array.from(storyParagraphs(content).join(' ').replace(/\s+/g, ' ').trim());
      if (characters.length <= length) return characters.join('');
      const head = characters.slice(0, length);
      if (characters[length] !== ' ' && head.lastIndexOf(' ') >= length / 2) head.length = head.lastIndexOf(' ');
      return `${head
        .join('')
        .replace(/[\s,;:\-–—]+$/u, '')
        .trimEnd()}…`;
    };
    const token = fc.constantFrom(
      'Pip',
      'sailed',
      'far,',
      '🐉',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\r\n\r\n',
      '*',
      '**',
      '***',
      '****',
    );
    const story = fc.array(fc.oneof(token, fc.string({ maxLength: 12 })), { maxLength: 400 }).map((t) => t.join(''));
    // Short previews too: their small windows cut through the markup far more often.
    const length = fc.constantFrom(5, 9, 20, 120);
    fc.assert(
      fc.property(story, length, (content, n) => storyPreview(content, n) === whole(content, n)),
      { numRuns: 1000 },
    );
    // Markup and blank space long enough to push the words past the first window.
    const padded = `${'**'.repeat(400)}${' \n'.repeat(400)}Pip sailed far ${'and far '.repeat(30)}`;
    expect(storyPreview(padded)).toBe(whole(padded, 120));
  });

  it('counts characters, not UTF-16 units, and honours another length', () => {
    expect(storyPreview('🐉'.repeat(130))).toBe(`${'🐉'.repeat(120)}…`);
    expect(storyPreview('one two three four', 9)).toBe('one two…');
    expect(storyPreview('x'.repeat(120))).toBe('x'.repeat(120));
  });
});

describe('exportFileName (SPEC §7)', () => {
  it.each([
    ["Pip's Big Adventure!", 'pip_s_big_adventure_.html'],
    ['The Dragon', 'the_dragon.html'],
    ['Moon 2', 'moon_2.html'],
    ['Zoë & José', 'zo____jos_.html'],
    ['Dragons 🐉', 'dragons__.html'],
    ['../../etc/passwd', '______etc_passwd.html'],
    ['', 'story.html'],
    ['   ', 'story.html'],
  ])('%j → %s', (title, expected) => {
    expect(exportFileName(title)).toBe(expected);
  });

  it('keeps very long titles to a usable file name', () => {
    expect(exportFileName('a'.repeat(500))).toBe(`${'a'.repeat(100)}.html`);
  });
});
