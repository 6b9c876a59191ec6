import type { ImageType } from '#common/story-choices.js';
import type { Illustration, IllustrationRequest } from '../types.js';
import { Painter } from './art-styles.js';
import { drawCreature, drawHome, drawObject, drawPath, type Pose } from './cast.js';
import { darken, lighten } from './colour.js';
import { drawHero, handOf, heroColours, star } from './figures.js';
import { hashSeed, mulberry32, pick, type Random } from './random.js';
import { drawProps, drawSetting, settingNamedIn, settingOf, timeOf } from './scenery.js';
import { el, text } from './svg.js';
import { possessive } from './template.js';
import { COLOURS, fursOf, readHeroTraits, type HeroTraits } from './traits.js';

/**
 * The local provider's illustrator: an SVG picture of the scene's setting (from the words in the scene),
 * at a time of day that fits the mood, painted in the chosen art style. Each picture shows its own moment:
 * the hero's pose and place change with the picture (waving on the cover, surprised at home, walking the
 * path, reaching out to the one who needs help, cheering at the end), and the others present are drawn;
 * the hero's colours, kind and held object come from the story and stay the same in every picture.
 * The family's picture description adds what it names (a purple dragon holding a lantern) and is never
 * written into the picture as text. Self-contained (no scripts, no external references) and escaped.
 */

const CAPTIONS: Record<ImageType, (hero: string) => string> = {
  cover: (hero) => `${possessive(hero)} big adventure!`,
  'early-scene': () => 'It all began one morning...',
  'mid-scene': () => 'Meanwhile, on the way...',
  climax: (hero) => `Then ${hero} had a kind idea!`,
  ending: (hero) => `Hooray for ${hero}!`,
};

/** The comic book's yellow caption box and a friendly sound-effect burst. */
function comicCaption(request: IllustrationRequest, random: Random): string {
  const caption = CAPTIONS[request.imageType](request.heroName.trim() || 'our hero').toUpperCase();
  const fontSize = Math.min(38, Math.floor(1000 / Math.max(12, [...caption].length)));
  const word = request.imageType === 'mid-scene' ? 'ZOOM!' : random() < 0.5 ? 'WOW!' : 'YAY!';
  return (
    el('rect', { x: 36, y: 36, width: 620, height: 86, fill: '#fff59d', stroke: '#111111', 'stroke-width': 6 }) +
    el(
      'text',
      {
        x: 56,
        y: 92,
        'font-family': "'Bangers', 'Comic Sans MS', 'Comic Neue', sans-serif",
        'font-size': fontSize,
        'font-weight': 'bold',
        fill: '#111111',
      },
      text(caption),
    ) +
    el('polygon', { points: star(842, 170, 110, 62, 12), fill: '#ffeb3b', stroke: '#111111', 'stroke-width': 6 }) +
    el(
      'text',
      {
        x: 842,
        y: 186,
        'text-anchor': 'middle',
        'font-family': "'Bangers', 'Comic Sans MS', sans-serif",
        'font-size': 46,
        'font-weight': 'bold',
        fill: '#e53935',
      },
      word,
    )
  );
}

/** Each picture's moment: the hero's pose, where the hero stands and how big, and what the place adds. */
type Moment = Readonly<{ pose: Pose; x: number; lift: number; scale: number; tilt: number; place: string }>;
const MOMENTS: Record<ImageType, Moment> = {
  cover: { pose: 'wave', x: 0, lift: 0, scale: 1, tilt: 0, place: 'portrait' },
  'early-scene': { pose: 'surprised', x: -120, lift: 0, scale: 0.8, tilt: 3, place: 'home' },
  'mid-scene': { pose: 'walk', x: -170, lift: 30, scale: 0.68, tilt: -5, place: 'path' },
  climax: { pose: 'reach', x: -230, lift: 10, scale: 0.72, tilt: 6, place: 'meeting' },
  ending: { pose: 'cheer', x: 60, lift: -40, scale: 0.8, tilt: 0, place: 'home' },
};

/** The part of a scene the writer marked "(hero: …)", "(friend: …)" or "(guest: …)". */
const marked = (scene: string, role: string) => new RegExp(`\\(${role}: ([^)]*)\\)`).exec(scene)?.[1];

/** A figure placed on the canvas: its feet at (500 + x, 860 + lift), at the given scale. */
const placed = (content: string, x: number, lift: number, scale: number, tilt = 0, mirror = false) =>
  el(
    'g',
    {
      transform: `translate(${500 + x} ${860 + lift}) rotate(${tilt}) scale(${mirror ? -scale : scale} ${scale}) translate(-500 -860)`,
    },
    content,
  );

/** The colours of a storybook creature (a dragon, a unicorn) or of one of no kind. */
const BRIGHT_FURS = ['#c9a27c', '#f3a65a', '#9ccc65', '#90caf9', '#ce93d8'];

/** Colours for a creature that is not the hero: the colour its description names, else one of its kind's. */
function creatureColours(traits: HeroTraits, seed: number, who: string) {
  // From the story's seed, so a friend looks the same in every picture too.
  const random = mulberry32(hashSeed(seed, who));
  const fur = traits.colour ? COLOURS[traits.colour] : pick(random, fursOf(traits.creature, BRIGHT_FURS));
  return { fur, accent: darken(fur, 0.15) };
}

