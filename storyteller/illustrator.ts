import { familyWordsOf, isGlueWord } from '#common/family-words.js';
import type { ImageType } from '#common/story-choices.js';
import type { Illustration, IllustrationRequest } from '../lambdas/workflow/providers/types.js';
import { Painter } from './art-styles.js';
import { drawCreature, drawHome, drawObject, drawPath, type Pose } from './cast.js';
import { darken, lighten } from './colour.js';
import { drawHero, handOf, heroColours, star } from './figures.js';
import { hashSeed, mulberry32, pick, type Random } from './random.js';
import { drawProps, drawSetting, settingNamedIn, settingOf, timeOf, type Setting, type TimeOfDay } from './scenery.js';
import { el, text } from './svg.js';
import { escapeRegExp, possessive } from './template.js';
import { COLOURS, fursOf, readHeroTraits, type CreatureKind, type HeroTraits } from './traits.js';

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

/**
 * Each picture's moment, composed as its own shot: the hero's pose, where the hero stands and how big, and what
 * the place adds. The cover is a portrait; the trouble starts at home, the hero small beside the house and
 * looking up at the mission's creature or thing; the journey is a wide shot, two small walkers far along the
 * path; the climax is a close-up of the hero reaching out to the one who needs help; the end is everyone at the
 * party, side by side.
 */
type Moment = Readonly<{ pose: Pose; x: number; lift: number; scale: number; tilt: number; place: string }>;
const MOMENTS: Record<ImageType, Moment> = {
  cover: { pose: 'wave', x: 0, lift: 0, scale: 1, tilt: 0, place: 'portrait' },
  'early-scene': { pose: 'surprised', x: -250, lift: 40, scale: 0.6, tilt: 4, place: 'home' },
  'mid-scene': { pose: 'walk', x: -40, lift: -170, scale: 0.4, tilt: -5, place: 'path' },
  climax: { pose: 'reach', x: -250, lift: 60, scale: 0.92, tilt: 8, place: 'meeting' },
  ending: { pose: 'cheer', x: -120, lift: 10, scale: 0.62, tilt: 0, place: 'home' },
};

/**
 * The ones helped and the mission's creatures, drawn as the kind the illustrator knows that is nearest: a troll
 * or a giant as a big shaggy bear, never as a bunny (a creature of no kind it knows is left out).
 */
const NEAREST_KIND: Readonly<Record<string, CreatureKind>> = {
  troll: 'bear',
  giant: 'bear',
  'tap-tap-tapper': 'bird',
  honking: 'bird',
  shape: 'pony',
  duckling: 'bird',
  ducklings: 'bird',
  ducks: 'bird',
  chickens: 'bird',
  ponies: 'pony',
  horses: 'pony',
  goats: 'pony',
  unicorns: 'unicorn',
  lamb: 'bunny',
  'moon-rabbits': 'bunny',
  'moon-cow': 'pony',
  kitten: 'cat',
};
const kindIn = (text: string): CreatureKind | undefined =>
  readHeroTraits(text).creature ??
  text
    .toLowerCase()
    .split(/[^a-z-]+/)
    .map((word) => NEAREST_KIND[word])
    .find(Boolean);

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

/** Where each of the others stands in each shot (x, lift, scale), if they are in it. */
const PLACES_OF: Record<ImageType, Partial<Record<'friend' | 'guest' | 'thing', readonly [number, number, number]>>> = {
  cover: { friend: [290, 40, 0.42] },
  'early-scene': { friend: [-60, 60, 0.36], thing: [230, -330, 0.34] },
  'mid-scene': { friend: [90, -210, 0.24] },
  climax: { friend: [-420, 80, 0.3], guest: [250, 20, 1] },
  ending: { friend: [90, 30, 0.4], guest: [300, -10, 0.5], thing: [-350, 40, 0.34] },
};

/**
 * The others present, each where the shot puts them: the friend, the one helped (at the climax and the party)
 * and the mission's own creature (when the trouble starts, and at the party); with the kinds drawn.
 */
