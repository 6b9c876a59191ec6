/**
 * What the storyteller makes of a family's own words for the kind of story and the mission ("a floating library
 * full of talking books", "keep the baby ducks safe from the storm"): a place, the things and creatures in it,
 * the weather, a goal and who is being helped, each said back in our own words. The local storyteller builds
 * the story's world and goal from it, the Bedrock prompt carries it beside the family's fenced words, and the
 * wizard tells the family which of their words it did not understand, rather than dropping them silently.
 * A word is read only if it is in these lists: nothing else a family typed reaches a story.
 */

/** Places a story can be set in, with the setting the illustrator paints for each. */
export const PLACES = {
  library: 'castle',
  island: 'ocean',
  castle: 'castle',
  palace: 'castle',
  tower: 'castle',
  forest: 'forest',
  woods: 'forest',
  jungle: 'jungle',
  garden: 'garden',
  park: 'garden',
  meadow: 'garden',
  beach: 'ocean',
  sea: 'ocean',
  ocean: 'ocean',
  lake: 'ocean',
  pond: 'garden',
  river: 'forest',
  ship: 'ocean',
  boat: 'ocean',
  cave: 'cave',
  mountain: 'mountain',
  volcano: 'mountain',
  desert: 'mountain',
  city: 'city',
  town: 'city',
  village: 'city',
  school: 'city',
  museum: 'city',
  bakery: 'city',
  zoo: 'garden',
  farm: 'ranch',
  ranch: 'ranch',
  moon: 'moon',
  planet: 'space',
  space: 'space',
  sky: 'mountain',
  clouds: 'mountain',
  treehouse: 'forest',
  lighthouse: 'ocean',
  circus: 'city',
  swamp: 'forest',
} as const;
export type PlaceWord = keyof typeof PLACES;

/** Words that say what a place, a thing or a creature is like. */
const QUALITIES = new Set([
  'floating',
  'flying',
  'snowy',
  'icy',
  'sunny',
  'secret',
  'hidden',
  'magic',
  'magical',
  'enchanted',
  'underwater',
  'giant',
  'tiny',
  'little',
  'big',
  'rainbow',
  'golden',
  'silver',
  'crystal',
  'candy',
  'chocolate',
  'sleepy',
  'talking',
  'singing',
  'dancing',
  'friendly',
  'baby',
  'birthday',
  'lost',
  'shiny',
  'silly',
  'old',
  'new',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'white',
  'black',
  'brown',
  'grey',
]);

/** Creatures and people a story may be full of (plural, as a family says them), and what each is one of. */
export const CREATURES: Readonly<Record<string, string>> = {
  pirates: 'pirate',
  pirate: 'pirate',
  ducks: 'duck',
  duck: 'duck',
  ducklings: 'duckling',
  duckling: 'duckling',
  dragons: 'dragon',
  dragon: 'dragon',
  fairies: 'fairy',
  fairy: 'fairy',
  mermaids: 'mermaid',
  mermaid: 'mermaid',
  unicorns: 'unicorn',
  unicorn: 'unicorn',
  dinosaurs: 'dinosaur',
  dinosaur: 'dinosaur',
  penguins: 'penguin',
  penguin: 'penguin',
  robots: 'robot',
  robot: 'robot',
  owls: 'owl',
  owl: 'owl',
  bunnies: 'bunny',
  bunny: 'bunny',
  kittens: 'kitten',
  kitten: 'kitten',
  puppies: 'puppy',
  puppy: 'puppy',
  bears: 'bear',
  bear: 'bear',
  whales: 'whale',
  dolphins: 'dolphin',
  fish: 'fish',
  bees: 'bee',
  butterflies: 'butterfly',
  frogs: 'frog',
  squirrels: 'squirrel',
  elves: 'elf',
  knights: 'knight',
  wizards: 'wizard',
  aliens: 'alien',
  monkeys: 'monkey',
  lions: 'lion',
  ponies: 'pony',
  pony: 'pony',
  horses: 'horse',
  sheep: 'sheep',
  chickens: 'chicken',
  goats: 'goat',
  birds: 'bird',
  animals: 'animal',
};

