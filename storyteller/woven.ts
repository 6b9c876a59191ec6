import type { CharacterType } from '#common/story-choices.js';
import {
  LOVES,
  OBJECTS,
  type CreatureKind,
  type ErrandTraits,
  type HeldObject,
  type HeroTraits,
  type Love,
  type Personality,
  type Theme,
} from './traits.js';

/**
 * The story lines a family's description adds, all in our own words (templates, see template.ts). Each
 * trait is set up early and paid off later, so it belongs to the story instead of sitting in it.
 */

/** What makes each creature kind recognisable, in words (the illustrator draws the same features). */
const CREATURE_FEATURES: Record<CreatureKind, string> = {
  dragon: '(bat-like|leathery) wings, a row of soft spikes and a long, swishy tail',
  unicorn: 'a (shiny|spiralled) horn and a flowing mane',
  bunny: 'long floppy ears and a fluffy (cotton|powder-puff) tail',
  cat: 'pointy ears, long whiskers and a tail that curled like a question mark',
  puppy: 'floppy ears and a tail that never stopped wagging',
  fox: 'pointy ears and a big bushy tail',
  bear: 'round ears and the softest, warmest fur',
  owl: 'big round eyes, feathery ear tufts and (soft|speckled) wings',
  bird: 'bright feathers and a cheerful little beak',
  dinosaur: 'a row of (friendly|rounded) spikes down the back and a long tail',
  mouse: 'round ears, a pink nose and a long, thin tail',
  monkey: 'round ears and a curly tail that was good for hanging from branches',
  pony: 'a shaggy mane and a swishing tail',
  lion: 'a fluffy mane and a tail with a tuft on the end',
  penguin: 'neat flippers and a waddle that made everyone smile',
  turtle: 'a smooth, patterned shell and a slow, wise smile',
};

/** How a held object helps at the climax: the pay-off of "never went anywhere without it". */
const OBJECT_USES: Record<HeldObject, string> = {
  lantern: '{Hero} held up the lantern (in|over) {placeName}, and its warm glow showed {pal} the way.',
  umbrella: '{Hero} opened the umbrella wide, and {pal} huddled safely underneath it[, out of the {weather} air].',
  balloon: '{Hero} tied the balloon to a branch, and its bobbing colour told {pal} where to meet[ in {placeName}].',
  kite: '{Hero} let the kite fly high[ over {placeName}], so {pal} could see which way the wind was blowing.',
  book: '{Hero} opened the book, and {pal} found, on page seven, exactly the help they needed[ in {placeName}].',
  map: '{Hero} unfolded the map of {placeName} and traced the quickest way for {pal} with one careful finger.',
  wand: '{Hero} gave the wand a little wave, and a trail of sparkles lit the way for {pal}[ across {placeName}].',
  flower: '{Hero} offered the flower, and its sweet smell made {pal} and everyone[ in {placeName}] feel calmer.',
  star: '{Hero} held up the little star, and it twinkled brighter than ever[ in the sky over {placeName}], and {pal} gasped.',
  crown:
    '{Hero} set the crown down gently beside {pal}, because kindness mattered more than any crown[ in {placeName}].',
  telescope: '{Hero} peered through the telescope and spotted exactly where {pal} needed to go[ in {placeName}].',
  flag: '{Hero} waved the flag high[ over {placeName}], so {pal} and everyone could find each other.',
  basket: '{Hero} opened the basket and shared what was inside with {pal} and everyone[ in {placeName}].',
  guitar: '{Hero} strummed a gentle tune on the guitar, and {pal} felt calm again.',
  drum: '{Hero} tapped a steady beat on the drum, and {pal} marched along all the way[ across {placeName}].',
  ball: '{Hero} rolled the ball across, and it showed {pal} the path[ through {placeName}] was smooth and safe.',
  shell:
    '{Hero} held the seashell to an ear and heard which way the water was, then told {pal} the way[ out of {placeName}].',
  teddy: '{Hero} lent the teddy bear to {pal} for a cuddle, and a worried {palKind} face became a smile.',
};

