import type { NarrativeStructure } from '#common/story-choices.js';

/**
 * The shape of a story. Each narrative structure is seven beats, one paragraph each (split in two when the
 * band's page cannot hold it): setup, call, journey, discovery, obstacle, climax, resolution. A beat's lines are templates (see template.ts); a line
 * given as a list means "one of these". Lines starting with `@` are filled by the writer from the hero,
 * the family's descriptions, the style or the sub-plot, and are left out when there is nothing to say.
 * `extras` are optional lines the writer adds to reach the band's length and dialogue targets.
 */
export type Line =
  | string
  | readonly string[]
  | Readonly<{
      options: readonly string[];
      keepWithNext?: true;
      optional?: true;
      /** The story thread this line sets up (a worry, a gift, a riddle), paid off by a later line. */
      sets?: Thread;
      /** The thread this line pays off; a line for it was written earlier in the story. */
      pays?: Thread;
      /** The line moves the chosen mission on: a clue on the way, a step at the climax. */
      mission?: true;
    }>;

/** The threads a story's plan follows from set-up to pay-off. */
export type Thread =
  | 'trouble'
  | 'hazard'
  | 'challenge'
  | 'fear'
  | 'riddle'
  | 'gift'
  | 'far-from-home'
  | 'wish'
  | 'held'
  | 'loves'
  | 'personality'
  | 'theme'
  | 'errand';

/** A line that colours the page but carries no plot: the writer may drop it to fit the band. */
const maybe = (...options: string[]): Line => ({ options, optional: true });
/** A line that opens a thread. */
const setUp = (sets: Thread, ...options: string[]): Line => ({ options, sets });
/** A line that closes a thread. */
const payOff = (pays: Thread, ...options: string[]): Line => ({ options, pays });
/** A line that moves the chosen mission on, so the mission drives the middle and takes more than a line to do. */
const onMission = (...options: string[]): Line => ({ options, mission: true });

export type BeatName = 'setup' | 'call' | 'journey' | 'discovery' | 'obstacle' | 'climax' | 'resolution';
export type Beat = Readonly<{ name: BeatName; lines: readonly Line[]; extras: readonly string[] }>;

/** When band B's trouble starts: on the story's own day ("Later that drizzly autumn afternoon, …"). */
const THAT_DAY =
  '(That {weather} {daypart}|On that {weather} {daypart}|Later that {weather} {daypart}|Just then, that {weather} {daypart})';

/** The trouble: band A's friend takes it in a word or two, band B's starts on the story's own day. */
const TROUBLE = `<{trouble}, and {pal} (gasped|looked up|jumped)./${THAT_DAY}, {trouble}.>`;

/** Band B's friend cheering the climax's deed on (band A's lines have no room for it). */
const PAL_CHEERS = '(with {pal} cheering|while {pal} whooped with delight|as {pal} danced a happy jig)';

/**
 * The mission done: band A names the friend in a word or two (who did it with the hero, or watched), band B
 * after the deed. `openers` are the line's first words ("At last|And so"); `helper` a band-B clause before it.
 */
const achieved = (openers: string, helper = ''): readonly string[] => [
  `<(${openers}), {hero} and {pal}/(${openers}), ${helper}{hero}> {achieve}[, ${PAL_CHEERS}].`,
  `<{Pal} (cheered|clapped) as {hero}/(${openers}), ${helper}{hero}> {achieve}[, ${PAL_CHEERS}].`,
  `It took {hero} and {pal} one more try, and then {hero} {achieve}<./[, ${PAL_CHEERS}].>`,
  `With {pal} right there beside {hero}, the last part was easy: {hero} {achieve}.`,
  `<Bit by bit,/Bit by bit, and with a steady heart,> {hero} {achieve}[, ${PAL_CHEERS}].`,
  `{Pal} called, "Now, {hero}!" and {hero} {achieve}.`,
];

/** The `@` lines the writer fills itself. */
export const DIRECTIVES = [
  '@opening',
  '@look',
  '@catchphrase',
  '@heroLooks',
  '@heldSetUp',
  '@heldPayOff',
  '@lovesSetUp',
  '@lovesPayOff',
  '@personalitySetUp',
  '@personalityPayOff',
  '@themeSetUp',
  '@themePayOff',
  '@errandSetUp',
  '@errandPayOff',
  '@refrain',
  '@crossing',
  '@hazardWorry',
  '@skill',
  '@subplotIntro',
  '@subplotHint',
  '@subplotGranted',
  '@ending',
] as const;
export type Directive = (typeof DIRECTIVES)[number];

const SETUP: Beat = {
  name: 'setup',
  lines: [
    '@opening',
    '@look',
    '@heroLooks',
    setUp('held', '@heldSetUp'),
    setUp('loves', '@lovesSetUp'),
    setUp('personality', '@personalitySetUp'),
    [
      '{Hero} lived {homeAt}[{seeFromHome}].',
      'Home for {hero} was {homePlace}.',
      'Every morning, {hero} woke up {homeAt}[ and ran to the window to see {sight0}].',
      // Not "Home, for {hero}, was…" beside "Home for {hero} was…": two cards of one library opened alike (issue 37).
      "{Pal} was always welcome at {hero}'s home, {homePlace}.",
      'If you wanted to find {hero}, the place to look was {homePlace}.',
    ],
    [
      "{Hero}'s best friend[ in all of {placeName}] was {pal}, {palDesc}.",
      '{Hero} never went anywhere[ in {placeName}] without {pal}, {palDesc}.',
      'Next door lived {pal}, {palDesc}<./, and the two of them did everything together.>',
      "{Pal}, {palDesc}, had been {hero}'s friend since the very first day[ in {placeName}].",
      'Every day was better with {pal}, {palDesc}[, who always knew when to laugh].',
      '{Hero} shared everything with {pal}, {palDesc}<./: snacks, secrets and umbrellas.>',
      '{Pal}, {palDesc}, came round to play every <day/single morning>.',
      'Nobody laughed like {pal}, {palDesc}<./, and nobody in {placeName} was a better friend to {hero}.>',
      'The best thing about {placeName} was {pal}, {palDesc}.',
      '{Hero} told every secret to {pal}, {palDesc}[, and {pal} kept every one].',
    ],
    maybe(
      '"(Good morning|Hello|Morning), {hero}!" {said} {pal}[(, bright and early as always|, peeking round the door|, with a grin as wide as {place})]. "(What shall we do this {weather} {daypart}[ in {placeName}]|Is a {weather} {daypart} a good day for an adventure[ in {placeName}]|Shall we explore {placeName} today|<Have you had your {snack} yet/Have you tried the {snack} from {placeName} yet>)?"',
      '"(Rise and shine|Wake up|Up you get), {hero}!" {said} {pal}[(, bouncing at the window|, tapping on the glass|, already wide awake)]. "(Something exciting is going to happen in {placeName} today|My {palKind} nose can smell an adventure[ in {placeName}]|The whole of {place} is waiting|I dreamed about {sight0} again)!"',
      '{PalThe} (knocked|tapped) on the door (three times|twice|with a rat-a-tat-tat), which was the secret {placeName} signal for "come and play".',
    ),
    maybe('@catchphrase'),
    '@refrain',
    setUp('theme', '@themeSetUp'),
  ],
  extras: [
    '"(Can we have an adventure today|Is it adventure time yet), {hero}?" asked {palThe}.',
    '{PalThe} did a happy little dance[ right there in the doorway, as {sky}].',
    '"First, breakfast!" laughed {hero}. "(Adventurers|Heroes) need (pancakes|porridge|toast), {pal}."',
    'It was a {weather} {daypart} in {placeName}[, the perfect day for something wonderful].',
    '"I love {weather} days (like this|in {placeName})," {said} {pal}.',
  ],
};

