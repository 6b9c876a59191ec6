import { FAMILY_VOCABULARY, familyWordsOf, PEOPLE, personIn } from '#common/family-words.js';

/**
 * What a family's own words may change in a local story or picture: a few recognised traits, read with a
 * small vocabulary of our own. Only the vocabulary's words (or our phrases for them) ever reach a story or
 * a picture; every other word the family typed is dropped. So a description shapes the hero (a small
 * purple dragon who loves pancakes), the kind of story and the mission, but is never pasted in as text.
 */

/** Colours a child names, with the paint the illustrator uses for each. */
export const COLOURS = {
  red: '#e53935',
  orange: '#fb8c00',
  yellow: '#fdd835',
  green: '#43a047',
  blue: '#1e88e5',
  purple: '#8e44ad',
  pink: '#f06292',
  white: '#f5f5f5',
  black: '#37474f',
  brown: '#8d6e63',
  grey: '#90a4ae',
  golden: '#f9b233',
  silver: '#cfd8dc',
  turquoise: '#26c6da',
} as const;
export type Colour = keyof typeof COLOURS;
const COLOUR_WORDS: Readonly<Record<string, Colour>> = {
  ...Object.fromEntries(Object.keys(COLOURS).map((c) => [c, c as Colour])),
  gray: 'grey',
  gold: 'golden',
  violet: 'purple',
  lilac: 'purple',
  lavender: 'purple',
  teal: 'turquoise',
  aqua: 'turquoise',
  scarlet: 'red',
};

export type Size = 'tiny' | 'small' | 'big';
const SIZE_WORDS: Readonly<Record<string, Size>> = {
  tiny: 'tiny',
  teeny: 'tiny',
  little: 'small',
  small: 'small',
  big: 'big',
  large: 'big',
  giant: 'big',
  huge: 'big',
  tall: 'big',
};

/** Creature kinds the illustrator can draw, and how: the features that make each one recognisable. */
export const CREATURES = {
  dragon: { ears: 'none', horn: false, wings: 'bat', spikes: true, beak: false, snout: true, tail: 'long' },
  unicorn: { ears: 'pointy', horn: true, wings: 'none', spikes: false, beak: false, snout: true, tail: 'long' },
  bunny: { ears: 'long', horn: false, wings: 'none', spikes: false, beak: false, snout: false, tail: 'puff' },
  cat: { ears: 'pointy', horn: false, wings: 'none', spikes: false, beak: false, snout: false, tail: 'long' },
  puppy: { ears: 'floppy', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'long' },
  fox: { ears: 'pointy', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'bushy' },
  bear: { ears: 'round', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'puff' },
  owl: { ears: 'tufts', horn: false, wings: 'feather', spikes: false, beak: true, snout: false, tail: 'none' },
  bird: { ears: 'none', horn: false, wings: 'feather', spikes: false, beak: true, snout: false, tail: 'none' },
  dinosaur: { ears: 'none', horn: false, wings: 'none', spikes: true, beak: false, snout: true, tail: 'long' },
  mouse: { ears: 'round', horn: false, wings: 'none', spikes: false, beak: false, snout: false, tail: 'long' },
  monkey: { ears: 'round', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'curl' },
  pony: { ears: 'pointy', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'long' },
  lion: { ears: 'round', horn: false, wings: 'none', spikes: false, beak: false, snout: true, tail: 'long' },
  penguin: { ears: 'none', horn: false, wings: 'flipper', spikes: false, beak: true, snout: false, tail: 'none' },
  turtle: { ears: 'none', horn: false, wings: 'none', spikes: false, beak: false, snout: false, tail: 'none' },
} as const;
export type CreatureKind = keyof typeof CREATURES;

/**
 * The colours each kind of creature comes in when its description names none, so the kind reads at a glance:
 * a brown owl and a chestnut pony, not a green owl or an orange pony that looks like a cat. A storybook kind
 * (a dragon, a unicorn) has none here and may be any bright colour.
 */
