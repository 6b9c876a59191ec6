import type { CharacterType } from '../../../../common/story-choices.js';
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
  lantern: '{Hero} held up the lantern, and its warm glow showed everyone the way.',
  umbrella: '{Hero} opened the umbrella wide, and everyone huddled safely underneath it.',
  balloon: '{Hero} tied the balloon to a branch, and its bobbing colour told everyone where to meet.',
  kite: '{Hero} let the kite fly high, so everyone could see which way the wind was blowing.',
  book: '{Hero} opened the book and found, on page seven, exactly the help they needed.',
  map: '{Hero} unfolded the map and traced the quickest way with one careful finger.',
  wand: '{Hero} gave the wand a little wave, and a trail of sparkles lit the way.',
  flower: '{Hero} offered the flower, and its sweet smell made everyone feel calmer.',
  star: '{Hero} held up the little star, and it twinkled brighter than ever.',
  crown: '{Hero} set the crown down gently, because kindness mattered more than any crown.',
  telescope: '{Hero} peered through the telescope and spotted exactly where to go.',
  flag: '{Hero} waved the flag high, so everyone could find each other.',
  basket: '{Hero} opened the basket and shared what was inside with everyone.',
  guitar: '{Hero} strummed a gentle tune on the guitar, and everyone felt calm again.',
  drum: '{Hero} tapped a steady beat on the drum, and everyone marched along together.',
  ball: '{Hero} rolled the ball across, and it showed them the path was smooth and safe.',
  shell: '{Hero} held the seashell to an ear and heard which way the water was.',
  teddy: '{Hero} lent the teddy bear for a cuddle, and a worried face became a smile.',
};

export const looksLine = (traits: HeroTraits, characterType: CharacterType): string | undefined => {
  const creature = characterType === 'Creature' ? traits.creature : undefined;
  if (creature) return `{Hero} had ${CREATURE_FEATURES[creature]}[, and a smile for everyone].`;
  if (traits.colour && characterType === 'Robot') {
    return `{Hero}'s favourite colour was ${traits.colour}, so {hero} was painted ${traits.colour} from top to bottom.`;
  }
  if (traits.colour) {
    return `{Hero}'s favourite colour was ${traits.colour}, (and|so) {hero} wore ${traits.colour} from head to toe.`;
  }
  return undefined;
};

export const heldSetUp = (held: HeldObject) =>
  `{Hero} (never went anywhere without|always carried|was hardly ever seen without) ${OBJECTS[held]}[(, just in case it came in handy|, which had come in handy more than once|, a present from long ago)].`;
export const heldPayOff = (held: HeldObject) => OBJECT_USES[held];

export const lovesSetUp = (loves: Love) =>
  `(More than anything|Most of all|Above everything else), {hero} loved ${LOVES[loves].phrase}[(, and talked about it to anyone who would listen|, morning, noon and night)].`;
export const lovesPayOff = (loves: Love) =>
  `(And there was|Best of all, there was|Someone had even brought) ${LOVES[loves].party}, (because everyone knew how much {hero} loved ${LOVES[loves].phrase}|just for {hero}, who loved ${LOVES[loves].phrase} most of all|and {pal} made sure {hero} was first in line).`;

