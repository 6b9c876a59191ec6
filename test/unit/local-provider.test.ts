import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgeBand } from '#common/age-bands.js';
import {
  ART_STYLE_IDS,
  CHARACTER_TYPES,
  IMAGE_TYPES,
  MISSIONS,
  STORY_TYPES,
  type ArtStyle,
} from '#common/story-choices.js';
import {
  heroNameProblem,
  customDescriptionProblem,
  findDeniedTopics,
  splitSentences,
  validateStory,
} from '#common/story-validation.js';
import { countWords } from '#common/words.js';
import { createLocalProvider } from '../../lambdas/workflow/providers/local.js';
import { paintSvg } from '../../storyteller/illustrator.js';
import { asReadBack } from '../../storyteller/heard-before.js';
import { writeStory } from '../../storyteller/story-writer.js';
import type { IllustrationRequest, StoryDraft, StoryRequest } from '../../lambdas/workflow/providers/types.js';
import { BANDS, sentencesSaidOnce, storyRequest, template, type StoryChoices } from '../support/story-measures.js';

const provider = createLocalProvider();

type Choices = StoryChoices & { custom: NonNullable<StoryChoices['custom']> };

const base: Choices = {
  band: 'A',
  heroName: 'Mia',
  characterType: 'Explorer',
  storyType: 'Adventure',
  mission: 'Rescue',
  styleIndex: 0,
  seed: 42,
  custom: {},
};

const allText = (draft: StoryDraft) =>
  [draft.title, draft.excerpt, ...draft.paragraphs, ...Object.values(draft.scenes)].join('\n');

// Names as families type them: one to four parts, any case, accents, hyphens and apostrophes.
const namePart = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéöñç'), { minLength: 1, maxLength: 8 })
  .map((letters) => letters.join(''))
  .chain((part) => fc.constantFrom(part, part.charAt(0).toUpperCase() + part.slice(1)));
const heroName = fc
  .tuple(fc.array(namePart, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '-', "'"))
  .map(([parts, separator]) => (parts.length > 2 ? parts.join(' ') : parts.join(separator)));

const WORDS =
  'a tiny purple dragon who loves cupcakes and my little brother sings to the moon with big red boots dancing robots picnic in space find lost teddy bear grandma cat rainbow castle of candy'.split(
    ' ',
  );
const description = (max: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 20 }).map((words) => {
    let text = '';
    for (const word of words) if (`${text} ${word}`.trim().length <= max) text = `${text} ${word}`.trim();
    return text;
  });

const choices: fc.Arbitrary<Choices> = fc.constantFrom<AgeBand>('A', 'B').chain((band) => {
  const max = BANDS[band].validators.custom_description_max;
  return fc.record({
    band: fc.constant(band),
    heroName: heroName.filter(
      (name) => !heroNameProblem(name, BANDS[band]) && !findDeniedTopics(name, BANDS[band]).length,
    ),
    characterType: fc.constantFrom(...CHARACTER_TYPES),
    storyType: fc.constantFrom(...STORY_TYPES),
    mission: fc.constantFrom(...MISSIONS),
    styleIndex: fc.nat(5),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    custom: fc
      .record(
        { character: description(max), storyType: description(max), mission: description(max) },
        { requiredKeys: [] },
      )
      .filter((custom) => Object.values(custom).every((text) => !customDescriptionProblem(text, BANDS[band]))),
  });
});