export const looksLine = (traits: HeroTraits, characterType: CharacterType): string | undefined => {
  const creature = characterType === 'Creature' ? traits.creature : undefined;
  if (creature) return `{Hero} had ${CREATURE_FEATURES[creature]}<, and a smile for {pal}/, and a smile for everyone>.`;
  if (!traits.colour) return undefined;
  // A colour as a favourite or as worn is a noun: "wore gold from head to toe", not "wore golden".
  const colourNoun = traits.colour === 'golden' ? 'gold' : traits.colour;
  if (characterType === 'Robot') {
    return `{Hero}'s favourite colour was ${colourNoun}, so <{pal} helped paint {hero}/{hero} was painted> ${traits.colour} from top to bottom[, the brightest robot in {placeName}].`;
  }
  // The hero's own look, not the friend's too ("so Mia and Pip both wore red", a parrot in red), in three voices:
  // a third of a library's stories carry a family's colour, and one voice was a near-twin in each (issue 37).
  return [
    `({Hero}'s favourite colour was ${colourNoun}, so {hero} wore ${colourNoun} from head to toe[, as everyone in {placeName} knew].`,
    `Everything {hero} owned was ${colourNoun}[, from boots to hat], because ${colourNoun} was the best colour there was.`,
    `If you saw a flash of ${colourNoun} {inPlace}, it was almost certainly {hero}.)`,
  ].join('|');
};

export const heldSetUp = (held: HeldObject) =>
  // "Not even to the shops" only after "never went anywhere without" (not "always carried a map, not even to the
  // shops", issue 37).
  `{Hero} (never went anywhere without ${OBJECTS[held]}[, not even to the shops in {placeName}]|always carried ${OBJECTS[held]}[ all over {placeName}]|was hardly ever seen without ${OBJECTS[held]}[, and {pal} knew why])<(, and {pal} knew why|, as {pal} knew well)/>[(, just in case it came in handy|, which had come in handy more than once|, a present from long ago)].`;
export const heldPayOff = (held: HeldObject) => OBJECT_USES[held];

export const lovesSetUp = (loves: Love) =>
  `(More than anything[ in {placeName}]|Most of all[, as {pal} knew]|Above everything else[ in {placeName}]), {hero} loved ${LOVES[loves].phrase}<, and so did {pal}/>[(, and talked about it to anyone who would listen|, morning, noon and night)].`;
export function lovesPayOff(loves: Love): string {
  const love: { phrase: string; party: string; activity?: boolean } = LOVES[loves];
  const [brought, first] = love.activity ? ['planned', 'had the best spot'] : ['brought', 'was first in line'];
  return `(And there was|Best of all, there was|Someone had even ${brought}) ${love.party}, (because <{pal}/everyone in {placeName}> knew how much {hero} loved ${love.phrase}|just for {hero}, <from {pal}/who loved ${love.phrase} most of all, from {pal}>|and {pal} made sure {hero} ${first}[ in {placeName}]).`;
}