/** A kind of story the family asked for: one touch of it early, and its return at the end. */
const THEME_LINES: Record<Theme, readonly [setUp: string, payOff: string]> = {
  pirates: [
    '(That week|That summer|For a few days) a friendly pirate ship with (striped|patched|bright red) sails was anchored nearby, and everyone was talking like pirates.',
    '(The friendly pirates|The pirate captain and her crew|The jolly pirates) came too, and (sang a jolly sea song|danced a hornpipe|fired streamers from a tiny cannon). "(Yo ho ho|Ahoy, me hearties)!"',
  ],
  underwater: [
    'In a (bubble-bright|sparkling|deep blue) pool nearby lived a family of (chatty|giggly|curious) fish, who always wanted to hear the news.',
    'The (chatty|giggly|curious) fish blew (a hundred|a thousand|rings of) bubbles to celebrate, and the bubbles popped like tiny cheers.',
  ],
  snow: [
    '(Snowflakes had been falling all night|It had snowed and snowed|A thick blanket of snow had fallen), and everything (sparkled white|glittered|looked brand new).',
    "Then everyone built a snowman together, with a (carrot|pine cone|pebble) nose and a (big smile|woolly hat|scarf of {pal}'s).",
  ],
  dinosaurs: [
    'A gentle, (long-necked|spotty|sleepy) dinosaur lived just over the hill, and liked to watch the world go by.',
    'The (gentle|long-necked|spotty) dinosaur (leaned down over the hill|stomped over, very carefully,|poked its head over the trees) to join the fun, and everyone cheered.',
  ],
  magic: [
    'In that land a little magic floated in the air, like (dandelion seeds|soap bubbles|glitter in sunlight).',
    'Then the magic in the air made every (flower|leaf|lantern) glow, just for a moment[, as if the land itself was smiling].',
  ],
  music: [
    'Everywhere {hero} went, there was a (tune to hum|song to whistle) and a rhythm to tap.',
    'Then everyone made music together, with (pots for drums and spoons for sticks|combs and paper for trumpets|a washboard and a kazoo).',
  ],
  candy: [
    'The hills nearby were striped like candy, and the (clouds|breezes) smelled (faintly|sweetly) of (sugar|toffee|strawberries).',
    'The candy-striped hills glowed (pink|golden) in the evening, sweet as a (lollipop|toffee apple).',
  ],
  robots: [
    'A helpful little robot named (Bolt|Sprocket|Gizmo) whirred about, fixing things that squeaked.',
    'The little robot whirred over and (beeped a happy tune|flashed its lights in every colour|spun round and round) for everyone.',
  ],
  knights: [
    'A kind old knight kept watch from a tower nearby, and (waved to|called hello to|saluted) everyone who passed.',
    'The kind old knight came down from the tower and bowed. "(Well done, brave friends|Bravely done|The whole kingdom thanks you)!"',
  ],
  circus: [
    'A travelling circus had put up its stripy tent nearby, with (flags fluttering on top|music drifting out of it).',
    'The circus (juggler tossed coloured balls high into the air|clowns turned cartwheels|acrobats made a tower of smiles) to celebrate.',
  ],
  funny: [
    'It was the kind of day when even the (ducks|geese|frogs) seemed to be telling jokes.',
    'And everyone laughed so hard that even the (ducks|geese|frogs) joined in[, honking and croaking and quacking].',
  ],
  space: [
    'At night, {hero} liked to (watch the stars|count the stars|look at the moon) and wonder about the planets beyond them.',
    'That night, a shooting star zipped across the sky, as if the (stars|planets) were cheering too.',
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
        `{Hero} also hoped to find ${thing} for ${person}[, which had been missing for days].`,
        `On the way home, {hero} spotted ${thing} (under a bush|beside the path) and took it back for ${person}.`,
      ];
    }
    case 'bring': {
      const thing = errandObject(traits, 'a little present');
      return [
        `{Hero} also had ${thing} to take to ${person}, tucked safely in a bag.`,
        `Then {hero} gave ${thing} to ${person}, who smiled from ear to ear.`,
      ];
    }
    case 'make': {
      const thing = errandObject(traits, 'a surprise');
      return [
        `{Hero} also wanted to make ${thing} for ${person} before the day was out.`,
        `Before bedtime, {hero} made ${thing} for ${person}, just as planned.`,
      ];
    }
    case 'plant': {
      const thing = errandObject(traits, 'a flower');
      return [
        `{Hero} also had a seed for ${thing} to plant for ${person}.`,
        `Then {hero} planted the seed for ${thing}, and ${person} watered it.`,
      ];
    }
    case 'share': {
      const thing = errandObject(traits, 'a picnic');
      return [
        `{Hero} also wanted to share ${thing} with ${person}.`,
        `At last {hero} shared ${thing} with ${person}, and it was even better shared.`,
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
    '{Hero} was (brave|bold), but (not always sure|still learning) what brave was (for|really for).',
    'Now {hero} knew what brave was for: (being brave for someone else|standing up for someone who needed it).',
  ],
  kind: [
    '{Hero} (always noticed|never missed) (who was sad|a sad face)[, even from far away].',
    'That kind heart was (exactly|just) what {challengeThe} needed[ that day].',
  ],
  shy: [
    '{Hero} was shy, and (often|usually) hid behind {pal} when (someone new|a stranger) said hello.',
    'For a moment {hero} felt shy<, then spoke up/, but then {hero} took a breath and spoke up in a (brave, clear|strong, steady) voice>.',
  ],
  funny: [
    '{Hero} (knew|told) the silliest jokes[ and laughed loudest at them].',
    '{Hero} told (a silly joke|the silliest joke of all), and even {challengeThe} (had to giggle|began to laugh).',
  ],
  clever: [
    '{Hero} (loved|liked) puzzles[ and always wanted to know how things worked].',
    'All those puzzles paid off: {hero} (worked out|saw) what to do (in a flash|before anyone else).',
  ],
  curious: [
    '{Hero} was curious about (everything|every little thing)[, with a hundred questions every day].',
    'Because {hero} was curious, {hero} came up with (one more question|the right question), and that made all the difference.',
  ],
  gentle: [
    "{Hero} was so gentle that (butterflies|sparrows) (landed|perched) on {hero}'s hand.",
    'Gentle as ever, {hero} (held out|offered) a (calm|steady) hand, and {challengeThe} (calmed|settled) down at once.',
  ],
  cheerful: [
    '{Hero} was cheerful (even on rainy days|from morning to night).',
    "{Hero}'s cheerful smile (made everyone feel better|spread to every face), even {challengeThe}.",
  ],
  sleepy: [
    '{Hero} was (often|usually) sleepy[ and could nap almost anywhere].',
    'Sleepy or not, {hero} stayed wide awake when it (counted|mattered most).',
  ],
};
export const personalitySetUp = (personality: Personality) => PERSONALITY_LINES[personality][0];
export const personalityPayOff = (personality: Personality) => PERSONALITY_LINES[personality][1];