const JOURNEY: Beat = {
  name: 'journey',
  lines: [
    onMission('{Hero} and {pal} {setOff}.'),
    maybe('{view}'),
    onMission('{clue}'),
    maybe('[(All around them|Everywhere), {sound}, and {palThe} (listened|stopped to listen).]'),
    maybe(
      '"<{PlaceName} is (lovely|so pretty)/(Look at that|How beautiful)>!" {said} {pal}[, turning round and round to see all of {placeName}].',
      '{Pal} wanted to stop and look at everything, but {hero} kept them going.',
      'The two friends walked side by side, matching their steps.',
      '{Hero} and {pal} sang a walking song[ that everybody in {placeName} knew by heart].',
      '<{Hero} and {pal} took turns choosing which way to go./{Hero} and {pal} took turns deciding which direction to follow[ at every fork in the path].>',
      '"I spy something (green|round|tall)," said {pal}[, and {hero} guessed it at once].',
    ),
    // Band A's journey is one short page; band B meets a hazard on the way.
    setUp(
      'hazard',
      '[(Soon|Before long|By and by), (deep in|halfway across|on the far side of) {placeName}, they came to {hazard}, and {pal} stopped to think.]',
    ),
    '@hazardWorry',
    payOff('hazard', '@crossing'),
    '@subplotHint',
  ],
  extras: [
    '"(Are we nearly there|How much further)?" asked {pal}. "Not far now, {pal}," {said} {hero}[, pointing at the path ahead].',
    '"I spy something (green|shiny|round) in {placeName}!" {said} {pal}. "Is it a (leaf|pebble|button), {pal}?" guessed {hero}.',
    '{Hero} and {pal} stopped to share some {snack}[ and to rest their tired feet].',
    '{Hero} (hummed|whistled) a (marching|walking) song about {placeName}, and {pal} joined in.',
    '"Stay close, {pal}," {said} {hero}[, looking back over one shoulder]. "(We are a team, you and I|You and I make a good team), {palThe}."',
    '[The path through {placeName} (wound|curled) on and on, and every turn showed {pal} something new.]',
    '[{Hero} and {pal} walked until their shadows grew long that {weather} {daypart}, talking about everything and nothing.]',
  ],
};

const OBSTACLE: Beat = {
  name: 'obstacle',
  lines: [
    setUp(
      'challenge',
      '<(Then {pal} heard it|{Pal} heard it first|{Pal} heard it): /(Suddenly|All at once|Just then), [(somewhere in {placeName}|right beside {pal}|not far from {sight0}), ]>{challengeGrowl}.',
    ),
    '{challengeAppear}',
    {
      // A worry is comforted in the very next line, so it never ends a page.
      keepWithNext: true,
      sets: 'fear',
      options: [
        '{PalThe} (hid|ducked|crept) behind {hero}. "I\'m a (bit|little) scared of {challengeSeen}," {pal} whispered.',
        '{Pal}\'s {palKind} knees (wobbled|shook). "I don\'t like the look of {challengeSeen}," {pal} whispered.',
        '{Pal} (grabbed|clutched|held|tugged) {hero}\'s (arm|sleeve|hand). "What if {challengeSeen} is cross with <(all of {placeName}|everyone in {placeName})/us, {hero}>?" {pal} (whispered|squeaked).',
        '"<(Where can we hide in {placeName}|Should we run back home to {placeName} now)/(Can we hide from {challengeSeen} somewhere in {placeName}|Should we run back home to {placeName} before {challengeSeen} sees us)>?" {pal} (whispered|squeaked|gulped).',
        '{Pal} went very still. "I want to go home," {pal} said in a tiny voice.',
        '{Pal} covered both eyes. "Tell me when {challengeSeen} has gone," {pal} squeaked.',
        '"My tummy feels wobbly," {pal} whispered, and stood very close to {hero}.',
        '{Pal} took one step back, then two. "That is the biggest thing I have ever seen," {pal} gulped.',
        '"I am not very brave today," {pal} whispered, holding on to {hero}.',
        '{Pal} shivered from nose to tail. "What if it does not like visitors from {placeName}?" {pal} asked.',
      ],
    },
    payOff(
      'fear',
      '{Hero} (held|hugged|cuddled) {pal} close. "(We are together, {pal}, and together we are brave|It is all right to be scared, {pal}, we will be brave together|Scared is allowed, {pal}, and so is brave)," {hero} said.',
      '{Hero} (squeezed|held|patted|stroked) {pal}\'s {palLimb}. "(Let\'s take a deep breath together, {pal}|Breathe with me, {pal}|Let\'s breathe slowly, {pal}|Breathe in with me, {pal})," {hero} (said|whispered)[ in a calm, steady voice]. "(In, and out|Slow and steady)<, {pal}/, like the (wind|breeze) {inPlace}>."',
      "{Hero} (knelt|crouched|sat) (beside|next to) {pal}. \"(I'm right here, {pal}|I won't let go, {pal}|I'm with you, {pal}|You're safe with me, {pal}),\" {hero} (said|promised)[, and meant every word of it]. \"(Together we can help {challengeSeen}|We'll face {challengeSeen} together).\"",
      '"(Look|Listen|Wait|Hush), {pal}," {hero} (said|whispered) softly. "{ChallengeSeen} (looks more worried than cross|seems to be in trouble), so (let\'s find out why|maybe we can help)."',
      '{Hero} took {pal} by the {palLimb}. "We will go slowly, and we will go together," {hero} promised.',
      '"Big things can be gentle too, {pal}, so let\'s say hello and see," {hero} said.',
      '{Hero} sang a little humming song, the one {pal} liked best, until the shivers stopped.',
      '"You can stand behind me, {pal}, and I will do the talking," {hero} said.',
      '{Hero} counted to three with {pal}, very slowly, and then asked, "Better now, {pal}?"',
      '"Feeling scared just means you care, {pal}, and that is a good thing," {hero} whispered.',
    ),
    [
      '{PalThe} (took a deep breath|nodded|sniffed and nodded|gave a wobbly smile|wiped both eyes|sat up|let out a long breath) and felt (better|braver|a little bolder|calm|ready)[(, because friends make everything less scary|, the way you do when someone holds your hand|, and the wobbly feeling began to fade)].',
      'Slowly, the shivers left {pal}, and {pal} stood up tall.',
      '{Pal} peeped out and gave a small, brave nod.',
      'Little by little, {pal} stopped shaking[, and even managed a smile].',
      '"I can be brave if you are here, {hero}," {pal} whispered.',
      'The wobbly feeling in {pal} got smaller and smaller until it was gone.',
    ],
    [
      '{Hero} stepped (towards|up to) {challengeSeen} (politely|gently|slowly)[, hands open to show there was nothing to fear]. <"Hello from {placeName},"/"(Hello there|Excuse me), I am {hero} from {placeName},"> {hero} said to {challengeSeen}. "(Are you all right|Can we help|Is something wrong) here {inPlace}?"',
      '<{Hero} and {pal} gave {challengeSeen} a (little|friendly) wave./{Hero} gave {challengeSeen} a (little|friendly) wave, and so did {pal}.> "(What is the matter|Why are you so upset|Do you need a hand) out here {inPlace}?"',
      '(Slowly|Carefully|Quietly|Gently), {hero} (walked|tiptoed|crept|stepped) closer to {challengeSeen}[, keeping a kind, calm face]. "{Pal} and I (are here to help|mean no harm|came to help|are friends)," {hero} said.',
      '"(Good day|Hello there)," {hero} (called|said) <to {challengeSeen}, and {pal} (waved|smiled)/in (a soft|a friendly) voice>. "(My friend {pal} and I would like to help|{Pal} and I are here to help|You look like you could use a friend like {pal})."',
      '{Hero} sat down on a stone in plain sight of {challengeSeen}. "We are not in a hurry," {hero} said. "Tell us what is wrong in {placeName}."',
      'Instead of running away from {challengeSeen}, {hero} waved and said, "Excuse me, you sound sad."',
      '{Hero} held out an open hand to {challengeSeen}. "Hello, what happened to you out here in {placeName}?"',
      '{Hero} bowed politely to {challengeSeen}, and so did {pal}. "Can {pal} and I help you at all?"',
    ],
  ],
  extras: [
    '"(Stay|Keep) close to me, {pal}," {hero} said[, and {pal} held on tight].',
    '{Hero} gave a friendly (smile|wave)[, the kind that says hello in every language], and {palThe} waved too.',
    '"Maybe it needs (help|a friend) in {placeName}," {pal} said (slowly|softly).',
    '"(We come as friends|We are friends), {pal} and I," {hero} said[, as gently as a whisper].',
  ],
};