/** Things a story may be full of, or a goal may be about. */
export const THINGS = new Set([
  'books',
  'book',
  'present',
  'presents',
  'gift',
  'treasure',
  'cake',
  'cakes',
  'cookies',
  'flowers',
  'flower',
  'balloons',
  'balloon',
  'kite',
  'map',
  'key',
  'crown',
  'star',
  'stars',
  'ball',
  'toys',
  'toy',
  'teddy',
  'hat',
  'lantern',
  'lanterns',
  'letter',
  'egg',
  'eggs',
  'pie',
  'honey',
  'apples',
  'picnic',
  'shell',
  'shells',
  'rocket',
  'sweets',
  'bridge',
  'snowman',
  'sandcastle',
  'nest',
]);

/** The weather a family asks for, and the story's own weather word for it. */
export const WEATHERS = {
  storm: 'stormy',
  stormy: 'stormy',
  thunder: 'stormy',
  rain: 'rainy',
  rainy: 'rainy',
  snow: 'snowy',
  snowy: 'snowy',
  blizzard: 'snowy',
  ice: 'frosty',
  icy: 'frosty',
  wind: 'windy',
  windy: 'windy',
  fog: 'foggy',
  foggy: 'foggy',
  sunny: 'sunny',
  sunshine: 'sunny',
} as const;
export type StoryWeather = (typeof WEATHERS)[keyof typeof WEATHERS];

/** What a mission asks the hero to do, in our words. */
export const GOALS = {
  keep: 'protect',
  protect: 'protect',
  guard: 'protect',
  save: 'rescue',
  rescue: 'rescue',
  help: 'rescue',
  find: 'find',
  search: 'find',
  look: 'find',
  bring: 'bring',
  deliver: 'bring',
  give: 'bring',
  take: 'bring',
  make: 'make',
  bake: 'make',
  build: 'make',
  cook: 'make',
} as const;
export type GoalVerb = (typeof GOALS)[keyof typeof GOALS];

/**
 * Who a mission may be for, as the story calls them: one list for the goal read here and for the local
 * storyteller's errands (traits.ts).
 */
export const PEOPLE: Readonly<Record<string, string>> = {
  grandma: 'Grandma',
  granny: 'Grandma',
  nana: 'Grandma',
  grandpa: 'Grandpa',
  grandad: 'Grandpa',
  mum: 'Mum',
  mom: 'Mum',
  mommy: 'Mum',
  mummy: 'Mum',
  dad: 'Dad',
  daddy: 'Dad',
  brother: 'a little brother',
  sister: 'a little sister',
  baby: 'the baby',
  auntie: 'Auntie',
  aunt: 'Auntie',
  uncle: 'Uncle',
  teacher: 'the teacher',
  friend: 'a good friend',
  friends: 'the friends at home',
  king: 'the king',
  queen: 'the queen',
  princess: 'the princess',
  prince: 'the prince',
};

/**
 * Words that carry no meaning of their own here ("a", "full of", "who", "story"), never reported as not
 * understood.
 */
// prettier-ignore
const GLUE = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'in', 'on', 'at', 'to', 'for', 'from', 'with', 'by', 'into', 'onto',
  'about', 'full', 'who', 'that', 'which', 'is', 'are', 'was', 'were', 'be', 'been', 'my', 'our', 'his', 'her',
  'their', 'its', 'very', 'some', 'lots', 'lot', 'many', 'all', 'every', 'where', 'there', 'them', 'they', 'he',
  'she', 'it', 'we', 'i', 'you', 'me', 'us', 'one', 'two', 'three', 'get', 'gets', 'go', 'goes', 'going', 'have',
  'has', 'had', 'do', 'does', 'want', 'wants', 'like', 'likes', 'love', 'loves', 'story', 'stories', 'adventure',
  'adventures', 'safe', 'away', 'home', 'back', 'up', 'down', 'out', 'over', 'under', 'before', 'after', 'then',
  'when', 'so', 'too', 'also', 'not', 'no', 'kind', 'day', 'time', 'way', 'place', 'lives', 'live', 'living',
  'something', 'someone', 'everyone', 'thing', 'things', 'lost', 'new', 'just', 'set', 'each', 'other', 'more',
  'most', 'can', 'could', 'will', 'would', 'should', 'must', 'let', 'lets', 'make', 'made', 'need', 'needs',
  'what', 'how', 'why', 'this', 'these', 'those', 'if', 'as', 'than', 'off', 'near', 'far', 'across', 'through',
  'around', 'inside', 'outside', 'behind', 'beside', 'between', 'while', 'during', 'until', 'again', 'together',
  'alone', 'only', 'really', 'super', 'fun', 'funny', 'happy', 'nice', 'good', 'best', 'first', 'last',
]);

