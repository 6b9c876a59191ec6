import { pick, type Random } from './random.js';

/**
 * The story's own facts that every kind of story can speak of: the companion's name, the place's name, the
 * time of day and the weather. Each is drawn once per story by its seeded random, from tables large enough
 * that two stories rarely draw the same ones; the sentence grammar (grammar.ts) builds its sentences from
 * them, so two stories of different choices do not say the same sentence. To add variety, add rows here.
 */

/** Names a picture-book companion answers to. Never the hero's own name (see companionName). */
// prettier-ignore
export const COMPANION_NAMES = [
  'Pip', 'Dot', 'Inky', 'Biscuit', 'Squeak', 'Rusty', 'Ember', 'Twinkle', 'Fern', 'Thistle', 'Sage', 'Bleep',
  'Zib', 'Pickle', 'Muffin', 'Pebble', 'Button', 'Waffle', 'Noodle', 'Sprout', 'Clover', 'Fidget', 'Crumpet',
  'Toffee', 'Nutmeg', 'Pudding', 'Juniper', 'Sparky', 'Ziggy', 'Bingo', 'Fizz', 'Mochi', 'Peanut', 'Jellybean',
  'Pumpkin', 'Poppy', 'Hazel', 'Acorn', 'Twig', 'Tumble', 'Wobble', 'Scamp', 'Dash', 'Bubbles', 'Sunny', 'Nova',
  'Cosmo', 'Luna', 'Marmalade', 'Gizmo', 'Pepper', 'Cinnamon', 'Buttons', 'Dumpling', 'Sprocket', 'Tinker',
  'Wren', 'Robin', 'Bramble', 'Puddle', 'Maple', 'Honey', 'Taffy', 'Bean', 'Kiwi', 'Mango', 'Olive', 'Pesto',
  'Pom-Pom', 'Ripple', 'Scout', 'Snowy', 'Sooty', 'Tansy', 'Tiggy', 'Truffle', 'Velvet', 'Whiskers', 'Wiggles',
  'Zippy', 'Bumble', 'Cobble', 'Doodle', 'Echo', 'Flick', 'Gumdrop', 'Hopscotch', 'Jinx', 'Kipper', 'Lolly',
  'Minty', 'Nibbles', 'Oatcake', 'Parsnip', 'Quill', 'Rolo', 'Skipper', 'Tiptoe', 'Blossom', 'Chestnut', 'Dandelion',
  'Flapjack', 'Goosey', 'Hiccup', 'Ivy', 'Jasper', 'Moss', 'Nugget', 'Paddy', 'Rascal', 'Sherbet', 'Treacle',
  // Short names too, so that two stories seldom share a friend (and band A's words stay short).
  'Kit', 'Tod', 'Pim', 'Zuzu', 'Bibi', 'Mo', 'Jojo', 'Taz', 'Dug', 'Nell', 'Lulu', 'Fifi', 'Gus', 'Hob', 'Jem',
  'Kip', 'Midge', 'Nib', 'Oz', 'Roo', 'Suki', 'Tig', 'Vim', 'Yoyo', 'Zaza', 'Bix', 'Cog', 'Dodo', 'Elfie', 'Figgy',
  'Gigi', 'Huck', 'Iggy', 'Jiffy', 'Kiki', 'Lolo', 'Mimi', 'Nuno', 'Remy', 'Sox', 'Umi', 'Vivi', 'Wisp', 'Yaz',
  'Zed', 'Bop', 'Dimple', 'Fuzz', 'Izzy', 'Lumi', 'Mops', 'Nox', 'Ollie', 'Puck', 'Quip', 'Coco', 'Gogo', 'Inka',
  'Jazz', 'Koko', 'Momo', 'Otto', 'Pogo', 'Rory', 'Tilly', 'Uma', 'Wally', 'Yuki', 'Zola', 'Cubby', 'Hugo', 'Jax',
  'Lou', 'Milo', 'Ned', 'Ozzy', 'Penny', 'Rue', 'Tess', 'Vinny', 'Zeb', 'Biff', 'Dandy', 'Edie', 'Fitz', 'Gil',
  'Hal', 'Jib', 'Lenny', 'Nico', 'Sid', 'Vic', 'Wes', 'Zak', 'Alfie', 'Bea', 'Cleo', 'Dex', 'Eli', 'Flo', 'Gabby',
  'Ida', 'Jude', 'Kaya', 'Lola', 'Mabel', 'Nat', 'Oona', 'Pia', 'Queenie', 'Rosie', 'Suzy', 'Tam', 'Una', 'Yara',
  'Bertie', 'Dolly', 'Effie', 'Frankie', 'Ginny', 'Hettie', 'Iris', 'Kitty', 'Lottie', 'Minnie', 'Nina', 'Percy',
  'Reggie', 'Stan', 'Wanda',
] as const;