const RESOLUTION_EXTRAS = [
  '"That was the best {weather} {daypart} ever!" {said} {pal}.',
  '{Hero} and {pal} shared warm (cocoa|honey cake|{snack}) with everyone in {placeName}[, and told the whole story twice].',
  '[The sky over {place} turned (pink|peach), then (gold|amber), then deep blue, and the first stars peeked out to listen to {pal}.]',
  '"Can we go on another adventure tomorrow?" asked {palThe}. {Hero} (laughed|smiled|yawned). "(Of course, {pal}|Maybe the day after, {pal}|Only after breakfast, {pal})!"',
  '"You were so brave," {said} {pal}. "(So were you, {pal}|We were brave together, {pal})," {said} {hero}.',
  'Everyone in {placeName} (danced|sang) until the (stars|moon) came out.',
];

const CLIMAX_EXTRAS = [
  '"(Nearly there|Almost), {hero}!" {said} {palThe}[, hopping from foot to foot].',
  '"Thank you, {hero} and {pal}," said {challengeThe}[ in a much softer voice than before].',
  '"(You did it|We did it)!" {said} {pal}. "Hooray for {placeName}!"',
  '"(Everyone deserves kindness|Kindness always helps), {pal}," {said} {hero}.',
];

/** The mission's own first step comes just before it is done (see MissionTarget.steps). */
const withSteps = (middle: readonly Line[]): Line[] => {
  const done = middle.findIndex((line) => typeof line === 'object' && 'pays' in line && line.pays === 'trouble');
  return done < 0
    ? [...middle, onMission('{steps}')]
    : [...middle.slice(0, done), onMission('{steps}'), ...middle.slice(done)];
};

function climax(middle: readonly Line[]): Beat {
  return {
    name: 'climax',
    lines: [
      payOff(
        'challenge',
        '<(Then|Soon|Now) {pal}/(That was when|Then) {hero} and {pal}> <(saw|knew)/(saw|understood)> the truth: {challengeReveal}.',
        'Up close, {pal} saw the truth: {challengeReveal}.',
        '<{Hero} listened, and heard/{Hero} listened to {challengeSeen}, and soon heard> the truth: {challengeReveal}.',
        'Then {pal} gasped at the truth: {challengeReveal}.',
        '<{Hero} soon found/It did not take {hero} long to find> out the truth: {challengeReveal}.',
      ),
      // Band A says who helps in a few words of its own; band B does it together.
      [
        '{Hero} and {pal} {challengeFix}.',
        "<With {pal}'s help, {hero}/{Hero} and {pal}> {challengeFix}.",
        '<{Pal} helped, and {hero}/{Hero} and {pal}> {challengeFix}.',
        'So, very carefully, {hero} {challengeFix}.',
        '"I know what to do," said {hero}, and {challengeFix}.',
        'Together, the two friends {challengeFix}.',
      ],
      '{challengeThanks}',
      payOff('personality', '@personalityPayOff'),
      payOff('held', '@heldPayOff'),
      ...withSteps(middle),
      maybe('@refrain'),
      maybe(
        '"<(We did it|Hooray|You did it|Yes), {hero}/We did it, {hero}>!" <(cheered|shouted|laughed)/(cheered|shouted)> {palThe}[, and the happy shout echoed all around {place}].',
        '{Pal} did three cartwheels in a row[, and nobody in {placeName} had ever seen {pal} do even one].',
        '{Pal} hugged {hero} so hard that they both fell over[ in a laughing heap].',
        '{Pal} <danced a wiggly dance of joy/performed an exuberant dance of celebration>[ that nobody in {placeName} had ever seen before].',
      ),
      payOff('wish', '@subplotGranted'),
    ],
    extras: CLIMAX_EXTRAS,
  };
}