/** A kind of story the family asked for: one touch of it early, and its return at the end. */
const THEME_LINES: Record<Theme, readonly [setUp: string, payOff: string]> = {
  pirates: [
    '(That week|That summer|For a few days) a friendly pirate ship with (striped|patched|bright red) sails was anchored near {placeName}, and everyone[, even {pal},] was talking like pirates.',
    '(The friendly pirates|The pirate captain and her crew|The jolly pirates) came[ to {placeName}] too and <{pal} (sang a jolly sea song|danced a hornpipe) with them/(sang a jolly sea song|danced a hornpipe|fired streamers from a tiny cannon)>. "(Yo ho ho|Ahoy, me hearties), {pal}!"',
  ],
  underwater: [
    'In a (bubble-bright|sparkling|deep blue) pool near {placeName} lived a family of (chatty|giggly|curious) fish, who always wanted to hear the news from {pal}.',
    'The (chatty|giggly|curious) fish blew (a hundred|a thousand|rings of) bubbles to celebrate, and the bubbles[ over {placeName}] popped like tiny cheers.',
  ],
  snow: [
    '(Snowflakes had been falling all night|It had snowed and snowed|A thick blanket of snow had fallen) on {placeName}, and everything (sparkled white|glittered|looked brand new).',
    "Then everyone[ in {placeName}] built a snowman together, with a (carrot|pine cone|pebble) nose and a (big smile|woolly hat|scarf of {pal}'s).",
  ],
  dinosaurs: [
    'A gentle, (long-necked|spotty|sleepy) dinosaur lived just over the hill[ from {placeName}] and liked to watch {pal} go by.',
    'The (gentle|long-necked|spotty) dinosaur (leaned down over the hill|stomped over, very carefully,|poked its head over the trees) to join the fun, and {pal} cheered.',
  ],
  magic: [
    'In {placeName} a little magic floated in the air, like (dandelion seeds|soap bubbles|glitter in sunlight).',
    'Then the magic in the air made every (flower|leaf|lantern)[ in {placeName}] glow<, just for {pal}/, just for a moment, as if the land itself was smiling>.',
  ],
  music: [
    'Everywhere {hero} and {pal} went[ in {placeName}], there was a (tune to hum|song to whistle) and a rhythm to tap.',
    'Then everyone made music with {pal}, with (pots for drums and spoons for sticks|combs and paper for trumpets|a washboard and a kazoo).',
  ],
  candy: [
    'The hills around {placeName} were striped like candy, and the (clouds|breezes) smelled (faintly|sweetly) of (sugar|toffee|strawberries).',
    'The candy-striped hills glowed (pink|golden)[ for {pal}] in the evening, sweet as a (lollipop|toffee apple).',
  ],
  robots: [
    'A helpful little robot named (Bolt|Sprocket|Gizmo) whirred about[ {placeName}], fixing things that squeaked.',
    'The little robot whirred over and (beeped a happy tune|flashed its lights in every colour|spun round and round) for {pal}[ and everyone].',
  ],
  knights: [
    'A kind old knight kept watch from a tower in {placeName}, and (waved to|called hello to|saluted) everyone who passed.',
    'The kind old knight came down from the tower and bowed. "(Well done, brave friends|Bravely done|The whole kingdom thanks you), {pal}!"',
  ],
  circus: [
    'A travelling circus had put up its stripy tent in {placeName}, with (flags fluttering on top|music drifting out of it).',
    'The circus (juggler tossed coloured balls high into the air|clowns turned cartwheels|acrobats made a tower of smiles) to celebrate[ with {pal}].',
  ],
  funny: [
    'It was the kind of day when even the (ducks|geese|frogs)[ of {placeName}] seemed to be telling jokes.',
    'And {pal} laughed so hard that even the (ducks|geese|frogs) joined in[, honking and croaking and quacking].',
  ],
  space: [
    'At night, {hero} liked to (watch the stars|count the stars|look at the moon)< with {pal}/ with {pal} and wonder about the planets beyond {placeName}>.',
    'That night, a shooting star zipped across the sky[ over {placeName}], as if the (stars|planets) were cheering <for {pal}/> too.',
  ],
};
export const themeSetUp = (theme: Theme) => THEME_LINES[theme][0];
export const themePayOff = (theme: Theme) => THEME_LINES[theme][1];

const errandObject = (traits: ErrandTraits, fallback: string): string => {
  const object = traits.object;
  if (!object) return fallback;
  return Object.hasOwn(OBJECTS, object) ? OBJECTS[object as HeldObject] : LOVES[object as Love].phrase;
};

