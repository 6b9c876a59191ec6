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
  // And as many again, so that two stories of one mission seldom share their friend's lines (issue 15).
  'Abby', 'Ace', 'Aggie', 'Albie', 'Amos', 'Axel', 'Babs', 'Bailey', 'Banjo', 'Barney', 'Basil', 'Baxter', 'Benji',
  'Betty', 'Billy', 'Binky', 'Birdie', 'Bobbin', 'Bonnie', 'Bowie', 'Brio', 'Bruno', 'Buddy', 'Caspar', 'Cici',
  'Clem', 'Cody', 'Cora', 'Dazzle', 'Didi', 'Dilly', 'Dinky', 'Domino', 'Dotty', 'Duke', 'Eddie', 'Elsie', 'Emmy',
  'Enzo', 'Felix', 'Finn', 'Flossie', 'Gemma', 'Goldie', 'Gracie', 'Harley', 'Herbie', 'Hooper', 'Indie', 'Jessie',
  'Jingle', 'Joey', 'Juno', 'Kenzie', 'Kora', 'Lexi', 'Louie', 'Mac', 'Maddie', 'Max', 'Meg', 'Millie', 'Mitzi',
  'Molly', 'Monty', 'Murphy', 'Obi', 'Orla', 'Oscar', 'Paz', 'Peaches', 'Pixie', 'Polly', 'Prue', 'Quincy',
  'Ralph', 'Riley', 'Ringo', 'Rolf', 'Rudy', 'Rufus', 'Sadie', 'Smudge', 'Sonny', 'Tito', 'Toby',
  'Toto', 'Trixie', 'Tucker', 'Ty', 'Vera', 'Willa', 'Winky', 'Alba', 'Anya', 'Benny', 'Bobo', 'Cassie', 'Chico',
  'Coby', 'Dara', 'Dudley', 'Ellie', 'Evie', 'Fenn', 'Frida', 'Georgie', 'Gwen', 'Hattie', 'Hector', 'Ike', 'Ivo',
  'Jago', 'Jules', 'Kaz', 'Mika', 'Mina', 'Mitch', 'Moe', 'Nani', 'Nelly', 'Nessa', 'Nora', 'Olly', 'Otis', 'Pablo',
  'Pansy', 'Pasha', 'Pippa', 'Reenie', 'Rio', 'Rita', 'Romy', 'Roxy', 'Rupert', 'Sasha', 'Saffi', 'Tabby', 'Tango',
  'Tara', 'Trudy', 'Tully', 'Ulla', 'Vesper', 'Vito', 'Winston', 'Yuri', 'Zane', 'Zara', 'Zinnia', 'Ziva', 'Zuri',
  'Bodie', 'Fennel', 'Hamish', 'Jonty', 'Kester', 'Lupin', 'Marlo', 'Mungo', 'Noor', 'Pax', 'Perry', 'Quinn',
  'Ronnie', 'Tova', 'Tuppy', 'Wilf', 'Yves',
] as const;

/** The two halves of an everyday place name: Bramble + wick, Honey + combe. */
// prettier-ignore
const NAME_STARTS = [
  'Bramble', 'Hazel', 'Willow', 'Thistle', 'Clover', 'Honey', 'Pebble', 'Maple', 'Fern', 'Moss', 'Bell', 'Fox',
  'Juniper', 'Acorn', 'Button', 'Puddle', 'Tumble', 'Whistle', 'Candle', 'Pepper', 'Cherry', 'Holly', 'Sorrel',
  'Briar', 'Ash', 'Elder', 'Apple', 'Nettle', 'Lark', 'Otter', 'Rose', 'Birch', 'Rowan', 'Heather', 'Bracken',
  'Linden', 'Oak', 'Plum', 'Mint', 'Barley', 'Sparrow', 'Tansy', 'Wren',
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
  'Kepla', 'Twinkle', 'Boing', 'Wizz', 'Zing', 'Plink', 'Glow', 'Zap', 'Sola', 'Tinka', 'Zeph', 'Lumo', 'Neb',
  'Jupi', 'Marzi',
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

/** What a place's name never contains: a child would giggle at Blipoo or Zapoo, and nobody reads on. */
const UNFORTUNATE = /poo|pee|wee|bum|fart/iu;

/** A place's own name, made of two halves so that there are hundreds of them. */
export function placeName(naming: PlaceNaming, random: Random): string {
  const [starts, ends] = naming === 'stars' ? [STAR_STARTS, STAR_ENDS] : [NAME_STARTS, NAME_ENDS];
  const start = pick(random, starts);
  const fitting = ends.filter((end) => !UNFORTUNATE.test(joined(start, end)));
  return joined(start, pick(random, fitting));
}

/**
 * The companion's name: any of the table's, except the hero's own. A confident reader's friend has a name of
 * four letters or more (Pip and Ty are for the youngest, whose sentences have no room for long words).
 */
export function companionName(hero: string, random: Random, longer = false): string {
  const names = COMPANION_NAMES.filter(
    (name) => name.toLowerCase() !== hero.trim().toLowerCase() && (!longer || name.length >= 4),
  );
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

/** Among the stars no wind tugs at leaves and no drizzle falls: a day out there is starry, silvery, twinkly. */
const STAR_WEATHERS: readonly Readonly<{ weather: string; sky: string }>[] = [
  { weather: 'starry', sky: 'stars twinkled all around {placeName}' },
  { weather: 'sparkly', sky: 'a comet went sparkling past {placeName}' },
  { weather: 'silvery', sky: 'silver starlight fell softly on {placeName}' },
  { weather: 'twinkly', sky: 'tiny stars blinked on and off over {placeName}' },
  { weather: 'shimmery', sky: 'a shimmering star-cloud drifted past {placeName}' },
  { weather: 'glowing', sky: 'the planets glowed like lanterns over {placeName}' },
  { weather: 'quiet', sky: 'the stars hung still and bright over {placeName}' },
  { weather: 'bright', sky: 'the sun shone bright and white on {placeName}' },
];

/** The weather a family asked for ("a snowy island", "safe from the storm"), with its own sky. */
const FAMILY_SKIES: Readonly<Record<string, string>> = {
  stormy: 'dark clouds rolled in and the wind began to howl over {placeName}',
  rainy: 'rain pattered on every roof in {placeName}',
  snowy: 'snow lay thick and white all over {placeName}',
  frosty: 'frost sparkled on every corner of {placeName}',
  windy: 'the wind tugged at every leaf in {placeName}',
  foggy: 'a thick grey fog drifted over {placeName}',
  sunny: 'the sun shone warm and yellow on {placeName}',
};

/** The story's day in the weather the family asked for, if they asked for one. */
export const familyDay = (day: Day, weather: string | undefined): Day =>
  weather ? { ...day, weather, sky: FAMILY_SKIES[weather] ?? day.sky } : day;

export function dayOf(random: Random, amongStars = false): Day {
  return { daypart: pick(random, DAYPARTS), ...pick(random, amongStars ? STAR_WEATHERS : WEATHERS) };
}