/** The others present: the friend on every picture but the climax's meeting, the one the hero helps there. */
function drawOthers(request: IllustrationRequest, moment: Moment, painter: Painter): string {
  const friend = marked(request.scene, 'friend');
  const guest = marked(request.scene, 'guest');
  let out = '';
  if (friend) {
    const traits = readHeroTraits(friend);
    const x = request.imageType === 'climax' ? -390 : moment.x + 290;
    const figure = drawCreature(painter, creatureColours(traits, request.seed, friend), traits.creature, moment.pose);
    out += el('g', { class: 'friend', 'data-creature': traits.creature ?? 'creature' }, placed(figure, x, 40, 0.42));
  }
  if (guest) {
    const traits = readHeroTraits(guest);
    const figure = drawCreature(painter, creatureColours(traits, request.seed, guest), traits.creature, 'surprised');
    out += el(
      'g',
      { class: 'guest', 'data-creature': traits.creature ?? 'creature' },
      placed(figure, 250, 0, 0.85, 0, true),
    );
  }
  return out;
}

/** What the family's picture description names: a creature (with its colour and what it holds), or a thing. */
function drawWished(customizations: string | undefined, painter: Painter, seed: number): string {
  const wished = readHeroTraits(customizations);
  if (wished.creature) {
    const colours = creatureColours(wished, seed, 'wished');
    const held = wished.holds ? drawObject(painter, wished.holds, 650, 740) : '';
    return el(
      'g',
      { class: 'wished', 'data-creature': wished.creature, 'data-colour': wished.colour ?? '' },
      placed(drawCreature(painter, colours, wished.creature, 'wave', 'scenery') + held, 330, 20, 0.5, 0, true),
    );
  }
  if (wished.holds) {
    const colour = wished.colour ? COLOURS[wished.colour] : undefined;
    return el(
      'g',
      { class: 'wished', 'data-colour': wished.colour ?? '' },
      drawObject(painter, wished.holds, 860, 880, colour),
    );
  }
  return '';
}

/**
 * A place the family's picture description names after "in", "on", "at"... ("on a sandy beach") moves the
 * scene there; a thing it only holds ("holding a flower") does not.
 */
function wishedPlace(customizations: string | undefined): ReturnType<typeof settingOf> | undefined {
  const places = (customizations ?? '')
    .toLowerCase()
    .match(
      /\b(?:in|on|at|by|near|under|inside|into|beside|across|through)\s+(?:(?:the|a|an)\s+)?(?:\p{L}+\s+){0,2}\p{L}+/gu,
    );
  return places ? settingNamedIn(places.join(' ')) : undefined;
}

/** The picture as SVG text. */
export function paintSvg(request: IllustrationRequest): string {
  // Where and when come from what happens; the cast's own descriptions ("holding a lantern") are not props.
  const scene = `${request.scene.replace(/\((?:hero|friend|guest): [^)]*\)/g, '')} ${request.customizations ?? ''}`;
  const setting = wishedPlace(request.customizations) ?? settingOf(scene);
  const time = timeOf(scene, request.mood, setting);
  const painter = new Painter(request.artStyle);
  const random = mulberry32(hashSeed(request.seed, request.imageType, request.scene, request.artStyle));
  const moment = MOMENTS[request.imageType];

  // The hero's look comes from the story's own words, the same in every picture of the story.
  const traits = readHeroTraits(marked(request.scene, 'hero'));
  const colours = heroColours(request.seed, traits);
  const place =
    moment.place === 'home'
      ? drawHome(painter, moment.x < 0 ? 780 : 190, lighten(colours.accent, 0.55))
      : moment.place === 'path'
        ? drawPath(painter)
        : '';
  const background = drawSetting(setting, time, painter, random) + place + drawProps(scene, painter, random);
  const [hx, hy] = handOf(request.characterType, moment.pose);
  const held = traits.holds ? drawObject(painter, traits.holds, hx, hy) : '';
  const hero = el(
    'g',
    { class: 'hero-figure', 'data-pose': moment.pose, 'data-kind': traits.creature ?? request.characterType },
    placed(
      painter.hero(drawHero(request.characterType, colours, painter, moment.pose, traits) + held),
      moment.x,
      moment.lift,
      moment.scale * (traits.size === 'tiny' ? 0.8 : traits.size === 'small' ? 0.9 : 1),
      moment.tilt,
    ),
  );
  const body =
    painter.scene(background) +
    drawOthers(request, moment, painter) +
    drawWished(request.customizations, painter, request.seed) +
    hero +
    painter.overlay(random) +
    (painter.hasCaption ? comicCaption(request, random) : '');
  // The title says what the picture shows in the story's words; the family's picture description stays out.
  const label = `${request.heroName} - ${request.scene}`.slice(0, 300);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${request.size}" height="${request.size}" viewBox="0 0 1000 1000" role="img" data-style="${request.artStyle}" data-setting="${setting}" data-place="${moment.place}">` +
    el('title', {}, text(label)) +
    painter.defs() +
    body +
    '</svg>'
  );
}

export function drawIllustration(request: IllustrationRequest): Illustration {
  const size = Math.max(1, Math.round(request.size));
  return {
    contentType: 'image/svg+xml',
    body: new TextEncoder().encode(paintSvg({ ...request, size })),
    width: size,
    height: size,
  };
}
