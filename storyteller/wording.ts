import { pick, shuffle, type Random } from './random.js';

/**
 * Word choice per story: each everyday word in the table is told, throughout one story, with one of its
 * alternatives, chosen by the story's seed. The same story keeps its words (so its refrains stay the
 * same), while two stories of the same shape read differently. Band B's alternatives are the richer words
 * its configuration asks for ("enormous, glimmering, determined"); band A's stay everyday words.
 * One word is always replaced by one word, so the band's word counts are not changed.
 */
type Table = Readonly<Record<string, readonly string[]>>;

const EVERYDAY: Table = {
  big: ['big', 'huge', 'large'],
  scared: ['scared', 'afraid'],
  shouted: ['shouted', 'yelled', 'called'],
  hurried: ['hurried', 'rushed', 'raced'],
  jumped: ['jumped', 'hopped', 'leaped'],
  quietly: ['quietly', 'softly'],
  smiled: ['smiled', 'grinned', 'beamed'],
  strange: ['strange', 'odd', 'funny'],
  odd: ['odd', 'strange'],
  shiny: ['shiny', 'shining', 'sparkly'],
  gently: ['gently', 'softly', 'carefully'],
  tired: ['tired', 'sleepy'],
  happy: ['happy', 'glad', 'cheerful'],
  wonderful: ['wonderful', 'lovely', 'amazing'],
  hugged: ['hugged', 'cuddled'],
  whispered: ['whispered', 'murmured'],
  clever: ['clever', 'smart'],
  path: ['path', 'trail', 'track'],
  walked: ['walked', 'went', 'tramped'],
  friend: ['friend', 'pal', 'buddy'],
  clapped: ['clapped', 'cheered'],
  soft: ['soft', 'gentle'],
  kind: ['kind', 'gentle', 'warm'],
  loud: ['loud', 'noisy'],
  wobbly: ['wobbly', 'wiggly', 'shaky'],
  hummed: ['hummed', 'sang'],
  grinned: ['grinned', 'beamed', 'smiled'],
  giggled: ['giggled', 'chuckled', 'laughed'],
  laughed: ['laughed', 'chuckled', 'giggled'],
  stepped: ['stepped', 'walked'],
  squeezed: ['squeezed', 'patted'],
  pulled: ['pulled', 'tugged'],
  glowed: ['glowed', 'shone', 'gleamed'],
  sparkled: ['sparkled', 'glittered', 'twinkled'],
  twinkled: ['twinkled', 'sparkled', 'glittered'],
  huge: ['huge', 'giant'],
  nearly: ['nearly', 'almost'],
  really: ['really', 'truly'],
  very: ['very', 'really'],
  began: ['began', 'started'],
  gasped: ['gasped', 'gulped'],
  rocks: ['rocks', 'stones'],
};