describe('the local story writer', { timeout: 120_000 }, () => {
  it('writes a story that passes its band validators, with no deny-listed word, for any choices', async () => {
    await fc.assert(
      fc.asyncProperty(choices, async (c) => {
        const draft = await provider.writeStory(storyRequest(c));
        const band = BANDS[c.band];
        const check = validateStory(draft, band);
        expect(check.problems, JSON.stringify(c)).toEqual([]);
        expect(findDeniedTopics(allText(draft), band)).toEqual([]);
        // The hero is named (as typed, give or take capitals); the family's descriptions are never pasted in.
        const text = draft.paragraphs.join(' ').toLowerCase();
        expect(text).toContain(c.heroName.trim().replace(/\s+/g, ' ').toLowerCase());
        for (const words of Object.values(c.custom)) {
          if (words && words.split(' ').length >= 4) expect(text).not.toContain(words.toLowerCase());
        }
        expect(draft.title.trim()).not.toBe('');
        expect(splitSentences(draft.excerpt).length).toBeGreaterThanOrEqual(1);
        expect(splitSentences(draft.excerpt).length).toBeLessThanOrEqual(2);
        expect(Object.keys(draft.scenes).sort()).toEqual([...IMAGE_TYPES].sort());
      }),
      { numRuns: 300, seed: 20_251_122 },
    );
  });

  it('writes the same story for the same request', async () => {
    const request = storyRequest({ ...base, custom: { character: 'a shy purple dragon' } });
    expect(await provider.writeStory(request)).toEqual(await provider.writeStory({ ...request }));
  });

  it('writes a different story when the hero, mission, kind or band changes', async () => {
    const first = await provider.writeStory(storyRequest(base));
    const sentences = (draft: StoryDraft) =>
      new Set(draft.paragraphs.flatMap(splitSentences).map((s) => s.replaceAll(/Mia|Leo/g, 'X')));
    const overlap = (a: StoryDraft, b: StoryDraft) => {
      const [x, y] = [sentences(a), sentences(b)];
      return [...x].filter((s) => y.has(s)).length / Math.max(x.size, y.size);
    };
    for (const change of [
      { heroName: 'Leo' },
      { mission: 'Treasure' as const },
      { storyType: 'Space' as const },
      { band: 'B' as const },
      { seed: 43 },
    ]) {
      const other = await provider.writeStory(storyRequest({ ...base, ...change }));
      expect(other.paragraphs, JSON.stringify(change)).not.toEqual(first.paragraphs);
      expect(overlap(first, other), JSON.stringify(change)).toBeLessThan(0.7);
    }
  });

  it('does not tell a family again what their library already says: a new title, no sentence heard before', async () => {
    // The same choices and seed: written blind, it would be the same story word for word.
    for (const band of ['A', 'B'] as const) {
      const request = storyRequest({ ...base, band, custom: { character: 'a shy purple dragon' } });
      const first = await provider.writeStory(request);
      // A brother's story too: the family's stories are compared whatever their hero is called.
      const brothers = await provider.writeStory(storyRequest({ ...base, band, heroName: 'Leo', seed: 7 }));
      const told = (draft: StoryDraft, hero: string) => ({
        heroName: hero,
        title: draft.title,
        content: draft.paragraphs.join('\n\n'),
      });
      const earlierStories = [told(first, 'Mia'), told(brothers, 'Leo')];
      const next = await provider.writeStory({ ...request, earlierStories });
      const readBack = (draft: StoryDraft, hero: string) =>
        draft.paragraphs.flatMap(splitSentences).map((s) => asReadBack(s, hero));
      const heard = new Set([...readBack(first, 'Mia'), ...readBack(brothers, 'Leo')]);
      expect(next.title, band).not.toBe(first.title);
      expect(next.title, band).not.toBe(brothers.title.replace('Leo', 'Mia'));
      // A line the story says three times is its style's refrain, which that style's stories share on purpose.
      expect(
        sentencesSaidOnce(next.paragraphs, 'Mia').filter((s) => heard.has(s)),
        band,
      ).toEqual([]);
      expect(validateStory(next, BANDS[band]).problems, band).toEqual([]);
      // The library changes only what repeats: with no other story, the story is the first one again.
      expect(await provider.writeStory({ ...request, earlierStories: [] })).toEqual(first);
    }
  });

  it('follows the mission: a treasure is found, a rescue rescues, ranch animals come home', async () => {
    const treasure = await provider.writeStory(storyRequest({ ...base, mission: 'Treasure', storyType: 'Space' }));
    expect(treasure.paragraphs.join(' ')).toMatch(/Star Crystal|Rainbow Gem/);
    expect(treasure.paragraphs.join(' ')).toMatch(/"[^"]*\?" read \w+\./); // the quest's riddle
    const ranch = await provider.writeStory(storyRequest({ ...base, mission: 'Ranch', storyType: 'Space' }));
    expect(ranch.paragraphs.join(' ')).toMatch(/space sheep/);
    expect(ranch.scenes.ending).toMatch(/\(ranch\)/);
  });

  it('uses the last attempt\'s problems: "too short" writes longer than "too long"', async () => {
    const words = async (problem: string) => {
      let total = 0;
      for (let seed = 0; seed < 20; seed++) {
        const draft = await provider.writeStory(
          storyRequest({ ...base, band: 'B', seed }, { attempt: 2, problems: [problem] }),
        );
        total += countWords(draft.paragraphs.join(' '));
      }
      return total / 20;
    };
    expect(await words('The story is too short: 400 words, but it needs at least 500.')).toBeGreaterThan(
      (await words('The story is too long: 990 words, but it must have at most 900.')) + 50,
    );
    const retry = await provider.writeStory(storyRequest(base, { attempt: 2, problems: [] }));
    expect(retry.paragraphs).not.toEqual((await provider.writeStory(storyRequest(base))).paragraphs);
  });

  it('introduces a long name in full, then calls the hero by its first word', async () => {
    const writeTitle = (request: StoryRequest) => writeStory(request).title;
    const draft = await provider.writeStory(storyRequest({ ...base, heroName: 'mary anne elizabeth' }));
    // Whichever opening the story's seed draws: "…named Mary Anne Elizabeth." or "the story of Mary Anne Elizabeth, …".
    // (or "…called Mary Anne Elizabeth.", "…this one has Mary Anne Elizabeth, …", "…, with Mary Anne Elizabeth.").
    expect(draft.paragraphs[0]).toMatch(
      /(named|called|has|with|the story of|Meet|This is) Mary Anne Elizabeth[.,?]|Mary Anne Elizabeth (is|was) an/,
    );
    expect(draft.paragraphs[0]).toContain('Everyone called Mary Anne Elizabeth Mary for short.');
    expect(draft.paragraphs.join(' ').split('Mary Anne Elizabeth').length - 1).toBe(2);
    const titles = [0, 1, 2, 3, 4, 5, 6, 7].map((seed) =>
      writeTitle(storyRequest({ ...base, heroName: 'mary anne elizabeth', seed })),
    );
    // A title that names the hero uses the whole name or its first word, never a piece of it.
    expect(titles.some((title) => title.includes('Mary'))).toBe(true);
    for (const title of titles) expect(title).not.toMatch(/(?<!Mary )Anne|(?<!Anne )Elizabeth/);
  });

  it("leaves a family's words out rather than let a deny-listed one into the story", async () => {
    const draft = await provider.writeStory(
      storyRequest({ ...base, custom: { character: 'a pirate who drinks beer' } }),
    );
    expect(validateStory(draft, BANDS.A).problems).toEqual([]);
    expect(draft.paragraphs.join(' ')).not.toMatch(/beer/i);
  });
});