function drawOthers(
  request: IllustrationRequest,
  moment: Moment,
  painter: Painter,
): { svg: string; kinds: Set<CreatureKind> } {
  const where = PLACES_OF[request.imageType];
  let out = '';
  const kinds = new Set<CreatureKind>();
  const friend = marked(request.scene, 'friend');
  if (friend && where.friend) {
    const [x, lift, scale] = where.friend;
    const traits = readHeroTraits(friend);
    const figure = drawCreature(painter, creatureColours(traits, request.seed, friend), traits.creature, moment.pose);
    out += el('g', { class: 'friend', 'data-creature': traits.creature ?? 'creature' }, placed(figure, x, lift, scale));
    if (traits.creature) kinds.add(traits.creature);
  }
  for (const role of ['guest', 'thing'] as const) {
    const who = marked(request.scene, role);
    const spot = where[role];
    const kind = who && kindIn(who);
    if (!who || !spot || !kind) continue;
    const [x, lift, scale] = spot;
    const pose: Pose = request.imageType === 'ending' ? 'cheer' : 'surprised';
    const figure = drawCreature(painter, creatureColours({ creature: kind }, request.seed, who), kind, pose);
    out += el('g', { class: role, 'data-creature': kind }, placed(figure, x, lift, scale, 0, x > 0));
    kinds.add(kind);
  }
  return { svg: out, kinds };
}

/** The creature a picture prompt says the hero is: "Pip the pony", "Pip, a little pony", "Pip is a pony". */
function heroNamedIn(customizations: string | undefined, heroName: string): CreatureKind | undefined {
  const name = heroName.trim();
  if (!customizations || !name) return undefined;
  const said = new RegExp(
    `(?<![\\p{L}])${escapeRegExp(name)},?\\s+(?:the|is an?|was an?|an?)\\s+((?:[\\p{L}-]+\\s+){0,2}[\\p{L}-]+)`,
    'iu',
  ).exec(customizations);
  return said?.[1] ? readHeroTraits(said[1]).creature : undefined;
}

/** How big the wished creature stands beside the hero: the size its description names. */
const WISHED_SCALE = { tiny: 0.34, small: 0.42, big: 0.64 } as const;

/**
 * What the family's picture description names: a creature (with its colour, size and what it holds), or a thing
 * (with its colour). `drawn` is what of the wish the picture shows, for the words it does not (wishWordsNotDrawn).
 */
function drawWished(
  customizations: string | undefined,
  painter: Painter,
  seed: number,
  heroName: string,
): { svg: string; drawn: HeroTraits } {
  // A creature the prompt says the hero is, is the hero (drawn as such), not a second figure beside it.
  const named = heroNamedIn(customizations, heroName);
  if (named) return { svg: '', drawn: { creature: named } };
  const wished = readHeroTraits(customizations);
  if (wished.creature) {
    const colours = creatureColours(wished, seed, 'wished');
    const held = wished.holds ? drawObject(painter, wished.holds, 650, 740) : '';
    const scale = wished.size ? WISHED_SCALE[wished.size] : 0.5;
    const svg = el(
      'g',
      {
        class: 'wished',
        'data-creature': wished.creature,
        'data-colour': wished.colour ?? '',
        'data-size': wished.size ?? '',
      },
      placed(drawCreature(painter, colours, wished.creature, 'wave', 'scenery') + held, 330, 20, scale, 0, true),
    );
    const { colour, size, holds } = wished;
    const drawn: HeroTraits = { creature: wished.creature, ...(colour ? { colour } : {}), ...(size ? { size } : {}) };
    return { svg, drawn: holds ? { ...drawn, holds } : drawn };
  }
  if (wished.holds) {
    const colour = wished.colour ? COLOURS[wished.colour] : undefined;
    const object = drawObject(painter, wished.holds, 860, 880, colour);
    // Sized as named ("a big red kite"), about the point it stands on.
    const scale = wished.size ? WISHED_SCALE[wished.size] / 0.5 : 1;
    const svg = el(
      'g',
      { class: 'wished', 'data-colour': wished.colour ?? '' },
      scale === 1 ? object : el('g', { transform: `translate(860 880) scale(${scale}) translate(-860 -880)` }, object),
    );
    const { colour: named, size } = wished;
    return { svg, drawn: { holds: wished.holds, ...(named ? { colour: named } : {}), ...(size ? { size } : {}) } };
  }
  return { svg: '', drawn: {} };
}

