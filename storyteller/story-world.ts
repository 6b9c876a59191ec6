import type { CharacterType, Mission, StoryType } from '#common/story-choices.js';

/**
 * What the local writer knows about heroes, places, friends and missions. Every string is a template
 * (see template.ts): `(a|b)` varies it per story, `<simple/rich>` and `[clause]` fit it to the band.
 * Trouble is always gentle: every "monster" turns out to be misunderstood and is helped, never fought.
 */

export type CharacterProfile = Readonly<{
  noun: string;
  /** "an explorer" */
  withArticle: string;
  look: readonly string[];
  /** What goes in the bag when the hero sets off. */
  packs: readonly string[];
  catchphrase: readonly string[];
  /** How the hero's own gift helps at the climax. */
  skill: readonly string[];
  /** How the hero gets everyone past the path's hazard. */
  crossing: readonly string[];
  extras: readonly string[];
}>;

export const CHARACTERS: Record<CharacterType, CharacterProfile> = {
  Explorer: {
    noun: 'explorer',
    withArticle: 'an explorer',
    look: [
      '{Hero} had a <big/well-worn> green backpack[, full of maps, string and snacks,] and a compass that always pointed home<, and {pal} carried the snacks/ to {placeName}>.',
      '{Hero} wore a floppy <hat/explorer hat> and carried a <compass from {placeName}/(shiny|trusty) compass that had never once been wrong>.',
      '{Hero} had sharp eyes that noticed everything[, even the tiniest beetle on a leaf].',
      '{Hero} kept a notebook full of maps<./, each one drawn with a careful pencil.>',
      "In {hero}'s pockets there was always a magnifying glass and a piece of string.",
      '{Hero} could climb any tree and read any map[, and was never lost for long].',
    ],
    packs: ['the rope, the compass and a bag of apples', 'a map, a lantern and some (crackers|raisins)'],
    catchphrase: [
      '"Adventure is out there, and it is waiting for us!" {said} {hero}.',
      '"Every path goes somewhere exciting," {said} {hero}.',
      '"A good explorer packs a snack and a smile, {pal}," {said} {hero}.',
      '"Maps are just stories about places," {hero} told {pal}.',
    ],
    skill: [
      '{Hero} took the rope from the backpack and tied a (strong|careful) knot[, just the way Grandpa had shown them back in {placeName}].',
      '{Hero} checked the compass, (pointed|nodded) and found the <best/safest> way[ across {placeName} for {pal}].',
      '{Hero} spotted a row of flat stones that nobody else had noticed[, and laid a careful plan with {pal}].',
      '{Hero} climbed up the nearest tree for a look around[ and called down to {pal} exactly where to go].',
    ],
    crossing: [
      '{Hero} tied the rope to a tree[ with a knot that would not slip], and {hero} and {pal} crossed one careful step at a time.',
      '{Hero} studied the map and found (stepping stones|a safer way around), and {pal} followed (close|right) behind.',
      '{Hero} tested each step with a long stick[ before trusting it], and {pal} stepped only where the stick had been.',
      '{Hero} found a fallen log that made a perfect little bridge[, and held out a hand to {pal} halfway].',
    ],
    extras: [
      '{Hero} and {pal} (looked through the binoculars|checked the compass again). "This way, {pal}!"',
      '"Explorers always notice the little things, {pal}," {said} {hero}.',
    ],
  },
  'Super Hero': {
    noun: 'super hero',
    withArticle: 'a super hero',
    look: [
      "<{Pal} loved {hero}'s bright red cape with the (star|lightning bolt) on it./{Hero} wore a bright red cape and a (star|lightning bolt) on the chest, and could fly faster than the wind.>",
      '{Hero} had a swishy cape, a (blue|golden) mask and the (kindest|biggest) heart <{pal} had ever known/in town>.',
      '{Hero} had a cape that rippled in the wind and boots that could bounce over houses.',
      'Under the cape, {hero} was just a kind kid with a very big smile.',
      '{Hero} could run faster than a train, but mostly used that speed to help.',
      'Every morning in {placeName}, {hero} polished a badge with a lightning bolt on it.',
    ],
    packs: ['a spare cape, a snack and a (torch|flashlight)', 'a rope, a (whistle|walkie-talkie) and a sandwich'],
    catchphrase: [
      '"Up, up and away, super hero on the way!" {said} {hero}.',
      '"Super powers are for helping," {said} {hero}.',
      '"No job too big, no friend too small!" {said} {hero}[, cape swishing].',
      '"Every hero needs a sidekick, and mine is {pal}," {said} {hero}.',
    ],
    skill: [
      '{Hero} flew up, up, up, cape flapping in the wind[, and swooped down beside {pal} as gently as a feather].',
      '{Hero} lifted a big (log|rock) as easily as a pillow[, using super strength in the gentlest way while {pal} cheered].',
      '{Hero} used super hearing to listen for the quietest sound[, and pointed {pal} straight towards it].',
      '{Hero} zoomed round in a gentle circle[, so fast that the wind tidied everything up for {pal}].',
    ],
    crossing: [
      '{Hero} scooped up {pal} and flew across {hazard}[, cape rippling behind them like a flag].',
      // "Got past", not "crossed", and no bridge to hold steady: a long row of doors or a tangle of bushes is not
      // crossed, and has no bridge (issue 37).
      '{Hero} used super strength to (clear the way|make a safe path|hold everything steady), and they got safely past {hazard}.',
      '{Hero} carried {pal} over {hazard} in one soft, floaty jump[, landing as lightly as a leaf].',
      '{Hero} stretched out both arms like a railing[, and {pal} held on all the way across {hazard}].',
    ],
    extras: [
      "{Hero}'s cape (fluttered|swished) in the breeze, and {pal} (giggled|grinned).",
      '"My super hearing says we are close, {pal}," {said} {hero}.',
    ],
  },
  Creature: {
    noun: 'creature',
    withArticle: 'a creature',
    look: [
      '{Hero} was a fluffy little creature with (soft|velvety) ears<, two tiny wings and a tail {pal} loved to tickle/, a swishy tail and two tiny wings>.',
      '{Hero} was a small, (round|cuddly) creature with a tail that glowed <whenever {pal} came to play/like a lantern when {hero} was happy>.',
      '{Hero} had fur as soft as a cloud and a nose that wiggled at good smells.',
      '{Hero} was no bigger than a teapot, with bright round eyes.',
      '{Hero} could hop higher than anyone in {placeName}.',
      'When {hero} purred, the whole room felt warmer.',
    ],
    packs: ['a berry or two and a cozy scarf', 'a pocket full of seeds and a (shiny pebble|lucky feather)'],
    catchphrase: [
      '"Wiggle your whiskers, here we go!" {said} {hero}.',
      '"A small creature can do a big thing," {said} {hero}.',
      '"Whiskers up, tail high!" {said} {hero}.',
      '"Little paws, big hearts," {hero} told {pal}.',
    ],
    skill: [
      '{Hero} sniffed the air with a clever little nose and followed the (smell|trail)[ right to the spot, with {pal} close behind].',
      "{Hero}'s tail glowed bright[, lighting up every corner of {placeName} like a tiny moon].",
      '{Hero} squeezed into a space far too small for anyone else[ and wriggled out again with a happy squeak for {pal}].',
      '{Hero} listened with both ears[, turning them this way and that until {pal} saw which way to go].',
    ],
    crossing: [
      '{Hero} flapped those tiny wings and hopped across, (then|and then) held out a tail for {pal} to hold.',
      '{Hero} found a little gap[ that only a small creature would notice], and {pal} squeezed through (close|right) behind.',
      '{Hero} scampered along the edge of {hazard}[ where the ground was firm], and {pal} copied every step.',
      '{Hero} hopped onto {pal} and pointed the way[, whispering left, right, left, all the way across {hazard}].',
    ],
    extras: [
      "{Hero}'s ears (twitched|wiggled). {Pal} felt it too: something was nearby.",
      '{Hero} gave a happy little (squeak|purr).',
    ],
  },
  Robot: {
    noun: 'robot',
    withArticle: 'a robot',
    look: [
      '{Hero} was a shiny robot with blinking lights and a curly antenna <that beeped hello to {pal}/that buzzed when an idea arrived>.',
      '{Hero} was a (friendly|helpful) robot with wheels for feet and a screen that <smiled at {pal}/showed a smile to everyone {inPlace}>.',
      '{Hero} had a round, shiny head and two bright lights for eyes.',
      '{Hero} was made of bolts and springs, with a heart full of kindness.',
      '{Hero} hummed quietly while thinking, which was most of the time.',
      "When {hero} laughed, little lights blinked all over {hero}'s tummy.",
    ],
    packs: ['spare batteries, a (wrench|screwdriver) and a bag of bolts', 'a coil of wire, a tool kit and a lamp'],
    catchphrase: [
      '"Beep-boop, {pal}! Adventure mode on!" {said} {hero}.',
      '"Calculating, {pal}. Result: today in {placeName} will be fun!" {said} {hero}.',
      '"Systems happy, {pal}! Friendship level: maximum!" {said} {hero}.',
      '"Beep, beep, {pal}, I have a plan," {said} {hero}.',
    ],
    skill: [
      '{Hero} stretched out a long, bendy robot arm[, further and further, until it reached just the right spot for {pal}].',
      '{Hero}\'s antenna spun. "Scanning," {hero} beeped. "I have found the answer!"',
      '{Hero} switched on a bright torch-light[ in the middle of the robot tummy], and {pal} could see everything.',
      '{Hero} printed out a tiny map[ from a slot in the robot chest] and handed it to {pal}.',
    ],
    crossing: [
      '{Hero} turned into a little bridge of shiny metal, and {pal} walked across[, giggling all the way].',
      '{Hero} scanned every step and (beeped|flashed green) at the safe ones, and {pal} followed (close|right) behind.',
      '{Hero} rolled across {hazard} slowly on rubbery wheels[, and {pal} rode on top, waving].',
      '{Hero} shot out a springy cable to the far side of {hazard}[, and {pal} slid across it, giggling].',
    ],
    extras: ["{Hero}'s lights blinked (blue|green|yellow) at {pal}.", '"Interesting, {pal}, beep!" {said} {hero}.'],
  },
  Warrior: {
    noun: 'warrior',
    withArticle: 'a warrior',
    look: [
      '{Hero} was a kind warrior with a big round shield and a helmet with a (feather|plume) <that {pal} had found/on top, the brightest plume {inPlace}>.',
      '{Hero} was a warrior whose (shiny|golden) shield had a star on it<, painted by {pal}/, and who protected anyone {inPlace} who needed help>.',
      '{Hero} carried a wooden shield and a kind word for everyone.',
      '{Hero} had never once been in a fight[, because kindness always worked better].',
      '{Hero} wore a helmet that was a little too big, and a smile that was just right.',
      'Every day {hero} practised being brave, and being gentle, which is harder.',
    ],
    packs: ['the round shield, a rope and some bread', 'the shield, a water flask and a (honey cake|pear)'],
    catchphrase: [
      '"A true warrior protects, and never hurts," {said} {hero}.',
      '"Shields up, hearts brave!" {said} {hero}.',
      '"A kind word is the best shield, {pal}," {said} {hero}.',
      '"We stand together, {pal}," {said} {hero}.',
    ],
    skill: [
      '{Hero} held up the big round shield like an umbrella[ and stood firm while {pal} and everyone ducked beneath it].',
      '{Hero} set the shield down like a little boat[, and it carried {hero} and {pal} where they needed to go].',
      '{Hero} used the shield as a mirror[ to flash the sunlight into every dark corner for {pal}].',
      '{Hero} banged the shield like a drum[, so everyone nearby knew that {pal} and {hero} had come to help].',
    ],
    crossing: [
      '{Hero} laid the shield across the gap like a bridge, and {hero} and {pal} crossed it one step at a time.',
      '{Hero} held the shield up against the wind, and {pal} walked safely behind it.',
      '{Hero} marched first across {hazard}[, testing the way], and {pal} marched right behind.',
      '{Hero} gave {pal} a ride on the shield like a sledge[, all the way over {hazard}].',
    ],
    extras: [
      "{Hero}'s shield (gleamed|shone) in the light, and {pal} (blinked|squinted).",
      '"I will keep everyone safe, {pal}," {said} {hero}.',
    ],
  },
};