export const NATURAL_FURS: Readonly<Partial<Record<CreatureKind, readonly string[]>>> = {
  owl: ['#8d6e63', '#a1887f', '#bcaaa4'],
  pony: ['#a1673f', '#8d6e63', '#f5f5f5', '#5d4037'],
  cat: ['#f3a65a', '#9e9e9e', '#6d4c41', '#f5f5f5'],
  puppy: ['#c9a27c', '#f5deb3', '#8d6e63'],
  bunny: ['#f5f5f5', '#d7ccc8', '#bcaaa4'],
  bear: ['#8d6e63', '#a1673f'],
  fox: ['#f57c00', '#fb8c00'],
  mouse: ['#bdbdbd', '#d7ccc8', '#a1887f'],
  monkey: ['#8d6e63', '#a1673f'],
  lion: ['#f9b233', '#ffb74d'],
  penguin: ['#455a64', '#37474f'],
  turtle: ['#66bb6a', '#81c784'],
  dinosaur: ['#9ccc65', '#66bb6a', '#4db6ac'],
};

/** The colours a creature of this kind may be drawn in: its kind's own, else `otherwise`. */
export const fursOf = (kind: CreatureKind | undefined, otherwise: readonly string[]): readonly string[] =>
  (kind && NATURAL_FURS[kind]) ?? otherwise;
const CREATURE_WORDS: Readonly<Record<string, CreatureKind>> = {
  ...Object.fromEntries(Object.keys(CREATURES).map((k) => [k, k as CreatureKind])),
  dragons: 'dragon',
  unicorns: 'unicorn',
  rabbit: 'bunny',
  bunnies: 'bunny',
  kitten: 'cat',
  kitty: 'cat',
  dog: 'puppy',
  doggy: 'puppy',
  beagle: 'puppy',
  teddy: 'bear',
  parrot: 'bird',
  duck: 'bird',
  chick: 'bird',
  griffin: 'bird',
  dino: 'dinosaur',
  horse: 'pony',
  tortoise: 'turtle',
  tiger: 'lion',
  hamster: 'mouse',
  // The creatures of our own stories, so the illustrator can draw the friends and the ones they help.
  crocodile: 'dinosaur',
  goat: 'pony',
  goose: 'bird',
  woodpecker: 'bird',
  hedgehog: 'mouse',
  seal: 'penguin',
};

/** Things a hero can hold, in our words; the illustrator draws each. */
export const OBJECTS = {
  lantern: 'a lantern',
  umbrella: 'an umbrella',
  balloon: 'a balloon',
  kite: 'a kite',
  book: 'a book',
  map: 'a map',
  wand: 'a wand',
  flower: 'a flower',
  star: 'a star',
  crown: 'a crown',
  telescope: 'a telescope',
  flag: 'a flag',
  basket: 'a basket',
  guitar: 'a guitar',
  drum: 'a drum',
  ball: 'a ball',
  shell: 'a seashell',
  teddy: 'a teddy bear',
} as const;
export type HeldObject = keyof typeof OBJECTS;
const OBJECT_WORDS: Readonly<Record<string, HeldObject>> = {
  ...Object.fromEntries(Object.keys(OBJECTS).map((k) => [k, k as HeldObject])),
  lamp: 'lantern',
  torch: 'lantern',
  flashlight: 'lantern',
  balloons: 'balloon',
  books: 'book',
  flowers: 'flower',
  seashell: 'shell',
  tiara: 'crown',
  football: 'ball',
};

/**
 * What a hero loves, as our phrase, and what it brings to the party at the end: a thing someone brings, or an
 * `activity` someone plans (nobody brings a song, or is first in line for a dance).
 */
export const LOVES = {
  pancakes: { phrase: 'pancakes', party: 'a tall stack of pancakes' },
  cupcakes: { phrase: 'cupcakes', party: 'a plate of cupcakes with sprinkles' },
  cookies: { phrase: 'cookies', party: 'a big jar of cookies' },
  icecream: { phrase: 'ice cream', party: 'ice cream in every colour' },
  honey: { phrase: 'honey', party: 'warm bread with golden honey' },
  apples: { phrase: 'apples', party: 'a basket of shiny apples' },
  carrots: { phrase: 'carrots', party: 'a crunchy pile of carrots' },
  berries: { phrase: 'berries', party: 'bowls of juicy berries' },
  pizza: { phrase: 'pizza', party: 'a giant pizza cut into slices' },
  singing: { phrase: 'singing', party: 'a song that everyone joined in', activity: true },
  dancing: { phrase: 'dancing', party: 'a dance that went round and round', activity: true },
  books: { phrase: 'stories', party: 'a story read aloud under the stars', activity: true },
  stars: { phrase: 'the stars', party: 'a blanket to lie on and count the stars' },
  flowers: { phrase: 'flowers', party: 'garlands of flowers for everyone' },
  painting: { phrase: 'painting', party: 'a big picture everyone painted together', activity: true },
  football: { phrase: 'football', party: 'a game of football on the grass', activity: true },
  swimming: { phrase: 'swimming', party: 'a splash in the warm pond', activity: true },
  music: { phrase: 'music', party: 'music that made everyone dance', activity: true },
} as const;
export type Love = keyof typeof LOVES;
const LOVE_WORDS: Readonly<Record<string, Love>> = {
  ...Object.fromEntries(Object.keys(LOVES).map((k) => [k, k as Love])),
  pancake: 'pancakes',
  cupcake: 'cupcakes',
  cake: 'cupcakes',
  cakes: 'cupcakes',
  cookie: 'cookies',
  biscuits: 'cookies',
  ice: 'icecream',
  apple: 'apples',
  carrot: 'carrots',
  strawberries: 'berries',
  blueberries: 'berries',
  sing: 'singing',
  sings: 'singing',
  songs: 'singing',
  dance: 'dancing',
  dances: 'dancing',
  reading: 'books',
  stories: 'books',
  star: 'stars',
  moon: 'stars',
  flower: 'flowers',
  paint: 'painting',
  drawing: 'painting',
  soccer: 'football',
  swim: 'swimming',
  swims: 'swimming',
};