/** Words of a picture wish that ask for nothing to draw by themselves ("holding", "please", "picture"). */
const WISH_LITTLE_WORDS = new Set(
  'holding holds hold carrying carries wearing wears named called picture pictures draw drawn drawing please show shows showing image scene background looking look standing'.split(
    ' ',
  ),
);
/** The meadow is the picture's grassy field, where no other setting is named. */
const MEADOW_WORDS = new Set(['field', 'fields', 'grass', 'grassy', 'meadows']);
/** A day picture is a sunny, bright one: these words are shown by its sky. */
const DAY_WORDS = new Set(['day', 'daytime', 'sunny', 'sun', 'bright', 'morning', 'afternoon', 'noon']);

/**
 * The family's words as they typed them ("Whiskers", "Castle"), read as familyWordsOf reads them: look-alike
 * letters folded (NFKC), invisible characters removed; only the letters' case is kept.
 */
function typedWordsOf(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKC')
    .replace(/[\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]/g, '')
    .split(/[^A-Za-z]+/)
    .filter(Boolean);
}

/** "Whiskers the cat", "Whiskers, a little cat": the name a wish gives a creature, and the creature. */
function namedCreatures(typed: readonly string[]): Map<string, CreatureKind> {
  const named = new Map<string, CreatureKind>();
  typed.forEach((word, i) => {
    const after = typed.slice(i + 1, i + 5).map((next) => next.toLowerCase());
    if (!/^\p{Lu}/u.test(word) || !['the', 'a', 'an'].includes(after[0] ?? '')) return;
    const kind = after.slice(1).map(kindIn).find(Boolean);
    if (kind) named.set(word.toLowerCase(), kind);
  });
  return named;
}

/**
 * The words of the family's picture wish this picture does not show, in the family's order and as they typed
 * them: what is left once the words it drew (the wished creature, its colour, size and what it holds; every
 * creature in the picture, the story's own included, and a name the wish gives one; the place; the time of
 * day; a party's bunting or a treasure), the hero's name and the little words are taken out. The story page
 * tells the family (issue 37) what of these names a thing (index.ts keeps the nouns), so a wish is followed or
 * the family knows which part could not be drawn.
 */
function wishWordsNotDrawn(
  request: IllustrationRequest,
  shown: Readonly<{
    wished: HeroTraits;
    cast: ReadonlySet<CreatureKind>;
    heroType: string;
    setting: Setting;
    placeWords: ReadonlySet<string>;
    time: TimeOfDay;
  }>,
): string[] {
  const name = new Set(familyWordsOf(request.heroName));
  const propsOf = (word: string) => drawProps(word, new Painter(request.artStyle), mulberry32(0)) !== '';
  const typed = typedWordsOf(request.customizations);
  const names = namedCreatures(typed);
  const inCast = (kind: CreatureKind | undefined) =>
    kind !== undefined && (shown.cast.has(kind) || kind === shown.wished.creature);
  const notDrawn: string[] = [];
  for (const as of typed) {
    const word = as.toLowerCase();
    if (word.length < 2 || name.has(word) || isGlueWord(word) || WISH_LITTLE_WORDS.has(word)) continue;
    if (notDrawn.some((listed) => listed.toLowerCase() === word)) continue;
    const asked = readHeroTraits(word);
    const { wished, time } = shown;
    const drawn =
      inCast(asked.creature ?? kindIn(word)) ||
      inCast(names.get(word)) ||
      word === shown.heroType.toLowerCase() ||
      (asked.creature !== undefined && asked.creature === wished.creature) ||
      (asked.colour !== undefined && asked.colour === wished.colour) ||
      (asked.size !== undefined && asked.size === wished.size) ||
      (asked.holds !== undefined && asked.holds === wished.holds) ||
      shown.placeWords.has(word) ||
      word === shown.setting ||
      settingNamedIn(word) === shown.setting ||
      (shown.setting === 'meadow' && MEADOW_WORDS.has(word)) ||
      (time === 'day' ? DAY_WORDS.has(word) : timeOf(word, '', 'meadow') === time) ||
      propsOf(word);
    if (!drawn) notDrawn.push(as);
  }
  return notDrawn;
}

/**
 * A place the family's picture description names after "in", "on", "at"... ("on a sandy beach") moves the
 * scene there; a thing it only holds ("holding a flower") does not.
 */