export type World = Readonly<{
  /** The place, named by the story's own {placeName} (facts.ts). */
  place: string;
  /** The place said without its name, as a story says it once the name is known ("the woods"). */
  called: string;
  /** A word the illustrator understands: forest, mountain, ocean, castle, cave, space, city, ranch, garden. */
  key: string;
  /** Where the hero lives; may use {place} and {placeName}. */
  home: string;
  sights: readonly string[];
  sound: string;
}>;

/**
 * `limb`: what the friend holds out or is held by (a parrot's wing, a pony's hoof); `calls`: what the story
 * may call the friend instead of the name, the plainest first ("the parrot", "the chatty parrot").
 */
export type Companion = Readonly<{ kind: string; desc: string; limb: string; calls: readonly string[] }>;

export type Challenge = Readonly<{
  /** The words that tell the challenge in a story the child heard ("troll"; see episodes.ts). */
  key: string;
  /** "a huge, shaggy troll" */
  who: string;
  /** "the troll" */
  the: string;
  sign: string;
  growl: string;
  appear: string;
  reveal: string;
  fix: string;
  thanks: string;
}>;

export type Mentor = Readonly<{ name: string; desc: string; gift: string }>;

export type KindProfile = Readonly<{
  worlds: readonly World[];
  /** Who the companion is (the name comes from facts.ts): "parrot", "a chatty parrot". */
  companions: readonly Companion[];
  challenges: readonly Challenge[];
  hazards: readonly string[];
  mentors: readonly Mentor[];
  /** Lines that fit anywhere in the middle of a story of this kind. */
  extras: readonly string[];
  /** Picnic food that fits the place. */
  snacks: readonly string[];
}>;