/** A word with no meaning of its own in a family's text ("a", "with", "who"): never reported as not understood. */
export const isGlueWord = (word: string) => GLUE.has(word);

/** Every word the reader may say back in a story (our phrases are built from these and a few of our own). */
export const FAMILY_VOCABULARY: ReadonlySet<string> = new Set([
  ...Object.keys(PLACES),
  ...QUALITIES,
  ...Object.keys(CREATURES),
  ...THINGS,
  ...Object.keys(WEATHERS),
  ...Object.values(WEATHERS),
  ...Object.keys(GOALS),
  ...Object.keys(PEOPLE),
  ...Object.values(PEOPLE).flatMap((person) => person.toLowerCase().split(' ')),
  ...['storm', 'safe', 'keep', 'from', 'of', 'for', 'to', 'the', 'a', 'an'],
]);

export type FamilyReading = Readonly<{
  /** Where the story happens, in our words ("a floating library"), and the place word ("library"). */
  place?: Readonly<{ phrase: string; word: PlaceWord }>;
  /** Things and creatures the story is full of ("talking books", "pirates"). */
  things: readonly string[];
  creatures: readonly string[];
  weather?: StoryWeather;
  /** The goal: what to do, with what or whom, for whom and from what. */
  goal?: Readonly<{ verb: GoalVerb; what?: string; plural?: boolean; forWhom?: string; from?: string }>;
  /** The family's words we understood, and those we did not (told to the family in the wizard). */
  understood: readonly string[];
  notUnderstood: readonly string[];
}>;

/**
 * Words as a reader sees them: look-alike letters and accents folded to plain Latin (NFKC), invisible
 * characters removed, lower case.
 */
export function familyWordsOf(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
}

const known = (table: object, word: string) => Object.hasOwn(table, word);
const isNoun = (word: string) => known(PLACES, word) || known(CREATURES, word) || THINGS.has(word);

/** The qualities just before a noun ("floating", "baby"), at most two, in the family's order. */
function qualitiesBefore(words: readonly string[], at: number): string[] {
  const found: string[] = [];
  for (let i = at - 1; i >= 0 && found.length < 2; i--) {
    const word = words[i] ?? '';
    if (!QUALITIES.has(word) && !known(WEATHERS, word)) break;
    found.unshift(word);
  }
  return found;
}

const withArticle = (phrase: string) => `${/^[aeiou]/.test(phrase) ? 'an' : 'a'} ${phrase}`;