function resolution(lessons: readonly string[]): Beat {
  return {
    name: 'resolution',
    lines: [
      [
        '<(Soon|Later|That night|By supper|At sunset), {hero} and {pal} (were home again|were back home|got home)./(That evening|When the sun went down|Later that day), {hero} and {pal} were home in {placeName} again.>',
        'To {pal}, the walk home felt much shorter than the walk there.',
        'Home had never looked so cosy to {pal}[ as it did that {weather} evening].',
        'Tired and happy, the two friends came home with the last of the light.',
        'Back home, {pal} kicked off both boots and flopped onto the rug.',
        'The lamps were lit when {hero} and {pal} came through the door.',
      ],
      payOff(
        'trouble',
        '<All {placeName}/Everyone> (cheered|clapped)[ for {hero} and {pal}], because {success}.',
        'The news went round {placeName} in no time: {success}.',
        'Nobody could stop smiling, because {success}.',
        'By bedtime everyone knew that {success}[, and they knew who to thank].',
        'What a day it had been for {placeName}! {Success}.',
      ),
      maybe(
        'Even {challengeThe} came to the {placeName} <party/(party|celebration)>[, wearing the biggest smile of all].',
        'That night there was a party, and {pal} danced with {challengeThe}.',
        '{Pal} saved the biggest slice of cake for {challengeThe}[, who had never been to a party before].',
      ),
      payOff('loves', '@lovesPayOff'),
      payOff('theme', '@themePayOff'),
      payOff('errand', '@errandPayOff'),
      lessons,
      '@refrain',
      '@ending',
    ],
    extras: RESOLUTION_EXTRAS,
  };
}

const CALL_EXTRAS = [
  '"(Will it be far|Will it be hard|Is it a long way)?" asked {pal}. "(Maybe|Perhaps|A little)," {hero} told {pal}. "(But we can do hard things, {pal}|But we will go together, {pal}|But {thing} {thingIs} worth it, {pal})."',
  '{PalThe} (nodded|agreed) right away. <"Across {placeName} we go, {hero}!"/"I\'ll come with you all the way across {placeName}, {hero}!">',
  '"(We have to help|Someone needs us), {pal}!" {said} {hero}[, already reaching for a coat].',
  '[{Hero} looked out of the window at the long road to {place} and felt a flutter of (excitement|nerves|hope).]',
];

/** The call to adventure: its own lines, then the errand and the friend's wish each story may carry along. */
const callBeat = (...lines: Line[]): Beat => ({
  name: 'call',
  lines: [...lines, setUp('errand', '@errandSetUp'), setUp('wish', '@subplotIntro')],
  extras: CALL_EXTRAS,
});