export const KINDS: Record<StoryType, KindProfile> = {
  Adventure: {
    worlds: [
      {
        place: 'the {placeName} Woods',
        called: 'the woods',
        key: 'forest',
        home: 'a little house at the edge of {place}',
        sights: [
          'tall trees that hummed in the wind',
          'mushrooms as big as umbrellas',
          'a stream that sparkled like glitter',
        ],
        sound: 'leaves rustled and birds (chirped|sang)',
      },
      {
        place: '{placeName} Mountain',
        called: 'the mountain',
        key: 'mountain',
        home: 'a wooden cabin at the foot of {place}',
        sights: ['snowy peaks', 'goats hopping from rock to rock', 'a meadow full of yellow and purple flowers'],
        sound: 'the wind whistled a (happy|bouncy) tune',
      },
      {
        place: 'the {placeName} Jungle',
        called: 'the jungle',
        key: 'jungle',
        home: 'a treehouse high in {place}',
        sights: ['parrots as bright as paint', 'vines like green ropes', 'a waterfall that made rainbows'],
        sound: 'monkeys chattered and frogs went ribbit',
      },
    ],
    companions: [
      {
        kind: 'parrot',
        desc: 'a chatty parrot',
        limb: 'wing',
        calls: ['the parrot', 'the chatty parrot', 'the little parrot', 'the feathered chatterbox'],
      },
      {
        kind: 'fox',
        desc: 'a little red fox',
        limb: 'paw',
        calls: ['the fox', 'the little fox', 'the red fox', 'the bushy-tailed fox'],
      },
      {
        kind: 'turtle',
        desc: 'a turtle who was surprisingly speedy',
        limb: 'flipper',
        calls: ['the turtle', 'the speedy turtle', 'the little turtle', 'the shell-backed racer'],
      },
      {
        kind: 'monkey',
        desc: 'a monkey with a very long tail',
        limb: 'hand',
        calls: ['the monkey', 'the long-tailed monkey', 'the little monkey', 'the swinging monkey'],
      },
      {
        kind: 'bear',
        desc: 'a bear cub who loved honey',
        limb: 'paw',
        calls: ['the cub', 'the bear cub', 'the honey-loving cub', 'the furry cub'],
      },
      {
        kind: 'bunny',
        desc: 'a bunny with one floppy ear',
        limb: 'paw',
        calls: ['the bunny', 'the floppy-eared bunny', 'the little bunny', 'the fluffy bunny'],
      },
    ],
    challenges: [
      {
        key: 'troll',
        who: 'a huge, shaggy troll',
        the: 'the troll',
        sign: 'giant footprints pressed deep into the mud',
        growl: 'a deep, rumbly (growl|grumble) came from behind the rocks',
        appear: 'A huge, shaggy troll (stomped|lumbered) out onto the path[, as tall as a house].',
        reveal: 'the troll <had a thorn in one big toe/was not cross at all, because a thorn was stuck in one big toe>',
        fix: 'pulled out the thorn, slow and gentle',
        thanks: 'The troll wiggled the toe and laughed a big, rumbly laugh.',
      },
      {
        key: 'brown bear',
        who: 'an enormous brown bear',
        the: 'the bear',
        sign: 'a honey pot, licked clean, lying in the grass',
        growl: 'a loud (snore|snuffle) shook the bushes',
        appear: 'An enormous brown bear was sprawled right across the path[, too big to climb over].',
        reveal: 'the bear was only sleepy[, and the path was the sunniest spot for a nap]',
        fix: 'hummed a soft song and showed the bear a mossy bed in the shade',
        thanks: 'The bear yawned, rolled onto the moss and waved a big, sleepy paw.',
      },
      {
        key: 'crocodile',
        who: 'a grumpy old crocodile',
        the: 'the crocodile',
        sign: 'long, swishy tail marks along the riverbank',
        growl: 'something went SNAP by the water',
        appear: 'A grumpy old crocodile poked its long snout out of the river.',
        reveal: 'the crocodile was grumpy because it had a wobbly tooth',
        fix: 'tied a string to the wobbly tooth and gave the gentlest tug',
        thanks: 'Out popped the tooth, and the crocodile smiled the widest smile in all {placeName}.',
      },
    ],
    hazards: ['a wobbly rope bridge', 'a rushing river with slippery stepping stones', 'a tangle of prickly bushes'],
    mentors: [
      { name: 'Granny Owl', desc: 'the oldest owl in the woods', gift: 'a whistle that sounded like birdsong' },
      { name: 'Old Tortoise', desc: 'who had walked every path twice', gift: 'a map drawn on a leaf' },
    ],
    extras: [
      "A (butterfly|dragonfly) (zipped|fluttered) past {hero}'s nose.",
      '"Listen to the (birds|river|wind)!" {said} {pal}.',
      'The path (twisted|wiggled) (up and down|left and right) like a (ribbon|snake).',
      '"Watch your step, there are roots everywhere," {said} {hero}.',
      '[Sunlight dripped through the leaves and made golden puddles on the path, and the air smelled of pine and adventure.]',
    ],
    snacks: ['berries', 'apples', 'honey sandwiches'],
  },
  Mystery: {
    worlds: [
      {
        place: 'the sleepy town of {placeName}',
        called: 'the sleepy town',
        key: 'city',
        home: 'a crooked little house on {placeName} High Street',
        sights: [
          'a clock tower that chimed every hour',
          'a bakery that smelled of cinnamon',
          'cobbled streets shiny with rain',
        ],
        sound: 'the clock tower went tick, tock, tick',
      },
      {
        place: '{placeName} Island',
        called: 'the island',
        key: 'ocean',
        home: 'a blue cottage beside the old lighthouse on {place}',
        sights: [
          'waves that splashed against the rocks',
          'seagulls lined up like a choir',
          'a spiral staircase that went round and round',
        ],
        sound: 'the waves went swoosh and the gulls went squawk',
      },
      {
        place: 'the {placeName} Museum',
        called: 'the museum',
        key: 'city',
        home: 'a tall house across the road from {place}',
        sights: [
          'a dinosaur skeleton as tall as a tree',
          'glass cases full of glittering stones',
          'paintings of kings, queens and one very grumpy cat',
        ],
        sound: 'footsteps echoed in the great hall',
      },
    ],
    companions: [
      {
        kind: 'cat',
        desc: 'a clever black cat',
        limb: 'paw',
        calls: ['the cat', 'the black cat', 'the clever cat', 'the sleek black cat'],
      },
      {
        kind: 'beagle',
        desc: 'a beagle with a super sniffer',
        limb: 'paw',
        calls: ['the beagle', 'the little beagle', 'the super sniffer', 'the floppy-eared beagle'],
      },
      {
        kind: 'mouse',
        desc: 'a tiny mouse with a tiny magnifying glass',
        limb: 'paw',
        calls: ['the mouse', 'the tiny mouse', 'the little detective', 'the whiskery mouse'],
      },
      {
        kind: 'owl',
        desc: 'a night owl who noticed everything',
        limb: 'wing',
        calls: ['the owl', 'the night owl', 'the wide-eyed owl', 'the feathered lookout'],
      },
      {
        kind: 'hamster',
        desc: 'a hamster with bulging cheeks',
        limb: 'paw',
        calls: ['the hamster', 'the round-cheeked hamster', 'the little hamster', 'the fluffy hamster'],
      },
      {
        kind: 'duck',
        desc: 'a duck in a little raincoat',
        limb: 'wing',
        calls: ['the duck', 'the little duck', 'the duck in the raincoat', 'the webbed-footed duck'],
      },
    ],
    challenges: [
      {
        key: 'white shape',
        who: 'a tall, flapping white shape',
        the: 'the goat',
        sign: 'a trail of hay and one muddy hoof print',
        growl: 'a strange "Maa-aa!" floated through the fog',
        appear: 'A tall, flapping white shape (drifted|wobbled) out of the mist.',
        reveal: 'it was only a goat with a sheet on its horns',
        fix: "gently lifted the sheet off the goat's horns",
        thanks: 'The goat gave a grateful "Maa!" and nibbled the sheet instead.',
      },
      {
        key: 'woodpecker',
        who: 'a mysterious tap-tap-tapper',
        the: 'the woodpecker',
        sign: 'tiny wood shavings sprinkled on the floor',
        growl: 'tap, tap, TAP went something behind the wall',
        appear: 'A small door in the wall creaked open, all by itself.',
        reveal: 'a woodpecker was building a tiny door for a new home',
        fix: 'helped the woodpecker hang the tiny door straight',
        thanks: 'The woodpecker tapped a happy thank-you rhythm.',
      },
      {
        key: 'goose',
        who: 'a giant honking something',
        the: 'the goose',
        sign: 'big webbed footprints and a single grey feather',
        growl: 'a loud HONK bounced off the walls',
        appear: 'Something big and grey came waddling around the corner.',
        reveal: 'it was a lost goose[, looking for the pond where her goslings waited]',
        fix: 'led the goose, step by step, back to the pond',
        thanks: 'The goose honked with joy as her goslings paddled over.',
      },
    ],
    hazards: [
      'a long row of doors that all looked the same',
      'a dusty, twisty staircase',
      'a street so foggy that everything looked grey',
    ],
    mentors: [
      {
        name: 'Detective Hoot',
        desc: 'a wise old owl who had solved a hundred puzzles',
        gift: 'a magnifying glass that never fogged up',
      },
      { name: 'Miss Maple Mouse', desc: 'the town librarian', gift: 'a notebook with a pencil on a string' },
    ],
    extras: [
      '{Hero} spotted a clue: (a muddy paw print|a shiny button|a trail of crumbs|a tiny silver key).',
      '<"Look, {hero}, a clue!" {said} {pal}./"A clue!" {said} {pal}. "What does it mean, {hero}? Is it about {placeName}?">',
      '{Hero} wrote it all down in a little notebook.',
      '"Let\'s think," {said} {hero}. "What do we know so far, {pal}?"',
      '[{Hero} lined the clues up in the notebook, one under the other, and a pattern slowly began to appear.]',
    ],
    snacks: ['cinnamon buns', 'cheese crackers', 'lemon tarts'],
  },
  Magical: {
    worlds: [
      {
        place: 'the {placeName} Garden',
        called: 'the garden',
        key: 'garden',
        home: 'a mushroom cottage in {place}',
        sights: ['flowers that sang in the morning', 'a pond full of silver fish', 'trees with leaves like candy'],
        sound: 'the flowers hummed a (sweet|sleepy) song',
      },
      {
        place: '{placeName} Castle',
        called: 'the castle',
        key: 'castle',
        home: 'a round room at the top of {place}',
        sights: [
          'staircases that moved by themselves',
          'candles that floated in the air',
          'a library where books whispered',
        ],
        sound: 'tiny bells chimed in the towers',
      },
      {
        place: 'the Rainbow Falls of {placeName}',
        called: 'the Rainbow Falls',
        key: 'forest',
        home: 'a cottage made of river stones beside {place}',
        sights: [
          'water that fell in seven colours',
          'butterflies with glowing wings',
          'a pool that glowed like a rainbow',
        ],
        sound: 'the waterfall sang like a choir',
      },
    ],
    companions: [
      {
        kind: 'dragon',
        desc: 'a tiny dragon who sneezed sparkles',
        limb: 'claw',
        calls: ['the dragon', 'the tiny dragon', 'the little dragon', 'the sparkly sneezer'],
      },
      {
        kind: 'fairy',
        desc: 'a fairy with the hiccups',
        limb: 'hand',
        calls: ['the fairy', 'the little fairy', 'the hiccupy fairy', 'the gauzy-winged fairy'],
      },
      {
        kind: 'hedgehog',
        desc: 'a hedgehog who could talk to flowers',
        limb: 'paw',
        calls: ['the hedgehog', 'the prickly hedgehog', 'the little hedgehog', 'the spiky friend'],
      },
      {
        kind: 'unicorn',
        desc: 'a baby unicorn with a rainbow mane',
        limb: 'hoof',
        calls: ['the unicorn', 'the baby unicorn', 'the rainbow-maned unicorn', 'the little unicorn'],
      },
      {
        kind: 'kitten',
        desc: 'a kitten whose whiskers glittered',
        limb: 'paw',
        calls: ['the kitten', 'the little kitten', 'the glittery kitten', 'the fluffy kitten'],
      },
      {
        kind: 'pony',
        desc: 'a pony with starry hooves',
        limb: 'hoof',
        calls: ['the pony', 'the little pony', 'the starry-hoofed pony', 'the shaggy pony'],
      },
    ],
    challenges: [
      {
        key: 'cloud dragon',
        who: 'a grumbling cloud dragon',
        the: 'the cloud dragon',
        sign: 'little puffs of grey cloud floating low over the grass',
        growl: 'a grumble of thunder rolled (across the sky over|over) {placeName}',
        appear:
          'A grey cloud dragon curled down <(beside|next to) {pal}/(from the sky|over {placeName})>[, rumbling and puffing].',
        reveal: 'the cloud dragon had a tummy ache[ from gobbling too many thunderclaps]',
        fix: 'brewed peppermint tea from {placeName} and blew on it until it was just right',
        thanks: 'The cloud dragon sipped, hiccupped a tiny rainbow and purred.',
      },
      {
        key: 'stone giant',
        who: 'a huge stone giant',
        the: 'the giant',
        sign: 'boulders stacked up like building blocks',
        growl: 'the ground went BOOM, BOOM, BOOM',
        appear:
          'A huge stone giant stood up <(right by|close to) {pal}/from the hillside of {placeName}>[, shaking off moss like a blanket].',
        reveal: 'the giant was only lonely[, because nobody ever came to play]',
        fix: 'invited the giant to play hide-and-seek in {placeName}',
        thanks: 'The giant laughed so hard that flowers popped up all around.',
      },
      {
        key: 'vines',
        who: 'a tangle of whispering vines',
        the: 'the vines',
        sign: 'green curly tendrils wrapped around the fence',
        growl: 'a rustly whisper said, "Sssstay away!"',
        appear: 'A tangle of whispering vines wriggled across the path.',
        reveal: 'the vines were all knotted up[ and could not reach the sunshine]',
        fix: 'untied the knots, one by one, and lifted the vines toward the sun< over {placeName}/>',
        thanks: 'The vines burst into a hundred flowers and whispered thank you.',
      },
    ],
    hazards: ['a bridge made of moonbeams', 'a maze of giant talking flowers', 'a river of floating bubbles'],
    mentors: [
      { name: 'Grandma Willow', desc: 'the oldest tree in the garden', gift: 'a glowing acorn' },
      { name: 'the Moon Owl', desc: 'who knew every spell', gift: 'a pocket full of stardust' },
    ],
    extras: [
      'Tiny (lights|sparkles) danced in the air like (fireflies|glitter).',
      '"Magic is (everywhere|all around us) here," whispered {pal}.',
      'A flower (giggled|waved) as they walked by.',
      '"(Shimmer|Glimmer), (shine|sparkle)!" {said} {pal}, and a little rainbow popped up.',
      '[Every leaf seemed to glow from the inside, as if the whole land had swallowed a little piece of the moon.]',
    ],
    snacks: ['fairy cakes', 'moonberry pie', 'honey drops'],
  },
  Epic: {
    worlds: [
      {
        place: 'the Kingdom of {placeName}',
        called: 'the kingdom',
        key: 'castle',
        home: 'a cottage in the shadow of {placeName} Castle',
        sights: [
          'castle towers with flags that snapped in the wind',
          'green hills dotted with sheep',
          'a river that curled like a silver ribbon',
        ],
        sound: 'trumpets sounded from the castle walls',
      },
      {
        place: 'the Crystal Mountains of {placeName}',
        called: 'the Crystal Mountains',
        key: 'cave',
        home: 'a stone house high in {place}',
        sights: ['caves that glittered like jewels', 'eagles circling the peaks', 'a lake as still as glass'],
        sound: 'the wind sang through the crystal caves',
      },
      {
        place: 'the Great Sky Bridge of {placeName}',
        called: 'the Great Sky Bridge',
        key: 'mountain',
        home: 'a village at the foot of {place}',
        sights: [
          'a bridge that stretched from one mountain to the next',
          'clouds drifting far below',
          'a meadow full of golden flowers',
        ],
        sound: 'bells rang out across the valley',
      },
    ],
    companions: [
      {
        kind: 'pony',
        desc: 'a loyal grey pony',
        limb: 'hoof',
        calls: ['the pony', 'the grey pony', 'the loyal pony', 'the sturdy pony'],
      },
      {
        kind: 'owl',
        desc: 'a wise young owl',
        limb: 'wing',
        calls: ['the owl', 'the young owl', 'the wise owl', 'the feathered friend'],
      },
      {
        kind: 'griffin',
        desc: 'a young griffin still learning to fly',
        limb: 'claw',
        calls: ['the griffin', 'the young griffin', 'the little griffin', 'the feathery griffin'],
      },
      {
        kind: 'lion',
        desc: 'a lion cub with a brave little roar',
        limb: 'paw',
        calls: ['the cub', 'the lion cub', 'the little lion', 'the golden cub'],
      },
      {
        kind: 'horse',
        desc: 'a tall horse with a braided mane',
        limb: 'hoof',
        calls: ['the horse', 'the tall horse', 'the braided horse', 'the gentle horse'],
      },
      {
        kind: 'dog',
        desc: 'a shaggy dog who guarded the gate',
        limb: 'paw',
        calls: ['the dog', 'the shaggy dog', 'the faithful dog', 'the old gate-dog'],
      },
    ],
    challenges: [
      {
        key: 'Stone Giant of the pass',
        who: 'the great Stone Giant of the pass',
        the: 'the giant',
        sign: 'rocks piled up to block the mountain pass',
        growl: 'a voice like rolling thunder boomed, "None shall pass!"',
        appear: 'The great Stone Giant rose up <in front of {pal}/and filled the pass>[, taller than any tower].',
        reveal: 'the giant was guarding a nest of tiny birds[ who had not learned to fly]',
        fix: 'helped the giant carry the nest to a safe, sunny ledge',
        thanks: 'The giant bowed low and cleared the path with one sweep of a mighty hand.',
      },
      {
        key: 'mighty dragon',
        who: 'a mighty dragon',
        the: 'the dragon',
        sign: 'scorch marks on the rocks and a single golden scale',
        growl: 'a great ROAR echoed down the valley',
        appear: 'A mighty dragon landed on the bridge (above|over) {placeName}[ with a whoosh of golden wings].',
        reveal: 'the dragon <had lost her egg/was roaring because she had lost her precious egg>',
        fix: 'searched every nook until the speckled egg was found, safe in a soft nest of moss',
        thanks: 'The dragon cradled her egg and hummed a happy, smoky song.',
      },
      {
        key: 'wind spirit',
        who: 'a howling wind spirit',
        the: 'the wind spirit',
        sign: 'flags torn loose and flying away',
        growl: 'the wind began to howl and swirl',
        appear: 'A wind spirit whirled up over {placeName}[, tugging at cloaks and hats].',
        reveal: 'the wind spirit was lonely[ and only wanted someone to sing with]',
        fix: 'sang the oldest song of {placeName}, and the wind joined in',
        thanks: 'The wind spirit settled into a soft breeze and hummed along.',
      },
    ],
    hazards: ['a steep cliff path', 'a tunnel lit only by glowing crystals', 'a frozen lake that creaked underfoot'],
    mentors: [
      {
        name: 'Queen Amaranth',
        desc: 'the wise old queen of the realm',
        gift: 'a silver feather that glowed in the dark',
      },
      { name: 'Master Bramble', desc: "the kingdom's oldest storyteller", gift: 'a horn that could call any friend' },
    ],
    extras: [
      '(Banners|Flags) (fluttered|waved) on the (hilltops|castle towers) far away.',
      '"The old stories (told of|spoke of) this place," {said} {pal}.',
      'The path climbed higher, and the whole kingdom spread out below them.',
      '"Onward!" {said} {hero}, and {pal} cheered.',
      '[Far below, rivers glittered like silver threads stitched across a green and golden quilt.]',
    ],
    snacks: ['oat cakes', 'plum bread', 'apple pies'],
  },
  Space: {
    worlds: [
      {
        place: 'Starbase {placeName}',
        called: 'the starbase',
        key: 'space',
        home: 'a round cabin on {place}, high above the Earth',
        sights: ['the blue Earth turning slowly below', 'windows full of stars', 'rockets lined up like crayons'],
        sound: 'the starbase hummed and beeped',
      },
      {
        place: 'the {placeName} Crater on the Moon',
        called: 'the crater',
        key: 'moon',
        home: 'a bubble house beside {place}',
        sights: [
          'the Earth rising like a big blue marble',
          'footprints that stayed put in the dust',
          'a grey crater as round as a bowl',
        ],
        sound: 'everything was very, very quiet',
      },
      {
        place: 'Planet {placeName}',
        called: 'the planet',
        key: 'space',
        home: 'a dome house on {place}',
        sights: ['three moons in the sky', 'purple trees that bounced', 'a river of sparkly blue water'],
        sound: 'the bouncy trees went boing, boing',
      },
    ],
    companions: [
      {
        kind: 'cat',
        desc: 'a robot cat',
        limb: 'paw',
        calls: ['the robot cat', 'the metal cat', 'the clockwork cat', 'the whirring cat'],
      },
      {
        kind: 'puppy',
        desc: 'a moon puppy with a glowing tail',
        limb: 'paw',
        calls: ['the puppy', 'the moon puppy', 'the glowing pup', 'the little puppy'],
      },
      {
        kind: 'alien',
        desc: 'a friendly alien with three eyes',
        limb: 'hand',
        calls: ['the alien', 'the three-eyed alien', 'the little alien', 'the friendly alien'],
      },
      {
        kind: 'penguin',
        desc: 'a penguin in a silver spacesuit',
        limb: 'flipper',
        calls: ['the penguin', 'the space penguin', 'the little penguin', 'the silver-suited penguin'],
      },
      {
        kind: 'dino',
        desc: 'a tiny space dino with a bubble helmet',
        limb: 'claw',
        calls: ['the dino', 'the space dino', 'the tiny dino', 'the little dinosaur'],
      },
      {
        kind: 'mouse',
        desc: 'a moon mouse who loved cheese',
        limb: 'paw',
        calls: ['the mouse', 'the moon mouse', 'the little mouse', 'the cheese-loving mouse'],
      },
    ],
    challenges: [
      {
        key: 'jellyfish',
        who: 'a giant space jellyfish',
        the: 'the jellyfish',
        sign: 'a trail of glowing bubbles floating past the window',
        growl: 'a low, wobbly hum filled the air',
        appear:
          'A giant space jellyfish floated <(up to|towards) {pal}/out of the dark above {placeName}>[, its long arms glowing].',
        reveal: 'the jellyfish was lost[, and its lights were flickering with worry]',
        fix: 'flashed the rocket lights in a friendly pattern to show the jellyfish the way home',
        thanks: 'The jellyfish glowed pink and gold and waved every one of its arms.',
      },
      {
        key: 'goo',
        who: 'a big blob of wobbly space goo',
        the: 'the goo',
        sign: 'sticky green splodges on the ground',
        growl: 'a loud GLOOP came from the crater',
        appear: 'A big blob of wobbly green goo oozed up out of the crater.',
        reveal: 'the goo was a shy goo-creature[ who only wanted to say hello]',
        fix: 'said hello back, slowly and kindly, and shared a space cookie from {placeName}',
        thanks: 'The goo-creature wobbled with happiness and blew a goo bubble.',
      },
      {
        key: 'asteroid',
        who: 'a grumbly old asteroid',
        the: 'the asteroid',
        sign: 'small rocks zooming past in a hurry',
        growl: 'a rumbly voice grumbled, "Out of my way!"',
        appear: 'A grumbly old asteroid rolled (into view above|past) {placeName}[, covered in bumps and dents].',
        reveal: 'the asteroid was <dizzy/grumpy because it was going round in circles and was very dizzy>',
        fix: 'gave the asteroid a gentle nudge <high over {placeName}/onto a calm, straight course>',
        thanks:
          '"Ahh, much better," said the asteroid, and it stopped spinning over {placeName}. "Thank you, {hero} and {pal}!"',
      },
      {
        key: 'comet',
        who: 'a huge hiccupping comet',
        the: 'the comet',
        sign: 'sparkly hiccup-puffs hanging in the dark',
        growl: 'something went HIC! so loudly that the windows rattled',
        appear: 'A huge comet came hiccupping (past|over) {placeName}[, scattering sparks at every hic].',
        reveal: 'the comet had the hiccups[ and could not fly straight]',
        fix: 'showed the comet how to hold its breath and count to ten',
        thanks: 'The comet let out one last tiny hic, then glowed a happy, steady gold.',
      },
      {
        key: 'moon-cow',
        who: 'a gigantic rumbling moon-cow',
        the: 'the moon-cow',
        sign: 'round hoof prints as big as dinner plates',
        growl: 'a long, low "Moooo!" rolled across the dust',
        appear: 'A gigantic moon-cow with silver spots plodded (into view|over the hill)[, its bell clanging].',
        reveal: 'the moon-cow was homesick[ for the quiet side of the Moon]',
        fix: 'walked beside the moon-cow all the way to the quiet side of the Moon',
        thanks: 'The moon-cow mooed a soft thank-you and lay down in the silver dust.',
      },
      // A sixth: a child who picks space six times in a library of ten met the asteroid twice (issue 37).
      {
        key: 'satellite',
        who: 'a little tumbling satellite',
        the: 'the satellite',
        sign: 'tiny flashes of blue light blinking on and off',
        growl: 'a sad "beep… beep…" drifted down from above',
        appear: 'A little satellite came tumbling (past|by), its solar panels flapping like tired wings.',
        reveal: 'the satellite had lost its way home and could not remember which star it belonged to',
        fix: 'pointed the satellite towards its own bright star and gave it a gentle push',
        thanks: 'The satellite blinked its lights three times, which is how satellites say thank you.',
      },
    ],
    // Six, not three: among the stars only the stars' own hazards fit, and a child who picks space four times in a
    // library of ten heard one twice (issue 37).
    hazards: [
      'a field of bumping space rocks',
      'a slippery ice crater',
      'a tunnel with no gravity at all',
      'a crater full of bouncy moon jelly',
      'a cloud of sticky stardust',
      'a river of slow silver moon-dust',
    ],
    mentors: [
      { name: 'Captain Nova', desc: 'the bravest pilot in the galaxy', gift: 'a pocket star map' },
      { name: 'Professor Orbit', desc: 'who knew every star by name', gift: 'a torch that shone like a tiny sun' },
    ],
    extras: [
      '(Stars|Planets) (twinkled|glowed) all around them.',
      '"Look, a shooting star!" {said} {pal}.',
      'They floated for a moment, light as a feather, because there was hardly any gravity.',
      '"Did you know the Sun is a star?" asked {pal}. "Yes, {pal}, the closest one to us!" {said} {hero}.',
      '[Out here, with no air to carry it, there was no sound at all, only the slow, silent dance of the stars.]',
    ],
    snacks: ['space cookies', 'moon cheese', 'star-shaped crackers'],
  },
};