/** A small well-formedness check: one root, balanced tags, quoted attributes, no stray `<` or bad `&`. */
function xmlProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/y;
  const badEntity = /&(?!(?:amp|lt|gt|quot|#39);)/;
  let at = 0;
  let roots = 0;
  while (at < svg.length) {
    const open = svg.indexOf('<', at);
    const between = svg.slice(at, open === -1 ? svg.length : open);
    if (badEntity.test(between) || between.includes('>')) problems.push(`bad text near ${at}`);
    if (!stack.length && between.trim()) problems.push(`text outside the root near ${at}`);
    if (open === -1) break;
    tag.lastIndex = open;
    const match = tag.exec(svg);
    if (!match) {
      problems.push(`malformed tag at ${open}: ${svg.slice(open, open + 40)}`);
      break;
    }
    const [, closing, name = '', attributes = '', selfClosing] = match;
    const names = [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, attribute = '', value = '']) => {
      if (badEntity.test(value)) problems.push(`bad attribute value in <${name}>`);
      return attribute;
    });
    if (new Set(names).size !== names.length) problems.push(`repeated attribute in <${name}>`);
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else {
      if (!stack.length) roots++;
      if (!selfClosing) stack.push(name);
    }
    at = tag.lastIndex;
  }
  if (stack.length) problems.push(`unclosed ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

const SVG_TAGS = new Set([
  'svg',
  'title',
  'defs',
  'g',
  'rect',
  'circle',
  'ellipse',
  'path',
  'polygon',
  'line',
  'text',
  'linearGradient',
  'radialGradient',
  'stop',
  'filter',
  'pattern',
  'clipPath',
  'feGaussianBlur',
  'feOffset',
  'feComponentTransfer',
  'feFuncA',
  'feMerge',
  'feMergeNode',
  'feTurbulence',
  'feColorMatrix',
  'feDisplacementMap',
]);

/** What an image served to a child's browser must never contain. */
function safetyProblems(svg: string): string[] {
  const problems: string[] = [];
  const tags = [...svg.matchAll(/<\/?([A-Za-z][\w:-]*)([^>]*)>/g)];
  for (const [, name = '', attributes = ''] of tags) {
    if (!SVG_TAGS.has(name)) problems.push(`unexpected <${name}>`);
    for (const [, attribute = '', value = ''] of attributes.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (/^on/i.test(attribute)) problems.push(`event handler ${attribute} in <${name}>`);
      if (/href$/i.test(attribute)) problems.push(`link in <${name}>`);
      if (/url\((?!#)/i.test(value)) problems.push(`external url() in <${name}>`);
    }
  }
  if (/<script/i.test(svg)) problems.push('script');
  if (svg.replace('xmlns="http://www.w3.org/2000/svg"', '').match(/https?:|javascript:|data:/i))
    problems.push('external reference');
  return problems;
}

const illustration = (overrides: Partial<IllustrationRequest> = {}): IllustrationRequest => ({
  storyId: 'story-1',
  imageType: 'cover',
  scene:
    'Mia, an explorer, smiling beside Pip (a chatty parrot) in the Whispering Woods (forest), ready for an adventure',
  heroName: 'Mia',
  characterType: 'Explorer',
  artStyle: 'pixar-3d',
  mood: 'joyful',
  mode: 'express',
  seed: 7,
  size: 896,
  template: { ...template, type: 'image_generation' },
  band: BANDS.A,
  ...overrides,
});

/** The hero's figure in a picture: from its group to the style's overlay, which is always drawn next. */
const heroFigure = (svg: string) => svg.slice(svg.indexOf('<g class="hero-figure"'), svg.indexOf('<g class="overlay'));
/** Every colour the hero is painted with (flat fills and the gradient shades named after their colour). */
const heroPaint = (svg: string) =>
  [...new Set([...heroFigure(svg).matchAll(/(?:fill="#|shade-)([0-9a-f]{6})/g)].map(([, hex = '']) => hex))].sort();

// Property runs paint hundreds of pictures; on a loaded shared machine that takes longer than vitest's 5 s default.
describe('the local illustrator', { timeout: 30_000 }, () => {
  it('draws a well-formed, self-contained SVG of the requested size for every style and hero', async () => {
    for (const artStyle of ART_STYLE_IDS) {
      for (const characterType of CHARACTER_TYPES) {
        const picture = await provider.drawIllustration(illustration({ artStyle, characterType }));
        expect(picture).toMatchObject({ contentType: 'image/svg+xml', width: 896, height: 896 });
        const svg = new TextDecoder().decode(picture.body);
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="896" height="896" viewBox="0 0 1000 1000"/,
        );
        expect(xmlProblems(svg), `${artStyle} ${characterType}`).toEqual([]);
        expect(safetyProblems(svg), `${artStyle} ${characterType}`).toEqual([]);
      }
    }
  });

  it('escapes a hostile hero name and scene, so they are text and never markup', () => {
    for (const artStyle of ART_STYLE_IDS) {
      const svg = paintSvg(
        illustration({
          artStyle,
          heroName: '<img src=x onerror=alert(1)>',
          scene: '"><script>alert(1)</script> & a castle (castle)',
        }),
      );
      expect(xmlProblems(svg)).toEqual([]);
      expect(safetyProblems(svg)).toEqual([]);
      expect(svg).not.toContain('<img');
      expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    expect(paintSvg(illustration({ artStyle: 'comic-book', heroName: '<img src=x onerror=alert(1)>' }))).toContain(
      '&lt;IMG SRC=X ONERROR=ALERT(1)&gt;&#39;S BIG ADVENTURE!',
    );
  });

  it('stays well-formed whatever text it is given', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 120 }),
        fc.constantFrom(...ART_STYLE_IDS),
        (name, scene, artStyle) => {
          const svg = paintSvg(illustration({ heroName: name, scene, customizations: scene, artStyle }));
          expect(xmlProblems(svg)).toEqual([]);
          expect(safetyProblems(svg)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 7 },
    );
  });

  it('makes each art style look clearly its own', () => {
    const svgs = Object.fromEntries(
      ART_STYLE_IDS.map((artStyle) => [artStyle, paintSvg(illustration({ artStyle }))]),
    ) as Record<ArtStyle, string>;
    expect(new Set(Object.values(svgs)).size).toBe(ART_STYLE_IDS.length);
    // Watercolour: turbulence-displaced washes, translucent, on grainy paper.
    expect(svgs.watercolor).toMatch(/<filter id="watercolor-bleed"[^>]*>.*<feTurbulence.*<feDisplacementMap/);
    expect(svgs.watercolor).toContain('fill-opacity="0.68"');
    // Comic book: halftone dots, thick black ink, a caption box.
    expect(svgs['comic-book']).toMatch(/<pattern id="halftone"/);
    expect(svgs['comic-book']).toContain('stroke="#111111" stroke-width="8"');
    expect(svgs['comic-book']).toContain('MIA&#39;S BIG ADVENTURE!');
    // Pencil sketch: hatching on paper, and nothing but greys.
    expect(svgs.sketch).toMatch(/<pattern id="hatch"/);
    const colours = [...svgs.sketch.matchAll(/#([0-9a-f]{6})\b/g)].map(([, hex = '']) => hex);
    expect(
      colours.filter((hex) => !(hex.slice(0, 2) === hex.slice(2, 4) && hex.slice(2, 4) === hex.slice(4, 6))),
    ).toEqual(['f3efe4']);
    // Anime: cel shading and speed lines. Pixar-like 3D: shaded volumes and a soft shadow. Illustration: flat, framed.
    expect(svgs.anime).toMatch(/<clipPath id="cel"/);
    expect(svgs.anime).toContain('class="speed-lines"');
    expect(svgs['pixar-3d']).toMatch(/<radialGradient id="shade-/);
    expect(svgs['pixar-3d']).toContain('filter="url(#soft-shadow)"');
    expect(svgs.illustration).not.toMatch(/<filter|<radialGradient|<pattern/);
    expect(svgs.illustration).toContain('rx="36"');
  });

  it('draws the setting the scene names, and the same hero in every picture of a story', () => {
    const setting = (scene: string) => /data-setting="(\w+)"/.exec(paintSvg(illustration({ scene })))?.[1];
    expect(setting('Leo on Planet Zoomba (space)')).toBe('space');
    expect(setting('Leo at Comet Creek Ranch (ranch)')).toBe('ranch');
    expect(setting('Leo in Moonpetal Castle (castle)')).toBe('castle');
    expect(setting('a picnic on the beach by the lighthouse')).toBe('ocean');
    expect(setting('somewhere nice')).toBe('meadow');

    // The hero's paint (every fill colour of the figure) is the same in every picture of a story, and not in another's.
    const pictures = IMAGE_TYPES.map((imageType, i) =>
      paintSvg(
        illustration({
          imageType,
          seed: 99,
          scene:
            ['in the woods (forest)', 'on the moon (space)', 'a castle (castle)', 'a barn (ranch)', 'a cave (cave)'][
              i
            ] ?? '',
        }),
      ),
    );
    const paints = new Set(pictures.map((svg) => heroPaint(svg).join(' ')));
    expect(paints.size).toBe(1);
    expect(heroPaint(pictures[0] ?? '').length).toBeGreaterThan(3);
    const otherStories = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => heroPaint(paintSvg(illustration({ seed }))).join(' ')),
    );
    expect(otherStories.size).toBeGreaterThan(1);
  });

  it('draws the scenes the writer describes', async () => {
    const draft = await provider.writeStory(storyRequest({ ...base, storyType: 'Space', mission: 'Protect' }));
    for (const imageType of IMAGE_TYPES) {
      const svg = paintSvg(
        illustration({ imageType, scene: draft.scenes[imageType] ?? '', characterType: 'Robot', artStyle: 'anime' }),
      );
      expect(svg).toMatch(/data-setting="space"/);
    }
  });
});