const RICH: Table = {
  big: ['enormous', 'gigantic', 'immense', 'colossal'],
  huge: ['enormous', 'immense', 'tremendous'],
  scared: ['frightened', 'nervous', 'anxious', 'fearful'],
  shouted: ['exclaimed', 'bellowed', 'hollered'],
  hurried: ['scurried', 'bustled', 'dashed', 'hastened'],
  jumped: ['leapt', 'bounded', 'sprang', 'vaulted'],
  // Not "hushedly": "Mia warbled hushedly" reads as no one speaks (issue 37).
  quietly: ['softly', 'gently', 'tenderly'],
  // Not "brightened": "Mia brightened at Whiskers", "brightened the widest grin" (issue 37).
  smiled: ['beamed', 'grinned'],
  strange: ['peculiar', 'mysterious', 'curious', 'unusual'],
  odd: ['peculiar', 'unusual', 'curious'],
  shiny: ['gleaming', 'glistening', 'shimmering', 'glimmering'],
  gently: ['tenderly', 'carefully', 'delicately'],
  tired: ['weary', 'exhausted', 'drowsy'],
  happy: ['delighted', 'joyful', 'cheerful', 'overjoyed'],
  wonderful: ['marvellous', 'splendid', 'extraordinary', 'magnificent'],
  beautiful: ['magnificent', 'breathtaking', 'dazzling', 'exquisite'],
  whispered: ['murmured', 'breathed', 'whispered'],
  clever: ['ingenious', 'resourceful', 'brilliant'],
  path: ['trail', 'pathway', 'footpath'],
  walked: ['wandered', 'trekked', 'strolled', 'ambled'],
  carefully: ['cautiously', 'meticulously', 'attentively'],
  slowly: ['gradually', 'unhurriedly', 'patiently'],
  nervously: ['anxiously', 'apprehensively', 'uneasily'],
  excited: ['thrilled', 'exhilarated', 'elated'],
  friendly: ['amiable', 'good-natured', 'welcoming'],
  quiet: ['hushed', 'tranquil', 'peaceful'],
  // Not "vigilant": "a vigilant plan", "a vigilant pencil", "slow and vigilant" (issue 37).
  careful: ['cautious', 'watchful'],
  sleepy: ['drowsy'],
  laughed: ['chuckled', 'giggled', 'chortled'],
  shining: ['glittering', 'radiant', 'gleaming'],
  brave: ['courageous', 'fearless', 'valiant', 'daring'],
  kindly: ['thoughtfully', 'considerately', 'graciously'],
  tiny: ['minuscule', 'teeny', 'diminutive'],
  soft: ['velvety', 'silky', 'downy'],
  good: ['splendid', 'excellent', 'marvellous'],
  little: ['miniature', 'diminutive', 'pint-sized'],
  found: ['discovered', 'uncovered', 'located'],
  saw: ['noticed', 'spotted', 'glimpsed'],
  very: ['remarkably', 'extraordinarily', 'exceedingly'],
  asked: ['enquired', 'wondered', 'asked'],
  stopped: ['paused', 'halted'],
  ran: ['raced', 'dashed', 'sprinted'],
  great: ['tremendous', 'magnificent', 'glorious'],
  // Not "venerable" or "time-worn": a grumbly time-worn asteroid, a wise venerable owl.
  old: ['ancient', 'old'],
  bright: ['brilliant', 'radiant', 'dazzling'],
  flew: ['soared', 'glided', 'swooped'],
  thought: ['pondered', 'considered', 'reflected'],
  hopped: ['bounced', 'skipped', 'bounded'],
  ready: ['prepared', 'eager'],
  sad: ['sorrowful', 'downcast', 'gloomy'],
  cross: ['grumpy', 'indignant', 'irritable'],
  fun: ['merriment', 'amusement'],
  worried: ['anxious', 'troubled', 'concerned'],
  special: ['extraordinary', 'remarkable', 'precious'],
  clapped: ['applauded', 'clapped'],
  glowed: ['gleamed', 'shimmered', 'glistened', 'glowed'],
  wobbly: ['quivering', 'unsteady', 'shaky', 'wobbly'],
  loud: ['thunderous', 'booming', 'resounding'],
  friend: ['companion', 'comrade', 'friend'],
  grinned: ['grinned', 'beamed'],
  giggled: ['chuckled', 'tittered', 'giggled'],
  stepped: ['strode', 'stepped', 'ventured'],
  pulled: ['tugged', 'pulled'],
  squeezed: ['squeezed', 'clasped'],
  hummed: ['hummed', 'crooned', 'warbled'],
  sparkled: ['glittered', 'twinkled', 'shimmered'],
  twinkled: ['glittered', 'sparkled', 'glimmered'],
  began: ['commenced', 'started', 'began'],
  nearly: ['almost', 'practically'],
  really: ['truly', 'genuinely'],
  kind: ['gentle', 'compassionate', 'kindly'],
  rocks: ['boulders', 'stones'],
  gasped: ['gasped', 'gulped', 'spluttered'],
  nodded: ['nodded', 'agreed'],
  smile: ['smile', 'grin'],
  everyone: ['everyone', 'everybody'],
  quickly: ['swiftly', 'briskly', 'speedily'],
  suddenly: ['abruptly', 'unexpectedly'],
  whole: ['entire', 'whole'],
  glad: ['pleased', 'delighted', 'thrilled'],
  gathered: ['collected', 'assembled', 'gathered'],
  climbed: ['scrambled', 'clambered', 'climbed'],
  noise: ['commotion', 'clamour', 'racket'],
  lovely: ['delightful', 'charming', 'enchanting'],
  answered: ['responded', 'replied'],
  watched: ['observed', 'studied', 'watched'],
  idea: ['notion', 'brainwave', 'idea'],
  cold: ['chilly', 'frosty', 'icy'],
  quick: ['swift', 'speedy'],
  heavy: ['weighty', 'hefty'],
  amazing: ['astonishing', 'astounding', 'remarkable'],
  busy: ['bustling', 'busy'],
  hungry: ['famished', 'ravenous'],
  happily: ['joyfully', 'merrily', 'gleefully'],
  loudly: ['noisily', 'boisterously'],
  excitedly: ['eagerly', 'keenly'],
  looked: ['gazed', 'peered', 'looked'],
  echoed: ['resounded', 'reverberated', 'echoed'],
  tall: ['towering', 'lofty'],
};

