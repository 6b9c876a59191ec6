import { describe, expect, it } from 'vitest';
import { ART_STYLE_IDS, CHARACTER_TYPES, IMAGE_TYPES, type ImageType } from '#common/story-choices.js';
import { Painter } from '../../storyteller/art-styles.js';
import { drawIllustration, paintSvg } from '../../storyteller/illustrator.js';
import { localStoryteller } from '../../storyteller/index.js';
import { writeStory } from '../../storyteller/story-writer.js';
import { COLOURS, NATURAL_FURS } from '../../storyteller/traits.js';
import type { IllustrationRequest, StoryDraft } from '../../lambdas/workflow/providers/types.js';
import { BANDS, storyRequest, type StoryChoices } from '../support/story-measures.js';

/** The local illustrator reads no template; a picture request carries one all the same. */
const IMAGE_TEMPLATE = {
  id: 't',
  version: 1,
  type: 'image_generation',
  content: '',
  model: 'local',
  temperature: 0,
  maxTokens: 0,
} as const;

/** The hero's figure: from its group to the style's overlay, which is always drawn next. */
const heroFigure = (svg: string) => svg.slice(svg.indexOf('<g class="hero-figure"'), svg.indexOf('<g class="overlay'));
/** Every colour the hero is painted with (flat fills and the gradient shades named after their colour). */
const heroPaint = (svg: string) =>
  [...new Set([...heroFigure(svg).matchAll(/(?:fill="#|shade-)([0-9a-f]{6})/g)].map(([, hex = '']) => hex))].sort();
const attribute = (svg: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(svg)?.[1];
/** The transform that places the hero: where it stands, how big, how it leans. */
const heroPlacement = (svg: string) => /<g class="hero-figure"[^>]*><g transform="([^"]*)"/.exec(svg)?.[1];

const lily: StoryChoices = {
  band: 'A',
  heroName: 'Lily',
  characterType: 'Creature',
  storyType: 'Magical',
  mission: 'Rescue',
  styleIndex: 0,
  seed: 5,
  custom: { character: 'a small purple dragon who loves pancakes and carries a lantern' },
};

function pictures(draft: StoryDraft, choices: StoryChoices, extra: Partial<IllustrationRequest> = {}) {
  return Object.fromEntries(
    IMAGE_TYPES.map((imageType) => [
      imageType,
      paintSvg({
        storyId: 'story-1',
        imageType,
        scene: draft.scenes[imageType] ?? '',
        heroName: choices.heroName,
        characterType: choices.characterType,
        artStyle: 'pixar-3d',
        mood: imageType === 'climax' ? 'exciting but safe' : 'joyful and warm',
        mode: 'express',
        seed: choices.seed,
        size: 896,
        template: IMAGE_TEMPLATE,
        band: BANDS[choices.band],
        ...extra,
      }),
    ]),
  ) as Record<ImageType, string>;
}

/** How the style paints a colour: the hex a test looks for in the picture. */
const painted = (hex: string, style: (typeof ART_STYLE_IDS)[number] = 'pixar-3d') =>
  new Painter(style).colour(hex).slice(1);

describe('pictures that follow the story', () => {
  it("shows each scene's own moment: a pose and place of its own, never the cover's", () => {
    for (const characterType of CHARACTER_TYPES) {
      for (const band of ['A', 'B'] as const) {
        const choices = { ...lily, band, characterType };
        const svgs = pictures(writeStory(storyRequest(choices)), choices);
        const poses = IMAGE_TYPES.map((type) => attribute(heroFigure(svgs[type]), 'data-pose'));
        expect(new Set(poses).size, characterType).toBe(IMAGE_TYPES.length);
        const placements = IMAGE_TYPES.map((type) => heroPlacement(svgs[type]));
        expect(new Set(placements).size).toBe(IMAGE_TYPES.length);
        for (const type of IMAGE_TYPES.filter((t) => t !== 'cover')) {
          expect(attribute(svgs[type], 'data-place')).not.toBe(attribute(svgs.cover, 'data-place'));
        }
        // The early scene and the ending happen at home, the middle on the path, with the friend along.
        expect(svgs['early-scene']).toContain('data-place="home"');
        expect(svgs.ending).toContain('data-place="home"');
        expect(svgs['mid-scene']).toContain('data-place="path"');
        for (const type of ['cover', 'early-scene', 'mid-scene', 'ending'] as const) {
          expect(svgs[type]).toContain('<g class="friend"');
        }
        // At the climax the hero reaches out to the one who needs help, who is drawn there as its kind (a troll
        // as a big shaggy bear), never as a bunny; one of no kind the illustrator draws (vines, goo, a comet) is left out.
        const guest = /\(guest: ([^)]*)\)/u.exec(writeStory(storyRequest(choices)).scenes.climax ?? '')?.[1] ?? '';
        if (!/vines|goo|jellyfish|asteroid|comet|wind spirit/u.test(guest))
          expect(svgs.climax).toContain('<g class="guest"');
        expect(svgs.climax).not.toMatch(/class="guest" data-creature="bunny"/);
        expect(svgs.cover).not.toContain('<g class="guest"');
      }
    }
  });

  it('draws the mission\'s own creature when the trouble starts and at the party, and reads what a prompt says the hero is ("Pip the pony")', () => {
    const ducks = {
      ...lily,
      mission: 'Rescue' as const,
      custom: { mission: 'keep the baby ducks safe from the storm' },
    };
    const svgs = pictures(writeStory(storyRequest(ducks)), ducks);
    expect(svgs['early-scene']).toMatch(/<g class="thing" data-creature="bird"/);
    expect(svgs.ending).toMatch(/<g class="thing" data-creature="bird"/);
    expect(svgs['mid-scene']).not.toContain('<g class="thing"');
    // An admin's picture prompt for a hero of no creature kind: "Pip the pony" is drawn as a pony, not as a child
    // with a pony beside it.
    const pip = { ...lily, heroName: 'Pip', characterType: 'Explorer' as const, custom: {} };
    const cover = pictures(writeStory(storyRequest(pip)), pip, {
      customizations: 'Pip the pony in a sunny meadow',
    }).cover;
    expect(attribute(heroFigure(cover), 'data-kind')).toBe('pony');
    expect(cover).not.toContain('<g class="wished"');
    const plain = pictures(writeStory(storyRequest(pip)), pip, { customizations: 'a pony in a sunny meadow' }).cover;
    expect(attribute(heroFigure(plain), 'data-kind')).toBe('Explorer');
    expect(plain).toContain('<g class="wished" data-creature="pony"');
  });

  it('keeps the hero recognisably the same: same colours, kind and held object in every picture', () => {
    for (const characterType of CHARACTER_TYPES) {
      const choices = { ...lily, characterType };
      const svgs = Object.values(pictures(writeStory(storyRequest(choices)), choices));
      expect(new Set(svgs.map((svg) => heroPaint(svg).join(' '))).size, characterType).toBe(1);
      expect(new Set(svgs.map((svg) => attribute(heroFigure(svg), 'data-kind'))).size).toBe(1);
      for (const svg of svgs) expect(heroFigure(svg)).toContain('data-object="lantern"');
    }
  });

  it('draws the traits the family described: a purple dragon holding a lantern', () => {
    const svgs = pictures(writeStory(storyRequest(lily)), lily);
    for (const svg of Object.values(svgs)) {
      const hero = heroFigure(svg);
      expect(attribute(hero, 'data-kind')).toBe('dragon');
      expect(hero).toContain(painted(COLOURS.purple));
      expect(hero).toContain('data-object="lantern"');
    }
    // Without the description, the same story's creature is neither purple nor a dragon.
    const plain = { ...lily, custom: {} };
    const cover = pictures(writeStory(storyRequest(plain)), plain).cover;
    expect(attribute(heroFigure(cover), 'data-kind')).toBe('Creature');
    expect(heroFigure(cover)).not.toContain(painted(COLOURS.purple));
    expect(heroFigure(cover)).not.toContain('data-object=');
  });

  it("draws a friend of a kind in its kind's colours and shape, unless the story names a colour: a brown owl, a pony with a mane", () => {
    const friendOf = (svg: string) =>
      svg.slice(svg.indexOf('<g class="friend"'), svg.indexOf('<g class="hero-figure"'));
    const owlBrowns = (NATURAL_FURS.owl ?? []).map((hex) => painted(hex));
    for (let seed = 1; seed <= 12; seed++) {
      const scene = (friend: string) =>
        pictures(
          { title: '', excerpt: '', paragraphs: [], scenes: { cover: `Lily waves beside Pip (friend: ${friend})` } },
          {
            ...lily,
            seed,
          },
        ).cover;
      const owl = friendOf(scene('a wise young owl'));
      expect(attribute(owl, 'data-creature')).toBe('owl');
      expect(
        owlBrowns.some((hex) => owl.includes(hex)),
        `seed ${seed}`,
      ).toBe(true);
      const green = friendOf(scene('a wise young green owl'));
      expect(green).toContain(painted(COLOURS.green));
      // A pony has its mane, so it does not read as a cat; an owl has none.
      expect(friendOf(scene('a pony with starry hooves'))).toContain('<g class="mane"');
      expect(owl).not.toContain('class="mane"');
    }
  });

  it('changes the picture by what the family typed: "a purple dragon holding a lantern" draws all three', () => {
    const choices = { ...lily, characterType: 'Robot' as const, custom: {} };
    const draft = writeStory(storyRequest(choices));
    for (const artStyle of ART_STYLE_IDS) {
      const plain = pictures(draft, choices, { artStyle })['mid-scene'];
      const typed = 'a purple dragon holding a lantern, zqtyped words';
      const wished = pictures(draft, choices, { artStyle, customizations: typed })['mid-scene'];
      expect(plain).not.toContain('class="wished"');
      const drawn = /<g class="wished"[^>]*>.*?<\/g><\/g><\/g>/.exec(wished)?.[0] ?? '';
      expect(drawn, artStyle).toContain('data-creature="dragon"');
      expect(drawn).toContain('data-colour="purple"');
      expect(drawn).toContain('data-object="lantern"');
      expect(drawn).toContain(painted(COLOURS.purple, artStyle));
      // The hero stays who the story says, and nothing the family typed is written into the picture.
      expect(heroPaint(wished)).toEqual(heroPaint(plain));
      expect(wished).not.toMatch(/zqtyped|purple dragon|holding a lantern/);
    }
    // A place it names moves the scene there; a time of day changes the sky.
    expect(attribute(pictures(draft, choices, { customizations: 'on a sandy beach' }).climax, 'data-setting')).toBe(
      'ocean',
    );
    expect(attribute(pictures(draft, choices).climax, 'data-setting')).not.toBe('ocean');
    const held = pictures(draft, choices, { customizations: 'a bunny holding a flower' }).climax;
    expect(attribute(held, 'data-setting')).toBe(attribute(pictures(draft, choices).climax, 'data-setting'));
    // An object alone is drawn in the picture too, in the colour named.
    const kite = pictures(draft, choices, { customizations: 'a big red kite' }).ending;
    expect(kite).toMatch(/<g class="wished" data-colour="red">.*data-object="kite"/);
  });

  it('says which words of a picture wish it could not draw, in the family’s words, and only those (issue 37)', () => {
    const choices = { ...lily, characterType: 'Robot' as const, custom: {} };
    const draft = writeStory(storyRequest(choices));
    const cover = (customizations?: string) =>
      drawIllustration({
        storyId: 'story-1',
        imageType: 'cover',
        scene: draft.scenes.cover ?? '',
        heroName: 'Lily',
        characterType: 'Robot',
        artStyle: 'watercolor',
        mood: 'joyful and warm',
        mode: 'express',
        seed: 5,
        size: 896,
        template: IMAGE_TEMPLATE,
        band: BANDS.A,
        ...(customizations === undefined ? {} : { customizations }),
      });
    // The dragon, its colour and size, the lantern it holds and the night are drawn; a rainbow and a hat are not.
    const wish = 'A tiny purple Dragon holding a lantern at night, under a rainbow, wearing a hat, please';
    expect(cover(wish).notDrawn).toEqual(['rainbow', 'hat']);
    // A wish drawn whole, or none at all, leaves nothing to tell.
    expect(cover('a big red kite on the beach').notDrawn).toBeUndefined();
    // The place's own words are drawn with it, not another phrase's: the beach is there, the rainbow is not.
    expect(cover('on a sandy beach under a rainbow').notDrawn).toEqual(['rainbow']);
    expect(cover('Lily the pony at sunset').notDrawn).toBeUndefined();
    expect(cover().notDrawn).toBeUndefined();
    // A word it does not know is told back as typed (lower case), never drawn or written into the picture.
    const odd = cover('a dragon with a zqblorp');
    expect(odd.notDrawn).toEqual(['zqblorp']);
    expect(new TextDecoder().decode(odd.body)).not.toContain('zqblorp');
  });

  it('tells only the things of a wish it left out, as the family typed them, never a creature it drew (issue 45)', async () => {
    // The story's own friend is a cat: the cat the wish names is drawn, and so is the one it names Whiskers.
    const paint = (customizations: string) =>
      localStoryteller.drawIllustration({
        storyId: 'story-1',
        imageType: 'cover',
        scene: 'Lily waves from the garden gate (hero: a robot) (friend: a grey cat)',
        heroName: 'Lily',
        characterType: 'Robot',
        artStyle: 'watercolor',
        mood: 'joyful and warm',
        mode: 'express',
        seed: 5,
        size: 896,
        template: IMAGE_TEMPLATE,
        band: BANDS.A,
        customizations,
      });
    const wish = await paint('A Dragon and Whiskers the cat riding past the Rainbow Castle');
    const svg = new TextDecoder().decode(wish.body);
    expect(svg).toMatch(/class="friend" data-creature="cat"/);
    // The castle is the place drawn; "riding" and "past" are no things to draw; "Rainbow" keeps its capital.
    expect(svg).toContain('data-setting="castle"');
    expect(wish.notDrawn).toEqual(['Rainbow']);
    // The hero's own kind is drawn too; a wish of only words that are not things leaves nothing to tell.
    expect((await paint('the robot jumping happily over')).notDrawn).toBeUndefined();
    expect((await paint('a Kite and a zqblorp')).notDrawn).toEqual(['zqblorp']);
  });
});