export const STRUCTURES: Record<NarrativeStructure, readonly Beat[]> = {
  // Rescue and Escape: trouble with a "monster", who turns out to need kindness.
  'overcoming-monster': [
    SETUP,
    callBeat(
      TROUBLE,
      setUp('trouble', '{worry}'),
      [
        '"(Oh no|Oh dear|Uh-oh)!" {said} {pal}. "(What can we do about|What should we do about|Who in {placeName} can help us with) {thing}<?/ out here in {placeName}?>"',
        '{Pal} (gasped|looked worried)[ and hopped about]. "(Someone in {placeName} has to do something|We have to do something[ here in {placeName}]) about {thing}!"',
        '{Pal}\'s (eyes went wide|ears drooped|face fell). "(Oh,|Oh dear,) {thing}," {pal} (said|sighed).',
        '{Pal} ran to the window and pressed a nose to the glass. "Poor {thing}!"',
        '"That is not good at all," said {pal}, pacing up and down.',
        '{Pal} stopped eating {snack} mid-bite and asked {hero}, "Did you hear that?"',
      ],
      [
        '{Hero} and {pal} stood up (tall|straight). "We will {goal}, {pal}!"',
        '"Don\'t worry," {hero} told {pal}. "We will {goal}<, {pal}./, {pal}, you will see.>"',
        '<{Hero} (nodded firmly at|smiled at|winked at) {pal}/{Hero} (nodded firmly|rolled up both sleeves|took a big breath)>. "<(Let\'s|We will) {goal}, {pal}/(Come on|Right), {pal}, (let\'s|we will) {goal}>."',
        '"(We can help|We will help), {pal}!" {said} {hero}. "We will {goal}<, {pal}/[ before the sun goes down over {placeName}]>."',
        '{Hero} was already pulling on both boots. "Come on, {pal}. We can {goal}."',
        '"Somebody has to {goal}," said {hero}, "and today that somebody is us."',
        '{Hero} grabbed the bag by the door. "No time to lose, {pal}!"',
      ],
      '[Luckily, {hero} had packed {packs} for the way (across|through) {placeName}, just in case.]',
    ),
    JOURNEY,
    {
      name: 'discovery',
      lines: [
        setUp(
          'challenge',
          '<{Pal} (noticed|found|spotted) something (odd|strange): {challengeSign}./Then, {inPlace}, they (noticed|found) something (odd|strange): {challengeSign}.>',
        ),
        [
          '"(Who|What) made (that|this|those) <in/(out here in|so close to)> {placeName}?" {pal} (whispered|wondered aloud|asked|wondered).',
          '{Pal} looked at it for a long time. "I have never seen anything like it in {placeName}."',
          '"Somebody was here, and not long ago," said {pal}.',
          '{Pal} sniffed at it and sneezed. "Whoever it is, they are close to {placeName}."',
        ],
        [
          "{Hero} (knelt|bent low) by {pal} to look closer. \"(Let's be careful|Let's go slowly|Let's not rush)<, {pal}/>,\" {hero} said[, thinking hard].",
          '<{Hero} and {pal}/{Hero}> (peered|squinted) at the clue[ for a long, quiet moment, as {pal} waited]. "(Something big passed through {placeName}|Whoever came through {placeName} was in a hurry)," {hero} said.',
          '<{Hero} and {pal} (traced|followed) the clue. "(It goes that way, {pal}|It leads towards {sight1})," {hero} said./{Hero} (traced|followed) the clue with one finger. "(It goes that way|It leads towards {sight1})," {hero} said, pointing.>',
          '{Hero} drew a quick picture of it, to remember. "We will find out," {hero} said.',
          '"We should tell someone," said {hero}. "But first, let\'s see where it goes."',
        ],
        maybe(
          '["(Whoever it is|Whatever it is), it must be (very big|quite big)," {pal} said, eyes wide.]',
          '[{Pal} stood on tiptoe to measure it and concluded that whoever made it was (bigger than a bathtub|taller than a doorway).]',
          '[{Pal} counted the steps between the marks and whistled at such a long stride.]',
          '[{Pal} wondered aloud whether whoever made it was friendly, and {hero} said they would soon discover the answer.]',
          '[{Pal} sniffed the air. "Whoever came this way had berries for breakfast," {pal} said, and they both giggled.]',
          '["I hope whoever made this likes visitors," {pal} said in a very small voice.]',
        ),
      ],
      extras: [
        '"(Maybe it is friendly|Maybe it is lost)," {said} {hero}.',
        '<{Hero} and {pal}/{Hero}> (listened|looked) (carefully|closely)[, the way good heroes do].',
        '"Let\'s follow the (tracks|trail), {pal}," {said} {hero}.',
      ],
    },
    OBSTACLE,
    climax([
      // Back to the mission the call set up, so its rescue never comes out of nowhere.
      [
        '"Now, let\'s {goal}!" {said} {pal}.',
        '"We still have to {goal}," {pal} reminded {hero}.',
        '{Pal} tugged at {hero}. "We still have a mission in {placeName}, remember?"',
      ],
      '@skill',
      payOff('trouble', ...achieved('At last|And so', '[with the help of {challengeThe}, ]')),
    ]),
    resolution([
      '"Being kind is the bravest thing of all<, {pal}/>," {said} {hero}[(, and {pal} nodded| as the stars came out)].',
      '"Sometimes the biggest troubles just need a friend<, {pal}/>," {said} {hero}[(, looking at {challengeThe}| with a yawn)].',
      '"(Even|Sometimes even) {challengeThe} just needed (a friend|someone to listen)," {said} {pal}[ sleepily].',
      '{Pal} yawned. "I am glad we did not run away from {challengeThe}."',
      '"Things look less scary when you say hello," {hero} said, and {pal} agreed.',
    ]),
  ],

  // Treasure: a map, trials, a riddle, and a treasure worth sharing.
  quest: [
    SETUP,
    callBeat(
      TROUBLE,
      setUp('trouble', '{worry}'),
      [
        '"A treasure hunt!" {said} {pal}, (bouncing|jumping) up and down.',
        '{Pal} could hardly keep still. "A real treasure? Here?"',
        '"I always knew there was something hidden round here," said {pal}.',
        '{Pal} did a little spin. "Treasure in {placeName}, treasure for everyone!"',
      ],
      [
        '{Hero} smiled at {pal}. "Let\'s {goal}<, {pal}/, wherever in {placeName} it is hiding>!"',
        '"Then let\'s {goal}," said {hero}, "before anyone else does."',
        '{Hero} rolled up the paper and tucked it away. "We start right now."',
      ],
      '[{Hero} packed {packs}, and folded the map of {placeName} carefully into a pocket.]',
    ),
    JOURNEY,
    {
      name: 'discovery',
      lines: [
        [
          '<At the end of the path, {pal} found a (big|tall|round) door with words carved on it./At the end of the path stood a (big|tall|round) door with words carved on it, the oldest door in {placeName}.>',
          'Then the way through {placeName} was blocked by a stone gate with a riddle written across it.',
          'A little wooden sign stood in front of a locked gate, with a question painted on it.',
          'Somebody had carved a question into a big flat rock, right where the path ended.',
        ],
        setUp('riddle', '"{riddleQuestion}" read {pal}.', '{Pal} read the words out loud: "{riddleQuestion}"'),
        '[The door would only open for the right answer, and there was no other way to {thing} in all of {placeName}.]',
        payOff(
          'riddle',
          '{Hero} and {pal} (thought and thought|thought very hard|closed their eyes to think). Then {hero} (smiled|laughed|grinned)< at {pal}/[ at {pal}]>. "{riddleSaid}"',
          // More voices for the answer, so two quests of a library do not solve their riddles alike (issue 37).
          '{Pal} was still puzzling over it when {hero} (laughed|clapped)[ out loud, making the birds of {placeName} flutter]. "{riddleSaid}"',
          '"Oh, I know this one!" cried {hero}[, bouncing on both feet]. "The answer is {riddleAnswer}."',
          '{Hero} read the riddle again, very slowly, word by word. <Then {hero} knew./All at once, the answer popped up like toast.> "{riddleSaid}"',
        ),
        [
          'With a (happy|cheerful) creak, the door swung open, and {pal} (cheered|clapped).',
          'With a click, the way into the rest of {placeName} swung open.',
          'Something went clunk, and the gate slid to one side all by itself.',
        ],
        maybe('"You are so clever!" {said} {pal}[, clapping with delight].'),
      ],
      extras: [
        '"Can you guess the answer too?" {said} {pal}.',
        '"Riddles are like (puzzles|treasure maps) for your brain," {said} {hero}.',
      ],
    },
    OBSTACLE,
    climax([
      '@skill',
      payOff('trouble', ...achieved('At last|At long last|Just like that')),
      '[It was (more beautiful|shinier) than anyone {inPlace} had ever (imagined|dreamed).]',
      '"It is too (special|wonderful|precious) to keep just for us, {pal}," {said} {hero}. "<(Let\'s share it with {placeName}|It belongs to all of {placeName}|Everyone {inPlace} should see it)/(Let\'s share it with all of {placeName}|It belongs to everyone in {placeName}|Everyone {inPlace} should see it)>."',
    ]),
    resolution([
      '"The best treasure is the kind you share<, {pal}/>," {said} {hero}[(, and {pal} nodded| with a contented sigh)].',
      '"Friends are the real treasure<, {pal}/>," {said} {hero}, and {pal} (agreed|nodded|grinned).',
      '"(Shared|Shared with friends), it shines twice as bright," {said} {pal}[, admiring {thing}].',
      'That night {pal} dreamed of riddles, and {hero} dreamed of the next map.',
    ]),
  ],

  // Protect: a hero who feels too small, a mentor's gift, and courage found inside.
  'heros-journey': [
    SETUP,
    callBeat(
      TROUBLE,
      setUp('trouble', '{worry}'),
      [
        '{Hero} felt <(tiny|very small) in {placeName}. "Can I really {goal}, {pal}?"/(very small|smaller than a button|as small as a pebble) in all of {placeName}. "Can I really {goal}?" {hero} (asked|whispered to) {pal}.>',
        '"But I am only little," {hero} said. "How can someone little {goal}?"',
        '{Hero} looked down at two small feet and wondered if they were big enough for this.',
        '"What if I am not enough, {pal}?" {hero} asked in a quiet voice.',
      ],
      [
        '"(You can|Of course you can|I know you can)," {said} {pal}. "<(I will help you in {placeName}|I will be right beside you in {placeName})/(And I will help you|And I will be right beside you), all the way to {thing} and back to {placeName}>."',
        '{Pal} gave {hero} a nudge. "Little is not the same as not enough."',
        '"We will find out together," {pal} said, and held out a {palLimb}.',
        '"Whatever happens, I am coming too," said {pal}.',
      ],
      '[{Hero} packed {packs}, took a deep breath and stepped out into {placeName}.]',
    ),
    JOURNEY,
    {
      name: 'discovery',
      lines: [
        [
          'On the way (across|through) {placeName}, they met {mentorName}<./, {mentorDesc}.>',
          'Sitting by the side of the road was {mentorName}<./, {mentorDesc}.>',
          '{MentorName} was waiting for them at the crossroads, as if expecting them.',
          'Halfway (across|through) {placeName}, {hero} and {pal} found {mentorName} resting on a (log|stone)<./, {mentorDesc}.>',
          'A kind voice called out from the path, and there was {mentorName}<./, {mentorDesc}.>',
          '{MentorName} peered at {hero} and {pal}[ over a pair of tiny spectacles] and said, "Well, well, well."',
        ],
        [
          '"I am not sure I am (brave|strong|big) enough<, {pal}/[ to {goal}]>," {hero} (admitted|said quietly|confessed).',
          '{Hero} told {mentorName} everything, even the scared part.',
          '"My knees are wobbly," {hero} said. "Is that all right?"',
          '{Hero} asked {mentorName} what would happen if it all went wrong.',
          '{Hero} sat down next to {mentorName} and said, "I feel a bit shaky inside."',
          '"Everyone says I am too little for this," {hero} told {mentorName}.',
        ],
        [
          '"Being brave is not the same as never being scared," {said} {mentorName}<, and {pal} nodded/ to {hero} and {pal}>. "(Brave is doing the kind thing anyway<, with {pal} beside you/, here in {placeName} or anywhere>|For you and {pal}, brave is one small step, then another|Even the bravest hearts in {placeName} wobble sometimes)."',
          '{MentorName} gave a kind (smile|chuckle). "Shaky knees are how courage starts, {hero}[, in {placeName} and everywhere else]."',
          '"I will tell you a secret: <I get scared too/when I was small, I was scared of the dark corners of {placeName} too>," {said} {mentorName}.',
          '"Scared and brave can walk together, just like you and {pal}," {said} {mentorName}.',
          '{MentorName} patted {hero} on the shoulder and said that little steps still get you there[, all the way across {placeName}].',
          '"When I was your age, my knees shook too," {said} {mentorName}[ with a soft laugh].',
        ],
        setUp(
          'gift',
          '{MentorName} gave {hero} {mentorGift}< from {placeName}/[ for the road (across|through) {placeName}]>. "<(Use it when you need it most|It will help you when the time comes|Keep it close, and be brave|Hold it tight when you feel small)/(Use it when you need it most|It will help you when the time comes)>, {hero}<,/, wherever {placeName} takes you,>" {said} {mentorName}.',
          '{MentorName} pressed {mentorGift} into {hero}\'s hands. "(You will know when|Save it for the hardest part)," {said} {mentorName}[ with a wink].',
          '"Take this with you," {said} {mentorName}, and out came {mentorGift}[ from a deep, deep pocket].',
          '{MentorName} (rummaged|dug) in a bag and found {mentorGift} for {hero} and {pal}[ to take on the road ahead].',
        ),
        maybe(
          '"Thank you," {hero} said, and felt a little taller[, as if the gift from {placeName} had brought its own courage].',
          '{Hero} tucked {mentorGift} away (safely|carefully)[, where {pal} could reach it in a hurry].',
          '"(I will look after it|I will use it well)," {hero} promised {mentorName}.',
        ),
      ],
      extras: [
        '"(Good luck|Go well), little one," {said} {mentorName}.',
        '{Hero} held the gift (tight|close) and smiled.',
      ],
    },
    OBSTACLE,
    climax([
      payOff(
        'gift',
        '<{Hero} remembered the gift and held it up for {pal}./{Hero} remembered the gift from {mentorName} and held it up high[ for {pal} to see].>',
        'Just when it was needed most, {hero} took out {mentorGift}.',
        '"The present!" cried {pal}, and {hero} pulled out {mentorGift}.',
        'Then {hero} thought of {mentorName}, and of {mentorGift}, safe in a pocket.',
      ),
      '@skill',
      payOff('trouble', ...achieved('At last|And so')),
      [
        '{Hero} did not feel <(small|tiny) (with {pal} there|in {placeName} now)/(small|like a pebble|like a button) (with {pal} there|with {pal} close by|in {placeName} any more)>.',
        'Somehow {hero} felt as tall as a tree.',
        '{Pal} looked at {hero} in wonder, because {hero} had not been little at all.',
        'Being small had not mattered one bit to {hero}.',
      ],
    ]),
    resolution([
      '{Hero} had learned that even a small hero can (do a big thing|{goal})< with {pal}/[, with a friend like {pal} and a kind heart]>.',
      '"I was braver than I knew<, {pal}/>," {said} {hero}[(, and {pal} grinned| to {pal})].',
      '"(Small|Little) hearts can be (very|the most) brave," {pal} (said|whispered)[, snuggling close].',
      'Before sleep, {hero} put {mentorGift} on the windowsill, where it could see the stars.',
    ]),
  ],

  // Ranch: off to a strange land, wonders and trouble, and home again, wiser.
  'voyage-return': [
    SETUP,
    callBeat(
      TROUBLE,
      setUp('trouble', '{worry}'),
      [
        '"(Oh no|Oh my), where did {they} go?" {said} {pal}.',
        '{Pal} looked left and right. "{They} could be anywhere in {placeName} by now!"',
        '"We had better hurry, {hero}," said {pal}, already at the gate.',
        '{Pal} counted the empty places twice, just in case.',
      ],
      [
        '{Hero} pulled on a (hat|pair of boots|warm scarf|raincoat)<, and so did {pal}/>. "(We will {goal}|Let\'s {goal}), {pal}!"',
        '{Hero} filled a bag with snacks and a whistle. "Let\'s {goal}."',
        '"Nobody gets left behind," said {hero}. "Not ever."',
      ],
      '[{Hero} had never been so far from {placeName} before, but a good friend was coming too.]',
    ),
    {
      ...JOURNEY,
      extras: [...JOURNEY.extras, '"Everything here is so (different|new)!" {said} {pal}.'],
    },
    {
      name: 'discovery',
      lines: [
        [
          '<There {pal} found {thing}, having a wonderful time!/And there, having a wonderful time beside {sight2}, they found {thing}!>',
          'Round the very next corner, there they were: {thing}, as happy as anything.',
          '{Pal} heard {them} before seeing {them}, and there {thingWas} {thing}, not lost at all.',
          'And what did they find beside {sight2}? {Thing}, of course!',
        ],
        [
          '"(Found you|There you are)!" (laughed|cried) {pal}.',
          '{Pal} laughed so hard that {pal} had to sit down.',
          '"You gave us such a fright!" said {pal}.',
        ],
        maybe(
          '{Hero} {counted} (carefully|slowly) (with|beside) {pal}[, once and then twice, just to be sure]. "{allHere}, {pal}!"',
          '"{allSafe}, {pal}!" {hero} {countedAll} with {pal}[, pointing (at each one in turn|to be sure)].',
        ),
        setUp(
          'far-from-home',
          'But the day was (nearly over|getting late|slipping away), and <{pal} missed home/{pal} sighed that home was (far away|a long way off|miles behind them)>.',
          'The sun was (sinking|dipping low) over {place}, and <{pal} missed home/{pal} sighed that home was (far away|a long way off)>.',
          'Long shadows stretched across the grass, and {pal} began to think of supper.',
          '{Pal} yawned a great big yawn. Home felt very far away now.',
        ),
      ],
      extras: [
        '"Just five more minutes of fun?" asked {pal}.',
        '"(What a place|Home will seem so quiet after this)!" {said} {pal}.',
      ],
    },
    OBSTACLE,
    climax([
      payOff(
        'far-from-home',
        '"(Time to go home|Home we go|Follow me, everyone)<, {pal}/>," {said} {hero}[(, pointing the way home to {placeName}| with a wave to {pal})].',
        '<{Hero} and {pal}/{Hero}> (whistled|called) to gather everyone. "(Home time, {pal}|Follow me home, everyone, and stay close to {pal})!"',
        '{Hero} turned towards home and waved everyone into a line.',
        '"This way home," said {hero}, and took the lead.',
      ),
      '@skill',
      payOff('trouble', ...achieved('At last|And so')),
    ]),
    resolution([
      '"Adventures are fun, but home is the best place of all<, {pal}/>," {said} {hero}[(, and {pal} agreed| with a yawn)].',
      '"The world is big and wonderful, and so is home<, {pal}/>," {said} {hero}[, looking out towards {place}].',
      '"(There is no place like home|Home is where my friends are)," {pal} (sighed|said) happily.',
      'That night, every single one of them was fast asleep before the moon came up.',
    ]),
  ],
};