/** A mission's extra errand: set up in the call, done at the end. */
export function errandLines(traits: ErrandTraits): readonly [setUp: string, payOff: string] | undefined {
  const person = traits.person ?? 'everyone at home';
  switch (traits.errand) {
    case undefined:
      return undefined;
    case 'find': {
      const thing = errandObject(traits, 'a lost button');
      return [
        `{Hero} also hoped to find ${thing} for ${person} (somewhere in {placeName}|with {pal})[, which had been missing for days].`,
        `On the way home, {hero} and {pal} spotted ${thing} (under a bush|beside the path) in {placeName} and took it back for ${person}.`,
      ];
    }
    case 'bring': {
      const thing = errandObject(traits, 'a little present');
      return [
        `{Hero} also had ${thing} to take to ${person}, tucked safely in (a bag|a pocket) that {pal} (held|carried|watched over).`,
        `Then {hero} and {pal} gave ${thing} to ${person}, who smiled from ear to ear[ in {placeName}].`,
      ];
    }
    case 'make': {
      const thing = errandObject(traits, 'a surprise');
      return [
        `{Hero} also wanted to make ${thing} for ${person} before the {weather} day[ in {placeName}] was out.`,
        `Before bedtime, {hero} and {pal} made ${thing} for ${person}, just as planned[ that {daypart}].`,
      ];
    }
    case 'plant': {
      const thing = errandObject(traits, 'a flower');
      return [
        `{Hero} also had a seed for ${thing} to plant for ${person} in {placeName}.`,
        `Then {hero} and {pal} planted the seed for ${thing}[ in {placeName}], and ${person} watered it.`,
      ];
    }
    case 'share': {
      const thing = errandObject(traits, 'a picnic');
      return [
        // The friend first: "with Ida and the friends at home", not "with the friends at home and Ida".
        `{Hero} [also ]wanted to share ${thing} with <${person} in {placeName}/{pal} and ${person}>.`,
        `<In {placeName},/At last> {hero} shared ${thing} with[ {pal} and] ${person}, and it was even better shared[ in {placeName}].`,
      ];
    }
  }
}

/**
 * A personality word the family chose ("a shy dragon") is shown early and matters at the climax: the shy
 * hero finds a voice, the sleepy one stays awake when it counts, the funny one's joke breaks the tension.
 */
const PERSONALITY_LINES: Record<Personality, readonly [setUp: string, payOff: string]> = {
  brave: [
    '{Hero} was (brave|bold), but (not always sure|still learning) what brave was (for|really for)[, and so was {pal}].',
    'Now {hero} knew what brave was for[, and told {pal}: (being brave for someone else|standing up for someone who needed it)].',
  ],
  kind: [
    '{Hero} (always noticed|never missed) (who was sad|a sad face) in {placeName}[, even from far away].',
    'That kind heart was (exactly|just) what {challengeThe} needed[ that {weather} day][, and {pal} knew it].',
  ],
  shy: [
    '{Hero} was shy<, even in {placeName}/, and (often|usually) hid behind {pal} when (someone new|a stranger) in {placeName} said hello>.',
    'For a moment {hero} felt shy<, then {pal} (smiled|nodded) and {hero} spoke up/, but then {hero} took a breath and spoke up in a (brave, clear|strong, steady) voice>[, as {pal} (watched|smiled)].',
  ],
  funny: [
    '{Hero} (knew|told) the silliest jokes in {placeName}[ and laughed loudest at them].',
    '{Hero} told (a silly joke|the silliest joke of all) about {pal}, and even {challengeThe} (had to giggle|began to laugh).',
  ],
  clever: [
    '{Hero} (loved|liked) puzzles<, and so did {pal}/ and always wanted to know how things worked, and {pal} loved to watch>.',
    'All those puzzles paid off: {hero} (worked out|saw) what to do <before {pal} could blink/(in a flash|before anyone else), and {pal} cheered>.',
  ],
  curious: [
    '{Hero} was curious about (everything|every little thing) in {placeName}[, with a hundred questions every day].',
    'Because {hero} was curious, {hero} asked {pal} (one more question|the right question), and that made all the difference.',
  ],
  gentle: [
    "{Hero} was so gentle that (butterflies|sparrows) (landed|perched) on {hero}'s hand, to {pal}'s delight.",
    'Gentle as ever, {hero} (held out|offered) a (calm|steady) hand[, and {challengeThe} (calmed|settled) down at once, just as {pal} hoped].',
  ],
  cheerful: [
    '{Hero} was cheerful (even on rainy days|from morning to night)[, and so {pal} was cheerful too].',
    "{Hero}'s cheerful smile (made everyone in {placeName} feel better|spread to every face), even {challengeThe}.",
  ],
  sleepy: [
    '<{Pal} knew that {hero}/{Hero}> was (often|usually) sleepy[ and could nap almost anywhere in {placeName}][, and {pal} often had to wake {hero} up].',
    'Sleepy or not, {hero} stayed wide awake <for {pal}/when it (counted|mattered most), and {pal} was proud>.',
  ],
};
export const personalitySetUp = (personality: Personality) => PERSONALITY_LINES[personality][0];
export const personalityPayOff = (personality: Personality) => PERSONALITY_LINES[personality][1];