/** The two halves of an everyday place name: Bramble + wick, Honey + combe. */
// prettier-ignore
const NAME_STARTS = [
  'Bramble', 'Hazel', 'Willow', 'Thistle', 'Clover', 'Honey', 'Pebble', 'Maple', 'Fern', 'Moss', 'Bell', 'Fox',
  'Juniper', 'Acorn', 'Button', 'Puddle', 'Tumble', 'Whistle', 'Candle', 'Pepper', 'Cherry', 'Holly', 'Sorrel',
  'Briar', 'Ash', 'Elder', 'Apple', 'Nettle', 'Lark', 'Otter',
] as const;
const NAME_ENDS = [
  'wick',
  'dale',
  'brook',
  'combe',
  'ford',
  'mere',
  'field',
  'bury',
  'ton',
  'by',
  'stow',
  'holt',
] as const;
/** And of a place among the stars: Zoom + ba, Quark + tron. */
// prettier-ignore
const STAR_STARTS = [
  'Zoom', 'Blip', 'Quark', 'Nova', 'Fizz', 'Glim', 'Orbi', 'Zib', 'Cosmo', 'Astro', 'Luma', 'Pixel', 'Vega', 'Zora',
  'Kepla', 'Twinkle', 'Boing', 'Wizz',
] as const;
const STAR_ENDS = ['ba', 'lo', 'tron', 'zar', 'ix', 'ula', 'on', 'ia', 'oo', 'ara'] as const;

export type PlaceNaming = 'everyday' | 'stars';

/**
 * Two halves joined as one would say them: Moss + stow is Mosstow and Fizz + zar is Fizzar (no name carries
 * three of one letter in a row), Nova + ara is Novara (one vowel where the halves meet on the same one).
 */
function joined(start: string, end: string): string {
  const sameVowel = /[aeiou]/.test(end.charAt(0)) && start.endsWith(end.charAt(0));
  return `${start}${sameVowel ? end.slice(1) : end}`.replace(/(\p{L})\1\1/gu, '$1$1');
}

/** A place's own name, made of two halves so that there are hundreds of them. */
export function placeName(naming: PlaceNaming, random: Random): string {
  return naming === 'stars'
    ? joined(pick(random, STAR_STARTS), pick(random, STAR_ENDS))
    : joined(pick(random, NAME_STARTS), pick(random, NAME_ENDS));
}

/** The companion's name: any of the table's, except the hero's own. */
export function companionName(hero: string, random: Random): string {
  const names = COMPANION_NAMES.filter((name) => name.toLowerCase() !== hero.trim().toLowerCase());
  return pick(random, names);
}

/** The day the story happens on: when it starts, its weather, and the sky over the place ({placeName}). */
export type Day = Readonly<{ daypart: string; weather: string; sky: string }>;

const DAYPARTS = ['morning', 'afternoon', 'spring morning', 'autumn afternoon', 'early morning', 'late afternoon'];
const WEATHERS: readonly Readonly<{ weather: string; sky: string }>[] = [
  { weather: 'sunny', sky: 'the sun shone warm and yellow on {placeName}' },
  { weather: 'windy', sky: 'the wind tugged at every leaf in {placeName}' },
  { weather: 'misty', sky: 'a soft grey mist drifted over {placeName}' },
  { weather: 'drizzly', sky: 'a light drizzle went pitter-patter all over {placeName}' },
  { weather: 'frosty', sky: 'frost sparkled on every corner of {placeName}' },
  { weather: 'breezy', sky: 'a cool breeze blew across {placeName}' },
  { weather: 'cloudy', sky: 'fat white clouds drifted over {placeName}' },
  { weather: 'bright', sky: 'the sky over {placeName} was as blue as a bluebird' },
];

export function dayOf(random: Random): Day {
  return { daypart: pick(random, DAYPARTS), ...pick(random, WEATHERS) };
}