/** The chosen writing style's voice in the local writer: how it opens, repeats, closes and speaks. */
export type StyleFlavour = Readonly<{
  opening: readonly string[];
  /** Said once near the start, at the climax and at the end: the style's patterning. */
  refrain: readonly string[];
  ending: readonly string[];
  said: readonly string[];
  extras: readonly string[];
}>;

/**
 * Openings a card may show side by side in a library: each opens its own way, and those that start with the
 * mission ({when}) open as differently as the missions do.
 */
const OPENINGS = [
  '(Once upon a time in {placeName}|Once, on a {weather} {daypart}|Once, not far from {place}), there lived {aType} named {hero}.',
  'This is the story of <{hero}, {aType} from {placeName}/{aType} named {hero}[(, who lived not far from {place}|, and of one {weather} {daypart} in {placeName})]>.',
  '(Near|Not far from|On the edge of) {place} there lived {aType} named {hero}.',
  // Band A's early readers get these in two short sentences.
  '<{Hero} is {aType}. Everyone in {placeName} remembers {when}./Everyone in {placeName} remembers {when}, and {aType} named {hero}.>',
  '<This is {hero}, {aType}. And this is {when}./Here is a story about {aType} named {hero}, and {when}.>',
  'Meet {hero}, {aType} from {placeName}.',
  'Have you ever met {aType} named {hero}, from {placeName}?',
  'Nobody in {placeName} was quite like {hero}, {aType}[ with a heart as big as the sky].',
  '{Hero} was {aType} who lived {inPlace}[, and this is what happened {when}].',
  'If you ever go to {place}, ask about {aType} named {hero}.',
  // More voices than a library has cards (issue 37): no two of a child's ten need open alike.
  '<Once there was {aType} named {hero}./Once there was {aType} named {hero}, and this is the story of {when}.>',
  '<Our story begins in {placeName}, with {hero}./Our story begins in {placeName}, with {aType} named {hero}[ and one {weather} {daypart}].>',
  'Every story needs a hero, and this one has {hero}, {aType}[ from {placeName}].',
  'Long ago, or maybe only last week, {aType} named {hero} lived in {placeName}.',
  'Way over in {placeName} lived {aType} called {hero}.',
];