export type Personality = 'brave' | 'kind' | 'shy' | 'funny' | 'clever' | 'curious' | 'gentle' | 'cheerful' | 'sleepy';
const PERSONALITY_WORDS: Readonly<Record<string, Personality>> = {
  brave: 'brave',
  bold: 'brave',
  kind: 'kind',
  caring: 'kind',
  nice: 'kind',
  shy: 'shy',
  quiet: 'shy',
  funny: 'funny',
  silly: 'funny',
  giggly: 'funny',
  clever: 'clever',
  smart: 'clever',
  curious: 'curious',
  nosy: 'curious',
  gentle: 'gentle',
  soft: 'gentle',
  happy: 'cheerful',
  cheerful: 'cheerful',
  sleepy: 'sleepy',
  dozy: 'sleepy',
};

/** Kinds of story a family may ask for, each told through one setting touch of our own. */
export const THEMES = [
  'pirates',
  'underwater',
  'snow',
  'dinosaurs',
  'magic',
  'music',
  'candy',
  'robots',
  'knights',
  'circus',
  'funny',
  'space',
] as const;
export type Theme = (typeof THEMES)[number];
const THEME_WORDS: Readonly<Record<string, Theme>> = {
  pirate: 'pirates',
  pirates: 'pirates',
  ship: 'pirates',
  underwater: 'underwater',
  ocean: 'underwater',
  sea: 'underwater',
  mermaid: 'underwater',
  mermaids: 'underwater',
  snow: 'snow',
  snowy: 'snow',
  winter: 'snow',
  ice: 'snow',
  dinosaur: 'dinosaurs',
  dinosaurs: 'dinosaurs',
  dino: 'dinosaurs',
  magic: 'magic',
  magical: 'magic',
  wizard: 'magic',
  wizards: 'magic',
  fairy: 'magic',
  fairies: 'magic',
  music: 'music',
  musical: 'music',
  songs: 'music',
  singing: 'music',
  candy: 'candy',
  sweets: 'candy',
  chocolate: 'candy',
  robot: 'robots',
  robots: 'robots',
  knight: 'knights',
  knights: 'knights',
  castle: 'knights',
  circus: 'circus',
  clowns: 'circus',
  funny: 'funny',
  silly: 'funny',
  jokes: 'funny',
  space: 'space',
  planets: 'space',
  rocket: 'space',
};

export type Errand = 'find' | 'bring' | 'make' | 'plant' | 'share';
const ERRAND_WORDS: Readonly<Record<string, Errand>> = {
  find: 'find',
  finds: 'find',
  search: 'find',
  look: 'find',
  lost: 'find',
  rescue: 'find',
  save: 'find',
  bring: 'bring',
  deliver: 'bring',
  carry: 'bring',
  give: 'bring',
  gift: 'bring',
  present: 'bring',
  make: 'make',
  bake: 'make',
  build: 'make',
  cook: 'make',
  plant: 'plant',
  grow: 'plant',
  share: 'share',
};

/** The hero's traits, as far as the family's words name them. */
export type HeroTraits = {
  colour?: Colour;
  size?: Size;
  creature?: CreatureKind;
  holds?: HeldObject;
  loves?: Love;
  personality?: Personality;
};