/** What a richer word for "little" or "tiny" fits: a small creature, or a small thing one can hold or see. */
const ONLY_SMALL_THINGS =
  /^(?! (unicorn|creature|dragon|mouse|fish|birds?|penguin|kitten|puppy|pony|duck|fox|lion|monkey|hedgehog|hamster|griffin|turtle|parrot|fairy|dinosaur|dino|robot|rocket|star|moon|sun|rainbow|bells|wings|hoof|scroll|windows|cannon|owl|goslings?|lamb|ponies|goats?)\b)/u;

/** Words an alternative cannot replace where the meaning would change ("looked worried", "soft voice"). */
const KEEP_BEFORE: Readonly<Record<string, RegExp>> = {
  soft: /^ (voice|song|breeze|whisper|thank)/,
  quiet: /^ (voice|night)/,
  good: /^ (luck|night|morning|time|idea)\b/,
  // Only a small creature or thing is pint-sized or diminutive: not "a little brighter", "a little wave",
  // "a little to the left", a little house, gap or step.
  little: ONLY_SMALL_THINGS,
  // "this very night", "that very morning": the very one, not a very night.
  // …and "a very big grin" is not "an extraordinarily big grin" (issue 37): a smile or a hug is very big.
  very: /^ (next|last|first|best|end|top|same|own|long|night|day|morning|afternoon|evening|week|moment|spot|place|minute|(big|wide|happy) (grin|smile|hug|yawn)s?)\b/,
  great: /^ big\b/,
  // A careful knot or step is the doer's care: a knot is not vigilant, and nor is a finger or a paw (issue 37).
  // …and a plan or a pencil is careful, and "slow and careful." stays so.
  careful: /^( (knot|step|steps|fingers?|paws?|hands?|hooves|hoof|touch|plan|pencil)\b|[.,!?])/,
  bright: /^ and early\b/,
  fun: /^(!|\?|,)/,
  // "a thunderclap scared the horses": the verb, not the feeling.
  // …and "scared of the dark" is not "anxious of the dark".
  scared: /^ (the|a|an|them|everyone|of)\b/,
  // "not cross at all": the troll is not indignant at all reads as a thesaurus would.
  cross: /^ (the|over|to|a|it|at all)\b/,
  // "thought very hard", "thought about it": only a thought of one's own is pondered or reflected; and
  // "thought and thought" is said twice on purpose, not "pondered and reflected" (issue 37).
  thought: /^ (very|really|hard|about|of|so|it|and)\b/,
  tiny: ONLY_SMALL_THINGS,
  ready: /^ for (a|an|the) brand/,
  // "the kind you share", "the kind of", "the kind that says hello": the noun, not the adjective; and
  // "doing the kind thing" is said so (not "the warm thing").
  // …and "a kind kid", "a kind word", "our kind wish" are not "a warm kid", "a warm word", "our warm wish" (issue 37).
  kind: /^ (you|of|that|who|thing|kid|word|words|wish)\b/,
  watched: /^ over\b/,
  // "A wise old owl", "the old queen": what one calls a person or a pet, not an ancient one.
  old: /^ (owl|queen|knight|gate-dog|friend|friends|man|woman|lady|crocodile|asteroid|dog|cat|tortoise|turtle|troll|giant|dragon)\b/,
  // "The whole of Fernholt is waiting": there is no "entire of".
  whole: /^ of\b/,
  // The hero as the family made them: "a big super hero" is not "an immense super hero", and the refrain's "big
  // steps" are not "immense steps" (issue 37).
  big: /^ (super hero|hero|knight|explorer|detective|robot|steps)\b/,
  // "a quick picture", "a quick look" are not "a speedy picture" (issue 37).
  quick: /^ (picture|look|peek|hug|nap|word)\b/,
  // "looked worried", "looked like", "looked after": only looking at something is gazing or peering.
  looked: /^ (?!at\b|into\b|around\b|closer\b|down\b|up\b)/,
  // "stood up tall", "as tall as a house", "a tall stack of pancakes": the way one stands, a measure, a stack.
  tall: /^([,.!?]| (as|and|stack)\b)/,
  // "everyone clapped for Mia": one applauds a person, not for them.
  clapped: /^ for\b/,
  // "It stopped spinning": one stops doing something; one does not pause or halt it.
  stopped: /^( [a-z]+ing\b|[.,!?])/,
  // The chickens squeezed under the fence, not "clasped under" it; the shivers stopped, not "halted".
  squeezed: /^ (under|through|into|past|between|out|in)\b/,
  // "climbed the winding path", "climbed the tower stairs": one scrambles up a path, not "scrambled the path".
  climbed: /^ (the|a|an|all)\b/,
  // "began to fade" is not "commenced to fade" (issue 37): only a thing begun is commenced.
  began: /^ to\b/,
  // "every boat found its way" is not "uncovered its way": a way is found, not discovered or located.
  found: /^ (its|their|his|her|the|a|our|my) way\b/,
};