/** A mission's target, told in the same words whatever the structure. Fields are templates. */
export type MissionTarget = Readonly<{
  kinds: readonly StoryType[] | 'any';
  /** "the baby owl" */
  thing: string;
  /** When the story happened, for an opening that starts with the mission: "the morning a baby owl got stuck…". */
  when: string;
  /** A line of the middle that moves the mission on (a feather, a trail, a clue). */
  clue: string;
  /** The climax's first step of the mission, before it is done. */
  steps: string;
  /** The thing is many ("the runaway ponies are worth it"). */
  plural?: true;
  /** For the title: "the Lost Baby Owl" */
  titled: string;
  /** A clause after "Just then, …" */
  trouble: string;
  worry: string;
  /** After "We will …" */
  goal: string;
  /** After "{hero} and {pal} …" */
  setOff: string;
  /** After "{hero} …", in the past tense. */
  achieve: string;
  success: string;
  /** What the journey shows, when the mission keeps the heroes somewhere special (a maze, a bubble). */
  view?: string;
  /** Ranch stories start and end on a ranch. */
  home?: string;
}>;

export const MISSION_TARGETS: Record<Mission, readonly MissionTarget[]> = {
  Rescue: [
    {
      kinds: ['Adventure', 'Magical', 'Epic'],
      thing: 'the baby owl',
      when: 'the morning a baby owl got stuck at the top of the tallest tree',
      clue: 'A soft grey feather floated down, and {pal} caught it. "The baby owl is this way!"',
      steps: '{Hero} climbed to the lowest branch, then the next one, while {pal} called, "Hold on, little owl!"',
      titled: 'the Lost Baby Owl',
      trouble: 'a tiny "Hoo-hoo!" came from the top of the tallest tree',
      worry: 'A baby owl was stuck on the highest branch[, too little to fly down].',
      goal: 'rescue the baby owl',
      setOff: 'set off toward the tallest tree {inPlace}',
      achieve: 'lifted the baby owl down, safe and sound',
      success: 'the baby owl was snug in its nest over {placeName} again',
    },
    {
      kinds: ['Adventure', 'Mystery', 'Epic'],
      thing: 'the lost lamb',
      when: 'the evening Clover the lamb did not come home',
      clue: '{Pal} found a tuft of white wool caught on a bramble. "Clover came this way!"',
      steps: 'A tiny "Baa!" came from inside a hollow log, so {pal} held the log steady and {hero} peeped in.',
      titled: 'the Lost Lamb',
      trouble: 'Farmer Rosa came running across {placeName}[ with a worried face]',
      worry: 'Her littlest lamb, Clover, had wandered off and had not come home[ for supper].',
      goal: 'find Clover the lamb and bring her home',
      setOff: 'followed a trail of tiny hoof prints into {place}',
      achieve: 'found Clover the lamb and carried her gently home',
      success: 'Clover the lamb was cuddled up with her mother',
    },
    {
      kinds: ['Mystery'],
      thing: "Mrs Pennywhistle's kitten",
      when: 'the day Marmalade the kitten went missing',
      clue: 'Under a lamp post, {pal} spotted a ball of orange wool, half unrolled. "Marmalade loves wool!"',
      steps: '{Hero} shook the box of kitten treats very softly, and {pal} listened for a meow.',
      titled: 'the Missing Kitten',
      trouble: 'Mrs Pennywhistle knocked on the door, holding an empty basket',
      worry: 'Her kitten, Marmalade, had gone missing[, and there was not a single whisker to be seen].',
      goal: 'find Marmalade the kitten',
      setOff: 'searched every street and corner of {place}',
      achieve: 'found Marmalade curled up in a cosy hiding place',
      success: "Marmalade was purring in Mrs Pennywhistle's lap",
    },
    {
      kinds: ['Magical'],
      thing: 'the little unicorn',
      when: 'the day a little unicorn got stuck in the Honey Marsh',
      clue: 'Golden hoof prints glittered on the ground, sticky with honey, and {pal} followed them.',
      steps: '{Hero} laid flat stones across the honey-mud, one by one, and {pal} passed up the next stone each time.',
      titled: 'the Little Unicorn',
      trouble: 'a little unicorn neighed for help from the Honey Marsh',
      worry: 'Its hooves were stuck fast in sticky, golden honey-mud.',
      goal: 'rescue the little unicorn',
      setOff: 'hurried across {place} toward the Honey Marsh',
      achieve: 'helped the little unicorn pull free, hoof by hoof',
      success: 'the little unicorn was prancing on dry grass again',
    },
    {
      kinds: ['Space'],
      thing: 'the baby star-whale',
      when: 'the night a baby star-whale sang for help',
      clue: 'The sad song grew louder on the radio, and {pal} turned the dial until it was clear.',
      steps:
        '{Hero} switched on the little fan of the rocket, and {pal} steered it round the sticky dust, slowly, slowly.',
      titled: 'the Baby Star-Whale',
      trouble: 'a sad, soft song came over the radio',
      worry: 'A baby star-whale was caught in a cloud of sticky space dust[ and could not swim free].',
      goal: 'rescue the baby star-whale',
      setOff: 'zoomed off in their little rocket, away from {place}',
      achieve: 'cleared the space dust away[ so the baby star-whale could swim free]',
      success: 'the baby star-whale was swimming beside its mother again',
    },
    {
      kinds: ['Space'],
      thing: "Captain Zorp's robot puppy",
      when: 'the day Sprocket the robot puppy chased a comet',
      clue: 'A tiny silver bolt floated past the window. "That came off Sprocket\'s collar!" {pal} cried.',
      steps: '{Hero} whistled the three-note tune Captain Zorp always used, and {pal} waved the torch.',
      titled: 'the Runaway Robot Puppy',
      trouble: 'Captain Zorp called, and her voice was wobbly',
      worry: 'Her robot puppy, Sprocket, had chased a comet and gone missing.',
      goal: 'find Sprocket and bring him home',
      setOff: 'followed the faint beep-beep of Sprocket across {place}',
      achieve: 'found Sprocket and gave him a big, gentle hug',
      success: "Sprocket was wagging his metal tail in Captain Zorp's arms",
    },
    {
      kinds: ['Space'],
      thing: 'the little lost satellite',
      when: 'the day a little satellite lost its way',
      clue: 'A faint beep, beep came from behind a moon rock, and {pal} pointed.',
      steps: '{Hero} gave the little satellite a gentle push, and {pal} steered it with a long pole.',
      titled: 'the Little Lost Satellite',
      trouble: 'a little satellite beeped for help from far away',
      worry: 'It had drifted off its path and could not find its way back.',
      goal: 'rescue the little satellite',
      setOff: 'zoomed off across {place} towards the beeping',
      achieve: 'nudged the little satellite back onto its path',
      success: 'the little satellite was beeping happily in its place again',
    },
    {
      kinds: ['Epic'],
      thing: 'the baby griffin',
      when: 'the day a baby griffin tumbled onto a narrow ledge',
      clue: 'A golden feather lay on the path, and {pal} looked up at the cliffs.',
      steps: '{Hero} spoke softly to the baby griffin while {pal} tied a blanket into a snug sling.',
      titled: 'the Baby Griffin',
      trouble: 'a high, thin cry echoed down from the cliffs',
      worry: 'A baby griffin had tumbled onto a narrow ledge[ and did not dare to fly].',
      goal: 'rescue the baby griffin',
      setOff: 'climbed the winding path through {place}',
      achieve: 'carried the baby griffin down[ from the ledge], safe and sound',
      success: 'the baby griffin was back in its nest at the top of the cliff',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the lost duckling',
      when: 'the day a duckling lost its way',
      clue: '{Pal} heard a loud, worried "Quack!" from far away. "That must be the mother duck!"',
      steps: '{Hero} made a little path of crumbs, and the duckling followed it, peep by peep.',
      titled: 'the Lost Duckling',
      trouble: 'a little yellow duckling waddled past, peeping and peeping',
      worry: 'It had lost its mother[, and the pond was far away].',
      goal: 'take the duckling back to its mother',
      setOff: 'walked the duckling back through {place}, slow and careful',
      achieve: 'brought the duckling to the pond, where its mother was waiting',
      success: 'the duckling was paddling after its mother again',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the tiny hedgehog',
      when: 'the day a tiny hedgehog got tangled in a net',
      clue: 'Little squeaks came from under a bush, and {pal} lifted the leaves to look.',
      steps: '{Hero} held the hedgehog very still, and {pal} found the knot that held the net together.',
      titled: 'the Tiny Hedgehog',
      trouble: 'tiny squeaks came from an old garden net by the gate',
      worry: 'A hedgehog was tangled in it, and the more it wriggled, the tighter the net got.',
      goal: 'free the tiny hedgehog',
      setOff: 'hurried across {place} towards the squeaks',
      achieve: 'untangled the net, strand by strand, until the hedgehog was free',
      success: 'the tiny hedgehog was snuffling happily in the leaves',
    },
  ],
  Escape: [
    {
      kinds: ['Adventure', 'Magical'],
      thing: 'the Twisty Maze',
      when: 'the windy day a map blew into the Twisty Maze',
      clue: '{Pal} tied a ribbon at every corner, so they would know where they had been.',
      steps:
        '{Hero} followed the ribbons back, then took the one turn they had not tried, and {pal} counted the steps.',
      titled: 'the Twisty Maze',
      trouble: 'a gust of wind blew their map into the Twisty Maze, and they ran in after it',
      worry: 'Now every hedge looked the same, and they could not find the way out.',
      goal: 'escape from the Twisty Maze',
      setOff: 'began to look for the way out, turn by turn',
      view: 'Over the tall hedges they could see {sight0}, but not the way out.',
      achieve: 'found the very last turn, and out they came',
      success: 'they were out of the maze and back in the sunshine',
    },
    {
      kinds: ['Adventure', 'Epic'],
      thing: 'the Sticky Swamp',
      when: 'the afternoon of the shortcut through the Sticky Swamp',
      clue: '{Pal} found a line of dry tussocks, like little green islands, leading across the mud.',
      steps: '{Hero} hopped from tussock to tussock, and {pal} hopped after, one, two, three.',
      titled: 'the Sticky Swamp',
      trouble: 'they took a shortcut[ out of {placeName}] and landed in the gooey mud of the Sticky Swamp',
      worry: 'Their boots were stuck, and the sun was starting to go down.',
      goal: 'get out of the Sticky Swamp before dark',
      setOff: 'pulled their boots free and squelched toward the far side of {place}',
      achieve: 'stepped onto dry land at last',
      success: 'they were out of the swamp, muddy but happy',
    },
    {
      kinds: ['Mystery'],
      thing: 'the secret room',
      when: 'the day a bookcase swung round with a click',
      clue: '{Pal} noticed that one brick in the wall was cleaner than all the rest.',
      steps: '{Hero} pressed the clean brick and nothing happened, so {pal} pushed it too, harder this time.',
      titled: 'the Secret Room',
      trouble: 'a bookcase swung round with a click, and they were inside a secret room[ under {placeName}]',
      worry: 'The door had shut behind them, and it had no handle on the inside.',
      goal: 'escape from the secret room',
      setOff: 'crept along the secret passage behind the room, looking for clues',
      view: 'Through tiny windows in the wall they could see {sight0}[, so close to {placeName} and yet so far].',
      achieve: 'pressed the right brick, and the bookcase swung open',
      success: 'they were out of the secret room, with a story to tell',
    },
    {
      kinds: ['Magical'],
      thing: 'the giant bubble',
      when: 'the morning a giant bubble carried two friends into the sky',
      clue: '{Pal} blew gently on the bubble wall, and the bubble drifted a little lower.',
      steps: '{Hero} and {pal} blew on the same side, slow and steady, and the bubble sank towards the grass.',
      titled: 'the Giant Bubble',
      trouble: 'a giant bubble floated down, went pop, and then closed around them again',
      worry: 'The bubble was drifting up into the sky[ over {placeName}], higher and higher!',
      goal: 'get down safely from the giant bubble',
      setOff: 'floated high over {place} and looked for a way down',
      view: 'Far below they could see {sight0} and {sight1}[, as small as toys].',
      achieve: 'steered the bubble down[ to a soft landing in the grass]',
      success: 'their feet were back on the ground',
    },
    {
      kinds: ['Epic', 'Mystery'],
      thing: 'the Echo Caves',
      when: 'the day the rocks fell in the Echo Caves',
      clue: '{Pal} called "Hello!" and listened: one echo came back softer than the others.',
      steps: '{Hero} followed the softest echo, and {pal} held the torch up high.',
      plural: true,
      titled: 'the Echo Caves',
      trouble: 'a rockfall closed the cave door behind them, deep inside the Echo Caves[ below {placeName}]',
      worry: 'Every tunnel echoed, and every tunnel looked the same.',
      goal: 'find the way out of the Echo Caves',
      setOff: 'followed the tunnels, listening to every echo',
      view: 'Through cracks in the rock they could see {sight0}[, glowing in the daylight outside].',
      achieve: 'felt a breeze, followed it, and stepped out into daylight',
      success: 'they were out of the caves and under the open sky',
    },
    {
      kinds: ['Space'],
      thing: "the comet's tail",
      when: "the night a little rocket got stuck in a comet's tail",
      clue: 'The screen of the rocket flashed a tiny map, and {pal} found the way home on it.',
      steps: '{Hero} tried the blue button, then the green one, while {pal} held the wheel steady.',
      titled: "the Comet's Tail",
      trouble: 'their little rocket flew too close to a comet and got stuck in its sparkly tail',
      worry: 'The comet was zooming away from {placeName}, faster and faster!',
      goal: "free the rocket from the comet's tail and fly home",
      setOff: 'tried every button and every switch, far away from {place}',
      view: 'Out of the window they could see {sight0}, getting smaller and smaller[ as {placeName} fell away behind them].',
      achieve: 'wiggled the rocket free and turned it toward home',
      success: 'the rocket was free and flying home',
    },
    {
      kinds: ['Space'],
      thing: 'the bouncy moon cave',
      when: 'the day they bounced into a moon cave',
      clue: '{Pal} noticed that the cave walls glowed brighter in one direction.',
      steps: '{Hero} bounced towards the brightest glow, and {pal} bounced right behind.',
      titled: 'the Bouncy Moon Cave',
      trouble: 'they bounced a little too high and landed in a deep moon cave',
      worry: 'The walls were smooth, and the way out was far above them.',
      goal: 'find the way out of the moon cave',
      setOff: 'bounced along the moon cave, looking for a way up',
      view: 'High above they could see {sight0} through a hole in the roof.',
      achieve: 'found a ramp of moon rocks and bounced up and out',
      success: 'they were out of the moon cave and back under the stars',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the Walled Garden',
      when: 'the day the garden gate clicked shut',
      clue: '{Pal} noticed that the ivy on one wall was moving, as if a breeze came through it.',
      steps: '{Hero} pulled the ivy aside, leaf by leaf, and {pal} found an old key under it.',
      titled: 'the Walled Garden',
      trouble: 'they followed a butterfly into the Walled Garden, and the gate clicked shut behind them',
      worry: 'The walls were high and smooth, and the gate had no handle on the inside.',
      goal: 'find a way out of the Walled Garden',
      setOff: 'walked all the way round the Walled Garden, looking for a way out',
      view: 'Over the wall they could see {sight0}[, so near and yet so far].',
      achieve: 'found a little door behind the ivy and stepped out',
      success: 'they were out of the garden and on their way home',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the Whispering Fog',
      when: 'the evening the whispering fog rolled in',
      clue: '{Pal} heard a bell ringing far away: the bell of home!',
      steps: '{Hero} stopped every ten steps to listen, and {pal} pointed towards the bell each time.',
      titled: 'the Whispering Fog',
      trouble: 'a thick, whispering fog rolled in, and they could not see the way home',
      worry: 'Every way looked grey, and every sound seemed far away.',
      goal: 'find the way home through the fog',
      setOff: 'held on to each other and walked slowly into the fog',
      view: 'Now and then the fog opened, and they saw {sight0} for a moment.',
      achieve: 'followed the sound of the bell until the fog grew thin',
      success: 'the fog had lifted and they were safe at home',
    },
  ],
  Treasure: [
    {
      kinds: ['Adventure'],
      thing: 'the Golden Acorn',
      when: 'the day an old map fell out of a library book',
      clue: 'On the back of the map, {pal} found a drawing of three crooked oaks.',
      steps: '{Hero} counted three steps from the third crooked oak, and {pal} brushed the moss away.',
      titled: 'the Golden Acorn',
      trouble: 'an old map fluttered out of a book[, with a big red X] that marked the Golden Acorn',
      worry: 'The legend said the Golden Acorn could make a whole forest grow.',
      goal: 'find the Golden Acorn',
      setOff: 'followed the map deep into {place}',
      achieve: 'found the Golden Acorn, tucked under a mossy stone',
      success: 'the Golden Acorn was planted, and a new little forest began to grow',
    },
    {
      kinds: ['Mystery'],
      thing: 'the missing Moon Medal',
      when: 'the night the Moon Medal vanished from its case',
      clue: 'The second clue was tucked inside a teacup, and {pal} read it out loud.',
      steps: '{Hero} read the last clue twice, and {pal} pointed at the clock tower.',
      titled: 'the Missing Moon Medal',
      trouble: 'the Moon Medal vanished from its glass case, and only a note was left behind',
      worry: 'The note said, "Follow the clues, if you can!"',
      goal: 'solve the clues and find the Moon Medal',
      setOff: 'followed the first clue across {place}',
      achieve: 'found the Moon Medal at the end of the last clue',
      success: 'the Moon Medal was back in its case, shining for everyone',
    },
    {
      kinds: ['Magical'],
      thing: 'the Wishing Pearl',
      when: 'the day a little fish sang about a lost pearl',
      clue: 'The little fish swam ahead, and every bubble it blew pointed the way for {pal}.',
      steps: '{Hero} tickled the sleepy clam very gently, and {pal} hummed until it yawned open.',
      titled: 'the Wishing Pearl',
      trouble: 'a little fish popped out of the pond and sang about the lost Wishing Pearl',
      worry: 'Without the pearl, no wishes could come true in the whole land.',
      goal: 'find the Wishing Pearl',
      setOff: 'followed the little fish across {place}',
      achieve: 'found the Wishing Pearl, glowing inside a sleepy clam',
      success: 'the Wishing Pearl was home, and wishes could come true again',
    },
    {
      kinds: ['Epic'],
      thing: 'the Crown of Sunlight',
      when: 'the winter the old queen told the story of the Crown of Sunlight',
      clue: 'On a stone by the road, {pal} found a tiny carved sun, the sign from the legend.',
      steps: '{Hero} climbed up to the high ledge while {pal} held the rope below.',
      titled: 'the Crown of Sunlight',
      trouble: 'the old queen told them about the Crown of Sunlight[, lost for a hundred years]',
      worry: 'Whoever found it could bring light back to the long winter.',
      goal: 'find the Crown of Sunlight',
      setOff: 'set off across {place} with the legend to guide them',
      achieve: 'found the Crown of Sunlight, shining on a high stone ledge',
      success: 'the Crown of Sunlight was home and spring came back to the land',
    },
    {
      kinds: ['Space'],
      thing: 'the Star Crystal',
      when: 'the night a blinking signal called from far away',
      clue: 'The blinking grew faster and faster, and {pal} knew they were getting close.',
      steps: '{Hero} climbed down into the crater on a long rope, and {pal} shone the lamp.',
      titled: 'the Star Crystal',
      trouble: 'a blinking signal came from far away, calling about the Star Crystal',
      worry: 'The Star Crystal could make a dark planet glow again.',
      goal: 'find the Star Crystal',
      setOff: 'followed the blinking signal away from {place}',
      achieve: 'found the Star Crystal, sparkling at the bottom of a crater',
      success: 'the Star Crystal was home, and the dark planet glowed again',
    },
    {
      kinds: ['Space'],
      thing: 'the Singing Comet Stone',
      when: 'the night a comet sang about a lost stone',
      clue: '{Pal} heard the faint hum of the Singing Comet Stone, getting louder.',
      steps: '{Hero} followed the hum into a little crater, and {pal} dug gently in the silver dust.',
      titled: 'the Singing Comet Stone',
      trouble: 'a passing comet sang about the Singing Comet Stone, hidden somewhere near {placeName}',
      worry: 'Whoever found it would hear the music of the stars.',
      goal: 'find the Singing Comet Stone',
      setOff: "followed the comet's song across {place}",
      achieve: 'found the Singing Comet Stone, humming under the dust',
      success: 'the Singing Comet Stone sang for everyone on the base',
    },
    {
      kinds: 'any',
      thing: 'the Rainbow Gem',
      when: 'the day a riddle about the Rainbow Gem arrived',
      clue: 'Little spots of coloured light danced on the ground, and {pal} followed them.',
      steps: '{Hero} said the riddle out loud once more, and {pal} spotted the answer first.',
      titled: 'the Rainbow Gem',
      trouble:
        '(a bird dropped a tiny scroll at their feet|a paper boat bobbed up with a note inside|a letter slid under the door, sealed with wax), (with a riddle about|telling of) the Rainbow Gem[ of {placeName}]',
      worry:
        '(Nobody had seen the Rainbow Gem for a very long time|The Rainbow Gem had been lost since Grandma was small|Some said the Rainbow Gem was only a story).',
      goal: 'find the Rainbow Gem',
      setOff: '(followed the riddle into|set off with the note across|went searching through) {place}',
      achieve:
        'found the Rainbow Gem, (glittering in a secret nook|tucked under a mossy root|winking from a hollow in the rock)',
      success: 'the Rainbow Gem was shared, and colours danced all over {placeName}',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the lost music box',
      when: 'the week Grandma remembered her music box',
      clue: 'Scratched on a fence post, {pal} found a little musical note, the sign Grandma drew long ago.',
      steps: '{Hero} knocked on every board of the old shed floor, and {pal} listened for the hollow one.',
      titled: 'the Lost Music Box',
      trouble: 'Grandma told them about her music box, lost when she was a little girl',
      worry: 'It played the sweetest tune in the world, and nobody had heard it for years.',
      goal: 'find the lost music box',
      setOff: "followed Grandma's old directions across {place}",
      achieve: 'found the music box under the floor of the old shed, and it still played',
      success: "the music box was playing again on Grandma's shelf",
    },
  ],
  Protect: [
    {
      kinds: ['Adventure', 'Magical'],
      thing: 'the Glow Tree',
      when: 'the night something came towards the Glow Tree',
      clue: 'The leaves of the Glow Tree flickered, and {pal} could tell it was worried.',
      steps: '{Hero} stood in front of the Glow Tree, and {pal} hung a lantern on its lowest branch.',
      titled: 'the Glow Tree',
      trouble: 'a message arrived: {challengeWho} was heading straight for the Glow Tree',
      worry: 'The Glow Tree lit up all of {placeName} at night[, and everyone loved it].',
      goal: 'protect the Glow Tree',
      setOff: 'hurried across {place} to stand beside the Glow Tree',
      achieve: 'kept the Glow Tree of {placeName} safe, every leaf and branch',
      success: 'the Glow Tree shone brighter than ever',
    },
    {
      kinds: ['Mystery', 'Adventure'],
      thing: 'the lighthouse lamp',
      when: 'the stormy evening news came to the lighthouse',
      clue: 'From the top of the hill, {pal} could see the lighthouse blinking, on and off.',
      steps: '{Hero} polished the great lamp until it shone, and {pal} wound the handle round and round.',
      titled: 'the Lighthouse Lamp',
      trouble: 'news came that {challengeWho} was on the way to the lighthouse',
      worry: 'The lighthouse lamp helped every boat find its way home.',
      goal: 'protect the lighthouse lamp',
      setOff: 'raced through {place} to the lighthouse',
      achieve: 'kept the lighthouse lamp shining all night',
      success: 'every boat found its way safely home',
    },
    {
      kinds: ['Magical', 'Epic'],
      thing: 'the Moonflower',
      when: 'the one night a year the Moonflower blooms',
      clue: '{Pal} sniffed the air: the Moonflower smelled of honey and snow.',
      steps: '{Hero} built a little fence of twigs around the Moonflower, and {pal} kept watch.',
      titled: 'the Moonflower',
      trouble: 'the wind whispered that {challengeWho} was coming toward the Moonflower',
      worry: 'The Moonflower[ of {placeName}] bloomed only once a year, on this very night.',
      goal: 'protect the Moonflower',
      setOff: 'hurried through {place} to the hill where the Moonflower grew',
      achieve: 'kept the Moonflower safe until it opened',
      success: 'the Moonflower bloomed, silver and bright',
    },
    {
      kinds: ['Epic'],
      thing: 'the Sunrise Bell',
      when: 'the night the Sunrise Bell nearly fell silent',
      clue: 'A deep "Dong!" rolled over the hills, and {pal} pointed at the bell tower.',
      steps: '{Hero} climbed the tower stairs, all ninety-nine of them, and {pal} counted every one.',
      titled: 'the Sunrise Bell',
      trouble: 'a messenger <came/rode in>: {challengeWho} had been seen near the Sunrise Bell',
      worry: 'Every morning the Sunrise Bell woke the whole kingdom with its song.',
      goal: 'protect the Sunrise Bell',
      setOff: 'set off through {place} toward the bell tower',
      achieve: 'kept the Sunrise Bell safe in its tower',
      success: 'the Sunrise Bell rang out, and the whole kingdom woke up smiling',
    },
    {
      kinds: ['Space'],
      thing: 'the Moon Garden',
      when: 'the day the radar beeped about the Moon Garden',
      clue: 'Tiny green sprouts peeked out of the moon dust, and {pal} knew the garden was near.',
      steps: '{Hero} pulled a clear cover over the Moon Garden, and {pal} fixed every corner down.',
      titled: 'the Moon Garden',
      trouble: 'the radar beeped: {challengeWho} was drifting toward the Moon Garden',
      worry: 'The Moon Garden grew all the food for everyone on the base.',
      goal: 'protect the Moon Garden',
      setOff: 'bounced across {place} to the Moon Garden',
      achieve: 'kept the Moon Garden[ of {placeName}] safe, every leaf and sprout',
      success: 'the Moon Garden was green and growing',
    },
    {
      kinds: ['Space'],
      thing: 'the Star Nursery',
      when: 'the night the baby stars were born',
      clue: '{Pal} saw tiny new stars twinkling like sparks in the distance.',
      steps: '{Hero} spread a soft star-net around the baby stars, and {pal} held its corners.',
      titled: 'the Star Nursery',
      trouble: 'the radio crackled: {challengeWho} was drifting towards the Star Nursery',
      worry: 'The baby stars in the Star Nursery were only a day old.',
      goal: 'protect the Star Nursery',
      setOff: 'flew across {place} to the Star Nursery',
      achieve: 'kept every baby star in the Star Nursery safe',
      success: 'the baby stars twinkled safe and bright',
    },
    {
      kinds: 'any',
      thing: 'the Festival of Lanterns',
      when: 'the week of the Festival of Lanterns',
      clue: 'Paper lanterns hung from every window, and {pal} counted them on the way.',
      steps: '{Hero} lit one lantern after another, and {pal} held the ladder steady.',
      titled: 'the Festival of Lanterns',
      trouble:
        '<{challengeWho} was coming to the {placeName} Festival of Lanterns/they heard that {challengeWho} was on the way to the Festival of Lanterns>',
      worry: 'Everyone had worked all year on their lanterns.',
      goal: 'protect the Festival of Lanterns',
      setOff: 'hurried through {place} to the festival square',
      achieve: 'kept every lantern in {placeName} safe and glowing',
      success: 'the Festival of Lanterns glowed brighter than ever',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the Giant Pumpkin',
      when: 'the night before the Harvest Fair',
      clue: '{Pal} spotted big orange leaves over the fence: the pumpkin patch!',
      steps: '{Hero} covered the Giant Pumpkin with a soft blanket, and {pal} sat on guard beside it.',
      titled: 'the Giant Pumpkin',
      trouble: '{challengeWho} was heading for the Giant Pumpkin, the night before the Harvest Fair',
      worry: 'Everyone had watered that pumpkin all summer long.',
      goal: 'protect the Giant Pumpkin',
      setOff: 'hurried through {place} to the pumpkin patch',
      achieve: 'kept the Giant Pumpkin safe until the sun came up',
      success: 'the Giant Pumpkin won a blue ribbon at the Harvest Fair',
    },
  ],
  Ranch: [
    {
      kinds: ['Adventure', 'Epic', 'Mystery'],
      thing: 'the runaway ponies',
      when: 'the morning the gate at Buttercup Ranch was left open',
      clue: "A pony's ribbon hung on a fence post, and {pal} tucked it away for later.",
      steps: '{Hero} rattled a bucket of oats, and the first pony trotted over, then another, then all of them.',
      plural: true,
      titled: 'the Runaway Ponies',
      home: 'Buttercup Ranch by {placeName}, where the spotty ponies lived',
      trouble: 'the gate was left open, and the ponies trotted all the way to {place}',
      worry: 'The ponies did not know the way home to {placeName}[, and night would come soon].',
      goal: 'bring the runaway ponies home',
      setOff: 'followed the hoof prints all the way to {place}',
      achieve: 'led the ponies home to {placeName} in a long, happy line',
      success: 'every pony was safe in the barn',
    },
    {
      kinds: ['Mystery', 'Adventure'],
      thing: 'the missing goats',
      when: 'the day the naughtiest goats in the land vanished',
      clue: 'A trail of nibbled daisies led over the hill, and {pal} followed it, giggling.',
      steps: '{Hero} opened a bag of crunchy carrots, and {pal} counted the goats as they came.',
      plural: true,
      titled: 'the Missing Goats',
      home: 'Sunnyside Ranch, home of the naughtiest goats in the land',
      trouble: 'the goats had vanished[, leaving only a trail of nibbled flowers] all the way to {place}',
      worry: 'Goats get into all sorts of mischief[ in {placeName}] when nobody is watching!',
      goal: 'find the missing goats and bring them home',
      setOff: 'followed the nibbled flowers to {place}',
      achieve: 'found every goat and led them home',
      success: 'every goat was munching hay at home',
    },
    {
      kinds: ['Magical'],
      thing: 'the baby unicorns',
      when: 'the afternoon the baby unicorns chased a rainbow',
      clue: 'Little sparkly hoof prints shone in the grass, and {pal} followed them.',
      steps: '{Hero} hummed the bedtime song of the ranch, and {pal} waved a ribbon so the babies could see it.',
      plural: true,
      titled: 'the Baby Unicorns',
      home: 'Rainbow Ranch by {placeName}, where baby unicorns grazed',
      trouble: 'the baby unicorns chased a rainbow all the way to {place}',
      worry: 'Baby unicorns cannot find their way home once the rainbow fades.',
      goal: 'bring the baby unicorns home',
      setOff: 'followed the fading rainbow to {place}',
      achieve: 'gathered the baby unicorns and led them home to {placeName}',
      success: 'every baby unicorn was asleep in the meadow',
    },
    {
      kinds: ['Space'],
      thing: 'the space sheep',
      when: 'the day the space sheep floated over the fence',
      clue: 'A puff of white wool drifted past, and {pal} caught it in a net.',
      steps: '{Hero} tied the soft rope into loops, and {pal} slipped a loop over each sheep.',
      plural: true,
      titled: 'the Floating Space Sheep',
      home: 'Comet Creek Ranch, a little ranch on the Moon',
      trouble: 'the space sheep floated over the fence and drifted off toward {place}',
      worry: 'Space sheep are so fluffy that they float away[ over {placeName}] if nobody holds on!',
      goal: 'bring the space sheep home',
      setOff: 'put on their moon boots and bounced after the sheep to {place}',
      achieve: 'gathered the fluffy space sheep with a long, soft rope',
      success: 'every space sheep was tucked safely in the moon barn',
    },
    {
      kinds: ['Space'],
      thing: 'the runaway moon-rabbits',
      when: 'the day the moon-rabbits hopped over the crater wall',
      clue: 'Tiny paw prints dotted the moon dust, and {pal} followed them.',
      steps: '{Hero} held out a bunch of star-carrots, and {pal} counted each moon-rabbit that came.',
      plural: true,
      titled: 'the Runaway Moon-Rabbits',
      home: 'Crater Farm, where the moon-rabbits hopped',
      trouble: 'the moon-rabbits hopped over the crater wall and all the way to {place}',
      worry: 'Moon-rabbits hop so high that they might float off into space!',
      goal: 'bring the moon-rabbits home',
      setOff: 'followed the paw prints across {place}',
      achieve: 'led the moon-rabbits home in a long, bouncy line',
      success: 'every moon-rabbit was snug in its burrow',
    },
    {
      kinds: ['Epic'],
      thing: 'the royal horses',
      when: 'the stormy night before the royal parade',
      clue: 'Deep hoof prints showed in the wet grass, and {pal} followed them to the river.',
      steps: '{Hero} spoke to the horses in a slow, calm voice, and {pal} held out apples.',
      plural: true,
      titled: 'the Royal Horses',
      home: 'Kingsmeadow Ranch, where the royal horses lived',
      trouble: 'a thunderclap scared the royal horses, and they galloped off to {place}',
      worry: 'The royal parade was tomorrow, and the horses were needed.',
      goal: 'bring the royal horses home in time for the parade',
      setOff: 'rode after the horses all the way to {place}',
      achieve: 'calmed the horses and led them home to {placeName}',
      success: 'the royal horses trotted proudly in the parade',
    },
    {
      // On the ground, not among the stars.
      kinds: ['Adventure', 'Mystery', 'Magical', 'Epic'],
      thing: 'the runaway chickens',
      when: 'the morning the chickens squeezed under the fence',
      clue: 'A brown feather, then a white one, then a speckled one lay on the ground, and {pal} picked them all up.',
      steps: '{Hero} clucked softly, just like a mother hen, and {pal} held the gate open wide.',
      plural: true,
      titled: 'the Runaway Chickens',
      home: 'Pebble Farm, where the chickens ruled the yard',
      trouble: 'the chickens squeezed under the fence and scattered all the way to {place}',
      worry: 'Chickens get muddled in the dark, and the sun was already low.',
      goal: 'bring the chickens home',
      setOff: 'followed the feathers all the way to {place}',
      achieve: 'scattered corn in a long line, and the chickens pecked their way home',
      success: 'every chicken was roosting in the henhouse',
    },
  ],
};