/** Endings any voice may close on, besides its own. */
const ENDINGS = [
  '"Goodnight, {pal}," whispered {hero}. "Goodnight, {hero}," whispered {pal}.',
  'And if you visit {placeName} today, they still talk about it.',
  '{Hero} turned out the light, smiling, and {pal} was already dreaming.',
  'That was the end of the day, but not the end of {hero} and {pal}.',
];

const DEFAULT_FLAVOUR: StyleFlavour = {
  opening: OPENINGS,
  refrain: [],
  ending: [
    'And that night, <{hero} and {pal} fell asleep with big smiles/{hero} fell asleep with a great big smile[, dreaming of {place}]>.',
    'And {hero} could hardly wait for the next adventure with {pal}.',
    'And {pal} and {hero} (slept|snored) (soundly|happily) until morning.',
    ...ENDINGS,
  ],
  said: ['said', 'called', 'laughed'],
  extras: [],
};

export const STYLE_FLAVOURS: Readonly<Record<string, StyleFlavour>> = {
  'playful-rhyme': {
    opening: ['Once, on a bright and bouncy day, there lived {aType} named {hero}.', ...OPENINGS],
    refrain: [
      '"Hop and skip and zoom, zoom, zoom, we can do it, make some room!" sang {hero} and {pal}.',
      '"Wiggle, giggle, one, two, three, friends are brave as brave can be!" sang {hero} and {pal}.',
      '"Bounce up high and touch the sky, we can do it if we try!" sang {hero} and {pal}.',
    ],
    ending: [
      'And {hero} and {pal} giggled all the way to bed[, and (giggled|hiccupped) a little more under the covers].',
      'And that, from top to toe, is how the {placeName} story goes!',
      'And {pal} and {hero} (hopped|bounced) home to bed, (one, two, three|clip, clop, clee)!',
      ...ENDINGS,
    ],
    said: ['said', 'giggled', 'sang', 'laughed', 'called'],
    extras: [
      '{Pal} went (boing|whoosh|pop), and off they (hopped|bounced|zoomed)[ across {placeName}].',
      '"Hip, hip, hooray, what a day!" {said} {pal}.',
    ],
  },
  'cozy-bedtime': {
    opening: ['Once upon a quiet time, there lived {aType} named {hero}.', ...OPENINGS],
    refrain: ['"Hush now, little star, we are safe wherever we are," {hero} hummed softly.'],
    ending: [
      'Then {hero} and {pal} snuggled under a (soft, warm|cosy patchwork|fluffy) blanket and fell fast asleep.',
      'Then {hero} snuggled up (with|beside|next to) {pal} and fell fast asleep.',
      '{Pal} and {hero} drifted off to sleep as the stars came out<, one by one/ over {place}, one by one>.',
      ...ENDINGS,
    ],
    said: ['said', 'whispered', 'murmured'],
    extras: [
      'A soft breeze (hummed|sighed) through the (trees|grass).',
      '<{Pal} felt (calm|snug) and (warm|cozy)./Everything was (calm|quiet) and (warm|cozy).>',
    ],
  },
  'brave-adventure': {
    opening: OPENINGS,
    refrain: ['"Brave hearts, big steps!" {hero} and {pal} cheered together.'],
    ending: [
      '<Next morning, {hero} and {pal} were ready for more./And the very next morning, {hero} was ready for a brand-new adventure with {pal}.>',
      'And {hero} fell asleep dreaming of the next big adventure<, with {pal}/[ beyond {place}]>.',
      '"Same time tomorrow?" (yawned|asked) {pal}. "(Same time tomorrow|Definitely)," (smiled|said) {hero}.',
      ...ENDINGS,
    ],
    said: ['said', 'called', 'cheered'],
    extras: [
      '{Hero} and {pal} (leaped|jumped) over a (log|puddle) with a (whoosh|splash).',
      '"Nothing can stop us (now|today)!" {said} {pal}.',
    ],
  },
  'mystery-clues': {
    opening: OPENINGS,
    refrain: ['"Clue by clue, we will find what is true!" {said} {hero}.'],
    ending: [
      'And {hero} closed the notebook with a happy snap while {pal} cheered. The case of {placeName} was closed!',
      'And that was one more mystery solved by {hero} and {pal}.',
      ...ENDINGS,
    ],
    said: ['said', 'whispered', 'exclaimed'],
    extras: ['"(Aha|Hmm)!" {said} {hero}. "Another clue!"', 'Can you guess what it means?'],
  },
  'space-explorer': {
    opening: ['Far out among the stars, there lived {aType} named {hero}.', ...OPENINGS],
    refrain: ['"Three, two, one, blast off!" cheered {hero} and {pal}.'],
    ending: [
      'Far above<, the stars/ {place}, the stars> (twinkled|winked|glimmered) goodnight to {hero} and {pal}.',
      'And {hero} fell asleep, dreaming of planets still to visit with {pal}.',
      ...ENDINGS,
    ],
    said: ['said', 'called', 'cheered'],
    extras: [
      '{Pal} went (zoom|whoosh), and off they (zoomed|whizzed)[ across {placeName}].',
      '"Mission control, we are on our way!" {said} {hero}.',
      '[Mission log: (all crew safe|everything on track), (spirits high|snacks running low).]',
    ],
  },
  'fairy-sparkle': {
    opening: ['In a land where flowers could talk, there lived {aType} named {hero}.', ...OPENINGS],
    refrain: ['"Shimmer, glimmer, sparkle bright, make our kind wish come out right!" whispered {hero}.'],
    ending: [
      "And every night after that, {pal} saw a little sparkle glow by {hero}'s window.",
      'And from then on, whenever {pal} (giggled|laughed), a (tiny|shimmering) sparkle floated into the air.',
      'And that night, the flowers of {place} (sang|hummed) {hero} to sleep.',
      ...ENDINGS,
    ],
    said: ['said', 'whispered', 'sang'],
    extras: [
      "A (petal|sparkle) floated down and landed on {hero}'s nose.",
      '<To {pal}, the air/The air> smelled of (roses|honey|rain and flowers).',
    ],
  },
  'epic-saga': {
    opening: [
      'Long ago, when the hills of {placeName} were young, there lived {aType} named {hero}.',
      'The old songs of {place} tell of {aType} named {hero}.',
      ...OPENINGS,
    ],
    refrain: ['The old ones had a saying: "Even the smallest light can brighten the widest valley."'],
    ending: [
      'And so the old saying came true, and the songs of {place} still tell the tale of {hero}.',
      'And to this day, when the wind blows across {place}, it (whispers|carries) the name of {hero}[, and of {pal}].',
      ...ENDINGS,
    ],
    said: ['said', 'declared', 'called', 'replied'],
    extras: [
      'Far away, the horizon glowed (gold|amber) in the (setting|rising) sun.',
      'The wind carried the sound of distant bells across the realm.',
    ],
  },
  'witty-caper': {
    opening: [
      'There once was {aType} in {placeName} named {hero}, who had a plan for absolutely everything.',
      ...OPENINGS,
    ],
    refrain: ['"Is this a good time for a snack?" asked {pal}.'],
    ending: [
      '"NOW is a good time for a snack," {hero} laughed, and {pal} cheered louder than anyone[ in {placeName}].',
      ...ENDINGS,
    ],
    said: ['said', 'grinned', 'joked', 'laughed'],
    extras: [
      '"This is either a brilliant plan or a ridiculous one," {said} {pal}, "(or probably both|or maybe both)."',
      '"Plan B!" {said} {hero}. "What was plan A?" asked {pal}.',
    ],
  },
  'enchanted-tale': {
    opening: [
      'In {placeName}, where the rivers sang and the lanterns never went out, there lived {aType} named {hero}.',
      ...OPENINGS,
    ],
    refrain: ['"Moonlight, starlight, kind and true, show the way to me and you," {hero} whispered.'],
    ending: [
      "And if you listen closely on a quiet night, you can still hear the flowers of {placeName} humming {hero}'s name.",
      'And the lanterns of {place} (glowed|shone) a little brighter every night after that, just for {hero} and {pal}.',
      ...ENDINGS,
    ],
    said: ['said', 'whispered', 'murmured', 'replied'],
    extras: [
      '(Lanterns|Fireflies) bobbed in the air like floating (stars|jewels).',
      'The air shimmered, soft and silver, as if the whole land were holding its breath.',
    ],
  },
};

export const flavourFor = (style: string): StyleFlavour => STYLE_FLAVOURS[style] ?? DEFAULT_FLAVOUR;