/** Words an alternative cannot replace after these ones ("went very quiet" is not "went remarkably tranquil"). */
const KEEP_AFTER: Readonly<Record<string, RegExp>> = {
  very: /\bwent $/u,
  // "Scared is allowed, and so is brave": brave is the answer to scared, not "and so is fearless".
  brave: /\bso is $/u,
  quiet: /\bwent (very )?$/u,
  // "read it out loud" is not "read it out noisy", and "a very big smile" not "a very huge smile" (issue 37).
  loud: /\bout $/u,
  // …and "a little too big" is not "a little too huge", nor "a great big yawn" "a great huge yawn" (issue 37).
  // …and "as big as the sky" is not "as colossal as the sky".
  big: /\b(very|too|great|as) $/u,
  // "a grumpy old crocodile", "Grandma's old directions": old said after a feeling or a name is a fond word,
  // not "a grumpy ancient crocodile" (issue 37).
  old: /(\b(grumpy|grumbly|wise|kind|dear|good|poor|funny|silly|lovely|friendly|little)|['’]s) $/u,
  // "smiled the widest smile" is a smile, not "brightened the widest grin".
  smile: /\bsmiled the [\p{L}]+ $/u,
  // "thought and thought", not "thought and pondered".
  thought: /\bthought and $/u,
};

/** One story's word choices: a function that rewords a rendered line. */
export function wordingFor(rich: boolean, random: Random): (text: string) => string {
  const table = rich ? RICH : EVERYDAY;
  // Band A keeps one word for each (young readers meet the same word again); band B turns through its
  // alternatives, in an order of the story's own, so a confident reader meets a new word each time.
  const turns = new Map(
    Object.entries(table).map(([word, options]) => [word, rich ? shuffle(random, options) : [pick(random, options)]]),
  );
  let turn = 0;
  const next = (word: string) => {
    const options = turns.get(word);
    return options?.[turn++ % options.length] ?? word;
  };
  const pattern = new RegExp(`(?<![\\p{L}'’-])(${[...turns.keys()].join('|')})(?![\\p{L}'’-])`, 'gu');
  return (text) =>
    // "very, very quiet" is one rich word ("remarkably quiet"), not "remarkably, extraordinarily quiet".
    (rich ? text.replace(/\b([Vv])ery, very\b/gu, '$1ery') : text)
      .replace(pattern, (word: string, _: string, at: number, whole: string) => {
        const rest = whole.slice(at + word.length);
        if (KEEP_BEFORE[word]?.test(rest) || KEEP_AFTER[word]?.test(whole.slice(0, at))) return word;
        const said = next(word);
        // "A huge stone giant" is not "a giant stone giant": no word doubled by the one just before it.
        const soon = rest.match(/^(?: [\p{L}'-]+){0,2}/u)?.[0] ?? '';
        return new RegExp(`(?<![\\p{L}])${said}(?![\\p{L}])`, 'iu').test(soon) ? word : said;
      })
      // "a enormous" reads "an enormous"; "an gigantic" reads "a gigantic"; "an time-worn" reads "a time-worn".
      .replace(/\b([Aa])n? (?=([\p{L}-]+))/gu, (match: string, article: string, next: string) => {
        if (!Object.values(table).some((options) => options.includes(next))) return match;
        return /^[aeiou]/i.test(next) ? `${article}n ` : `${article} `;
      });
}