/** A mission's extra errand: what to do, with what, for whom. Every part is our own word. */
export type ErrandTraits = { errand?: Errand; object?: HeldObject | Love; person?: string };

/** Words as a reader sees them: the family-words reader's own folding (common/family-words.ts), one rule for both. */
export const wordsOf = familyWordsOf;

const firstIn = <T>(words: readonly string[], table: Readonly<Record<string, T>>): T | undefined => {
  for (const word of words) if (Object.hasOwn(table, word)) return table[word];
  return undefined;
};

/** A held object: a word after "holding", "with", "carrying" or "has" first, else any object word. */
function heldIn(words: readonly string[]): HeldObject | undefined {
  const after = words.findIndex((w) => ['holding', 'holds', 'with', 'carrying', 'carries', 'has'].includes(w));
  return (after >= 0 ? firstIn(words.slice(after + 1), OBJECT_WORDS) : undefined) ?? firstIn(words, OBJECT_WORDS);
}

/** What the hero loves (the known word after "loves" or "likes"), and where that word is. */
function lovedIn(words: readonly string[]): { loves: Love; at: number } | undefined {
  for (let i = 0; i < words.length; i++) {
    if (!['loves', 'love', 'likes', 'like', 'adores', 'enjoys'].includes(words[i] ?? '')) continue;
    for (let at = i + 1; at < Math.min(words.length, i + 4); at++) {
      const loves = LOVE_WORDS[words[at] ?? ''];
      if (loves && Object.hasOwn(LOVE_WORDS, words[at] ?? '')) return { loves, at };
    }
  }
  return undefined;
}

export function readHeroTraits(text: string | undefined): HeroTraits {
  const words = wordsOf(text);
  const loved = lovedIn(words);
  // The loved word is not also held ("loves books" is not "holding a book").
  const rest = loved ? words.filter((_, i) => i !== loved.at) : words;
  const found: HeroTraits = {
    colour: firstIn(words, COLOUR_WORDS),
    size: firstIn(words, SIZE_WORDS),
    creature: firstIn(rest, CREATURE_WORDS),
    holds: heldIn(rest),
    loves: loved?.loves,
    personality: firstIn(words, PERSONALITY_WORDS),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as HeroTraits;
}

export const readTheme = (text: string | undefined): Theme | undefined => firstIn(wordsOf(text), THEME_WORDS);

export function readErrand(text: string | undefined): ErrandTraits {
  const words = wordsOf(text);
  const errand = firstIn(words, ERRAND_WORDS);
  if (!errand) return {};
  const traits: ErrandTraits = { errand };
  const object = firstIn(words, OBJECT_WORDS) ?? firstIn(words, LOVE_WORDS);
  const person = personIn(words);
  if (object) traits.object = object;
  if (person) traits.person = person;
  return traits;
}

/** "a small purple dragon": the hero's look in our words, for stories and for picture descriptions. */
export function describeHero(traits: HeroTraits, noun: string): string {
  const kind = traits.creature ?? noun;
  const words = [traits.size, traits.personality, traits.colour, kind];
  const phrase = words.filter(Boolean).join(' ');
  return `${/^[aeiou]/.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** Every word the local provider may take from a family's description: the test checks nothing else gets in. */
export const KNOWN_WORDS: ReadonlySet<string> = new Set([
  // The reader of a family's kind of story and mission (common/family-words.ts).
  ...FAMILY_VOCABULARY,
  // The little words of our own trait phrases ("a small purple dragon", "holding a lantern").
  ...['a', 'an', 'the', 'and', 'with', 'holding', 'dressed', 'in', 'who', 'loves', 'loved'],
  ...Object.keys(COLOUR_WORDS),
  ...Object.keys(COLOURS),
  ...Object.keys(SIZE_WORDS),
  ...Object.keys(CREATURE_WORDS),
  ...Object.keys(OBJECT_WORDS),
  ...Object.values(OBJECTS).flatMap((phrase) => phrase.split(' ')),
  ...Object.keys(LOVE_WORDS),
  ...Object.values(LOVES).flatMap((love) => love.phrase.split(' ')),
  ...Object.keys(PERSONALITY_WORDS),
  ...Object.values(PERSONALITY_WORDS),
  ...Object.keys(THEME_WORDS),
  ...THEMES,
  ...Object.keys(PEOPLE),
  ...Object.values(PEOPLE).flatMap((person) => person.toLowerCase().split(' ')),
  ...Object.keys(ERRAND_WORDS),
  ...Object.values(ERRAND_WORDS),
]);