/** Friendly riddles for quest stories: the hero answers, the door opens. */
export const RIDDLES: readonly (readonly [question: string, answer: string])[] = [
  ['What has hands but cannot clap?', 'A clock!'],
  ['What gets wetter the more it dries?', 'A towel!'],
  ['What has keys but cannot open a single door?', 'A piano!'],
  ['What has a neck but no head?', 'A bottle!'],
  ['What goes up but never comes down?', 'Your age!'],
  ['What has lots of teeth but cannot bite?', 'A comb!'],
];

/** Band B's light sub-plot: the companion's small wish, opened early and granted at the climax. */
export const WISHES: readonly Readonly<{ wish: string; hint: string; granted: string }>[] = [
  {
    wish: 'to whistle a real tune, not just a squeak',
    hint: '{Pal} tried to whistle again, but only a tiny squeak came out.',
    granted: 'And right then, {pal} whistled a real tune at last, loud and clear, and everyone clapped.',
  },
  {
    wish: 'to find a present for {hero}, something truly special',
    hint: '{Pal} kept peeking at things along the way, looking for the perfect present<./ in all of {placeName}.>',
    granted:
      '{Pal} picked up a (small, shining pebble|speckled blue feather|shell as pink as a sunset) and gave it to {hero}. "The perfect present from {placeName}," {pal} said proudly.',
  },
  {
    wish: 'to be brave enough to go first, just once',
    hint: '{Pal} took a tiny step forward, then a tiny step back again, and looked up at {hero}.',
    granted: 'And this time, {pal} went first across {placeName}, and grinned from ear to ear.',
  },
  {
    wish: 'to make a brand-new friend',
    hint: '"(Do you think anyone would like to be my friend|Would anyone out here want a new friend|How do you make a brand-new friend)?" {pal} asked quietly.',
    granted: '{Pal} and {challengeThe} shook hands, and {pal} had a brand-new friend.',
  },
  {
    wish: 'to see a real shooting star',
    hint: '{Pal} kept glancing up at the sky, just in case.',
    granted: 'Just then a shooting star streaked overhead, and {pal} squealed so loudly that everyone laughed.',
  },
  {
    wish: 'to learn to do a proper cartwheel',
    hint: '{Pal} tried a cartwheel on a soft bit of grass and landed in a heap, giggling.',
    granted: 'Feeling light as a feather, {pal} turned a perfect cartwheel, right there in front of everyone.',
  },
  {
    wish: 'to be the one who finds the way, for once',
    hint: '{Pal} studied every signpost they passed, lips moving, learning the way by heart.',
    granted: '"This way!" {pal} called, and {pal} was right, and {hero} grinned and followed.',
  },
  {
    wish: 'to stay awake until the very end of an adventure',
    hint: '{Pal} gave a huge yawn and pinched one ear to keep awake.',
    granted: 'And {pal} was wide awake for every single moment of it, eyes as round as saucers.',
  },
  // More wishes, so a library of ten hears a friend's wish no more than once or twice (issue 37).
  {
    wish: 'to be thanked by someone for a job well done',
    hint: '{Pal} (tidied|straightened) everything in reach along the way, just in case somebody noticed.',
    granted:
      '"Thank you, {pal}, truly," said {challengeThe}[, bowing low], and {pal} went pink with pride from head to toe.',
  },
  {
    wish: 'to have a real adventure to tell at bedtime',
    hint: '"I must remember this bit," {pal} kept muttering, to nobody in particular.',
    granted: '"Now I have a story to tell at bedtime," {pal} whispered to {hero}, "and it is the best one ever."',
  },
  {
    wish: 'to be given a real job on a real adventure',
    hint: '"Is there anything I can carry?" {pal} asked hopefully, for the third time that {daypart}.',
    granted:
      '"You hold the (lantern|rope|map) on the way home, {pal}," said {hero}, "because nobody does it better." {Pal} stood taller than ever.',
  },
  {
    wish: 'to count all the way to a hundred without one mistake',
    hint: '{Pal} counted (stones|steps|trees) along the way, got muddled somewhere in the forties, and started again.',
    granted:
      'On the way back, {pal} counted every (step|stone), all the way to a hundred, and did not miss a single one.',
  },
  {
    wish: 'to sing a song in front of everyone without going shy',
    hint: '{Pal} hummed a little tune, then stopped and went pink whenever anyone looked round.',
    granted:
      'Right there, {pal} sang the whole song out loud[ for everyone in {placeName}], and did not go pink even once.',
  },
  {
    wish: 'to win a race against {hero}, just once',
    hint: '{Pal} kept hurrying a little way ahead, then looking back with a hopeful grin.',
    granted:
      // Words the richer wording leaves alone: not "sprinted as patiently as a snail".
      'On the last stretch home, {hero} dawdled like a snail on purpose, and {pal} won the race by a whisker.',
  },
];

/**
 * The ways band B opens the friend's wish (it follows: "to whistle a real tune"), so two stories of a library
 * do not open it alike (issue 37).
 */
export const WISH_OPENINGS: readonly string[] = [
  '{Pal} had a secret wish, one nobody {inPlace} knew about:',
  'Deep down, {pal} wished for one thing more than anything:',
  'There was something {pal} had never told anyone, not even {hero}: {pal} longed',
  'What {pal} wanted most of all[ {inPlace}] was',
  'Every night, {pal} made the same wish on the first star that came out:',
];