/** Reads a family's kind-of-story or mission text (any text: the wizard reports a character's words too). */
export function readFamilyWords(text: string | undefined, alsoKnown: ReadonlySet<string> = new Set()): FamilyReading {
  const words = familyWordsOf(text);
  const things: string[] = [];
  const creatures: string[] = [];
  const understood = new Set<string>();
  let place: FamilyReading['place'];
  let weather: StoryWeather | undefined;
  words.forEach((word, i) => {
    if (known(WEATHERS, word)) {
      weather ??= WEATHERS[word as keyof typeof WEATHERS];
      understood.add(word);
    }
    if (!isNoun(word)) return;
    const qualities = qualitiesBefore(words, i);
    for (const q of qualities) understood.add(q);
    understood.add(word);
    const phrase = [...qualities, word].join(' ');
    if (known(PLACES, word) && !place) place = { phrase: withArticle(phrase), word: word as PlaceWord };
    else if (known(CREATURES, word)) creatures.push(phrase);
    else if (THINGS.has(word)) things.push(phrase);
  });
  const goal = goalIn(words);
  if (goal) {
    for (const word of words) if (known(GOALS, word) || known(PEOPLE, word)) understood.add(word);
  }
  for (const word of words) if (QUALITIES.has(word) || alsoKnown.has(word)) understood.add(word);
  const notUnderstood = [...new Set(words.filter((w) => !understood.has(w) && !GLUE.has(w) && !known(PEOPLE, w)))];
  return {
    ...(place ? { place } : {}),
    things,
    creatures,
    ...(weather ? { weather } : {}),
    ...(goal ? { goal } : {}),
    understood: [...understood],
    notUnderstood,
  };
}

/**
 * The person a mission is for: the first word of PEOPLE that is not a quality of the noun after it ("a present
 * for the baby" is for the baby; "keep the baby ducks safe" is for no one).
 */
export function personIn(words: readonly string[]): string | undefined {
  const at = words.findIndex((w, i) => known(PEOPLE, w) && !(QUALITIES.has(w) && isNoun(words[i + 1] ?? '')));
  return at >= 0 ? PEOPLE[words[at] ?? ''] : undefined;
}

/** The goal: the first goal word, the first thing or creature after it, a person, and the weather it is from. */
function goalIn(words: readonly string[]): FamilyReading['goal'] {
  const at = words.findIndex((w) => known(GOALS, w));
  if (at < 0) return undefined;
  const verb = GOALS[words[at] as keyof typeof GOALS];
  const object = words.findIndex((w, i) => i > at && (known(CREATURES, w) || THINGS.has(w)));
  const noun = words[object] ?? '';
  const qualities = object >= 0 ? qualitiesBefore(words, object) : [];
  const plural = /s$/u.test(noun) && noun !== 'fish' && noun !== 'sheep' ? true : noun === 'sheep';
  const what =
    object >= 0
      ? `${plural ? 'the' : verb === 'find' || verb === 'make' ? 'a' : 'the'} ${[...qualities, noun].join(' ')}`
      : undefined;
  const person = personIn(words);
  const fromAt = words.indexOf('from', at);
  const from = fromAt >= 0 ? words.slice(fromAt + 1).find((w) => known(WEATHERS, w)) : undefined;
  return {
    verb,
    ...(what ? { what: what.replace(/^a (?=[aeiou])/u, 'an '), plural } : {}),
    ...(person ? { forWhom: person } : {}),
    ...(from ? { from: from === 'thunder' ? 'storm' : from.replace(/y$/u, '') } : {}),
  };
}

/**
 * The reading of a family's kind of story and mission as one line ("place: a floating library; things:
 * talking books; goal: find a birthday present for Grandma"), for a model to follow as the local storyteller
 * does. Empty when nothing was understood.
 */
export function describeReading(kind: FamilyReading, mission: FamilyReading): string {
  const goal = mission.goal;
  const parts = [
    kind.place ? `place: ${kind.place.phrase}` : '',
    [...kind.things, ...mission.things].length ? `things: ${[...kind.things, ...mission.things].join(', ')}` : '',
    [...kind.creatures, ...mission.creatures].length
      ? `creatures: ${[...kind.creatures, ...mission.creatures].join(', ')}`
      : '',
    (kind.weather ?? mission.weather) ? `weather: ${kind.weather ?? mission.weather}` : '',
    goal
      ? `goal: ${goal.verb === 'protect' ? 'keep safe' : goal.verb}${goal.what ? ` ${goal.what}` : ''}${goal.forWhom ? ` for ${goal.forWhom}` : ''}${goal.from ? ` from the ${goal.from}` : ''}`
      : '',
  ];
  return parts.filter(Boolean).join('; ');
}