function wishedPlace(customizations: string | undefined): { setting: Setting; words: Set<string> } | undefined {
  const places = (customizations ?? '')
    .toLowerCase()
    .match(
      /\b(?:in|on|at|by|near|under|inside|into|beside|across|through)\s+(?:(?:the|a|an)\s+)?(?:\p{L}+\s+){0,2}\p{L}+/gu,
    );
  const setting = places ? settingNamedIn(places.join(' ')) : undefined;
  if (!setting || !places) return undefined;
  // The words of the phrase that names it are what the picture shows ("a sandy beach" is the beach drawn), not
  // those of another phrase ("under a rainbow").
  const naming = places.filter((place) => settingNamedIn(place) === setting);
  return { setting, words: new Set(naming.flatMap((place) => familyWordsOf(place))) };
}

/** The picture as SVG text. */
export const paintSvg = (request: IllustrationRequest): string => paint(request).svg;

/** The picture as SVG text, and the words of the family's picture wish it does not show. */
function paint(request: IllustrationRequest): { svg: string; notDrawn: string[] } {
  // Where and when come from what happens; the cast's own descriptions ("holding a lantern") are not props.
  const scene = `${request.scene.replace(/\((?:hero|friend|guest): [^)]*\)/g, '')} ${request.customizations ?? ''}`;
  const place = wishedPlace(request.customizations);
  const setting = place?.setting ?? settingOf(scene);
  const time = timeOf(scene, request.mood, setting);
  const painter = new Painter(request.artStyle);
  const random = mulberry32(hashSeed(request.seed, request.imageType, request.scene, request.artStyle));
  const moment = MOMENTS[request.imageType];

  // The hero's look comes from the story's own words, the same in every picture of the story; a picture prompt
  // that says what the hero is ("Pip the pony", an admin's or a family's) is read the same way.
  const named = heroNamedIn(request.customizations, request.heroName);
  const traits = named
    ? { ...readHeroTraits(marked(request.scene, 'hero')), creature: named }
    : readHeroTraits(marked(request.scene, 'hero'));
  const characterType = named ? 'Creature' : request.characterType;
  const colours = heroColours(request.seed, traits);
  const shot =
    moment.place === 'home'
      ? drawHome(painter, moment.x < 0 ? 780 : 190, lighten(colours.accent, 0.55))
      : moment.place === 'path'
        ? drawPath(painter)
        : '';
  const background = drawSetting(setting, time, painter, random) + shot + drawProps(scene, painter, random);
  const [hx, hy] = handOf(characterType, moment.pose);
  const held = traits.holds ? drawObject(painter, traits.holds, hx, hy) : '';
  const hero = el(
    'g',
    { class: 'hero-figure', 'data-pose': moment.pose, 'data-kind': traits.creature ?? characterType },
    placed(
      painter.hero(drawHero(characterType, colours, painter, moment.pose, traits) + held),
      moment.x,
      moment.lift,
      moment.scale * (traits.size === 'tiny' ? 0.8 : traits.size === 'small' ? 0.9 : 1),
      moment.tilt,
    ),
  );
  const wished = drawWished(request.customizations, painter, request.seed, request.heroName);
  const others = drawOthers(request, moment, painter);
  const body =
    painter.scene(background) +
    others.svg +
    wished.svg +
    hero +
    painter.overlay(random) +
    (painter.hasCaption ? comicCaption(request, random) : '');
  // The title says what the picture shows in the story's words; the family's picture description stays out.
  const label = `${request.heroName} - ${request.scene}`.slice(0, 300);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${request.size}" height="${request.size}" viewBox="0 0 1000 1000" role="img" data-style="${request.artStyle}" data-setting="${setting}" data-place="${moment.place}">` +
    el('title', {}, text(label)) +
    painter.defs() +
    body +
    '</svg>';
  // Every creature in the picture: the hero's kind, the others' and the wished one.
  const cast = new Set([...others.kinds, ...(traits.creature ? [traits.creature] : [])]);
  const notDrawn = request.customizations
    ? wishWordsNotDrawn(request, {
        wished: wished.drawn,
        cast,
        heroType: characterType,
        setting,
        placeWords: place?.words ?? new Set(),
        time,
      })
    : [];
  return { svg, notDrawn };
}

export function drawIllustration(request: IllustrationRequest): Illustration {
  const size = Math.max(1, Math.round(request.size));
  const { svg, notDrawn } = paint({ ...request, size });
  return {
    contentType: 'image/svg+xml',
    body: new TextEncoder().encode(svg),
    width: size,
    height: size,
    ...(notDrawn.length ? { notDrawn } : {}),
  };
}
