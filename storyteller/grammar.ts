import { splitSentences } from '#common/story-validation.js';
import { countWords } from '#common/words.js';
import { escapeRegExp, fill, type TemplateContext } from './template.js';

/**
 * The sentence grammar's last step. A story's sentences are built from its templates (template.ts), whose
 * slots name the story's own facts: the companion, the place, the day (facts.ts), the mission's object, the
 * one in trouble. A sentence that names too few of them (a plain "Mia counted carefully.") could be said by
 * any other story, so it is tied to this one with a short phrase of its facts: "Mia counted carefully,
 * and Pickle the parrot clapped." Each tie is used at most a couple of times per story, and a story's own
 * repeated refrain is never tied, so the refrain stays the same each time.
 *
 * To extend: add a row to NARRATION_TIES or TAG_TIES. A row is a template; {pal}, {palKind}, {place},
 * {placeName}, {weather}, {daypart} and {sky} are the story's facts.
 */

/** The facts a sentence can name that set one story apart from another, and who the hero is. */
export type Facts = Readonly<{ hero: string; pal: string; placeName: string; day: string }>;

type Fact = 'pal' | 'place' | 'day';
const FACT_OF: Record<Fact, keyof Facts> = { pal: 'pal', place: 'placeName', day: 'day' };

/** How many of the story's distinguishing facts a sentence already names. */
export function factsIn(sentence: string, facts: Facts): number {
  return (Object.keys(FACT_OF) as Fact[]).filter((fact) => sentence.includes(facts[FACT_OF[fact]])).length;
}

/**
 * The shape of a sentence, which decides where a tie fits: after the hero's own deed ("Mia counted
 * carefully"), after other narration, after a speech tag spoken by the hero or by the companion, or inside
 * speech with no tag, spoken by whoever spoke last.
 */
type Shape =
  | 'deed'
  | 'narration'
  | 'hero-tag'
  | 'pal-tag'
  | 'other-tag'
  | 'hero-speech'
  | 'hero-question'
  | 'state'
  | 'identity'
  | 'team-deed';

type Tie = Readonly<{
  shapes: readonly Shape[];
  template: string;
  /** The facts the tie brings: it is not added to a sentence that already names one of them. */
  names: readonly Fact[];
  /** Times one story may use it. */
  uses: number;
  /** Band B only (a longer phrase). */
  rich?: true;
  /** Said before the sentence ("Over in Bramblewick, the ponies…"), whose first word is then lowered. */
  lead?: true;
}>;

/** The grammar's ties, by the sentence shapes they fit. Each is a template of the story's facts. */
const TIES: readonly Tie[] = [
  { shapes: ['deed'], template: ', with {pal} close behind', names: ['pal'], uses: 2 },
  { shapes: ['deed'], template: ', as {pal} (watched|looked on)', names: ['pal'], uses: 2 },
  { shapes: ['deed'], template: ', while {pal} waited (nearby|close by)', names: ['pal'], uses: 2, rich: true },
  { shapes: ['deed'], template: ' that {weather} {daypart}', names: ['day'], uses: 1 },
  {
    shapes: ['deed', 'hero-tag'],
    template: ', (just as|while) {sky}',
    names: ['place'],
    uses: 1,
    rich: true,
  },
  {
    shapes: ['deed'],
    template: ', while {pal} (kept a lookout|hummed a little tune|counted the clouds over {placeName})',
    names: ['pal'],
    uses: 1,
    rich: true,
  },
  {
    shapes: ['hero-tag'],
    template: '< to {pal}/, (turning to|smiling at|with a nod to|looking at) {pal}>',
    names: ['pal'],
    uses: 5,
  },
  {
    shapes: ['pal-tag'],
    template: ', (looking all around|peering about) {placeName}',
    names: ['place'],
    uses: 2,
    rich: true,
  },
  {
    shapes: ['pal-tag'],
    // What the friend does as it speaks, out in the day ("asked Pip, squinting in the frosty morning light"): a
    // speech tag is not itself set in the sky ("said Pip in the frosty morning sky").
    template: ', (blinking|squinting) in the {weather} {daypart} (light|air)',
    names: ['day'],
    uses: 1,
    rich: true,
  },
  { shapes: ['hero-speech'], template: ', {pal}', names: ['pal'], uses: 4 },
  { shapes: ['hero-question'], template: ', {pal}', names: ['pal'], uses: 2 },
  // Narration, and what the hero is or feels, are set in the story's own place and day, or seen by its friend.
  { shapes: ['narration', 'state'], template: 'That {weather} {daypart},', names: ['day'], uses: 1, lead: true },
  { shapes: ['narration', 'state'], template: 'Over in {placeName},', names: ['place'], uses: 1, lead: true },
  // What the hero always is or has, said of the place at its end: two library cards whose look lines both began
  // "Over in Foxmere, Mia had…" opened alike, and so did two that began "As anyone in …" (issue 37).
  {
    shapes: ['identity'],
    template: ', (as everyone {inPlace} knew|as anyone {inPlace} could tell you)',
    names: ['place'],
    uses: 1,
  },
  {
    shapes: ['narration'],
    template: '(All over|Right across) {placeName},',
    names: ['place'],
    uses: 1,
    lead: true,
    rich: true,
  },
  // "As Pip watched, a letter slid under the door" ("Pip could see that a letter slid…" reads awkwardly).
  { shapes: ['narration', 'state'], template: '(As|While) {pal} watched,', names: ['pal'], uses: 4, lead: true },
  {
    shapes: ['narration'],
    template: '(As|While) {pal} (watched|looked on),',
    names: ['pal'],
    uses: 2,
    lead: true,
    rich: true,
  },
  { shapes: ['deed'], template: ', and {pal} (nodded|smiled|clapped)', names: ['pal'], uses: 2 },
  { shapes: ['deed'], template: ', while {pal} kept watch', names: ['pal'], uses: 1 },
  { shapes: ['deed'], template: ', with {pal} alongside', names: ['pal'], uses: 1 },
  { shapes: ['other-tag'], template: ' to {hero} and {pal}', names: ['pal'], uses: 3 },
  // "Mia brewed a cup of tea" becomes "Mia and Pip brewed a cup of tea": the friends do it together.
  { shapes: ['team-deed'], template: 'and {pal}', names: ['pal'], uses: 6 },
];

/** One story's ties, and how often each is still allowed. */
export type Tying = { left: Map<Tie, number> };

export const startTying = (): Tying => ({ left: new Map(TIES.map((tie) => [tie, tie.uses])) });

/**
 * A story that already says its day (band B's trouble starts "That windy morning, …") says it again less: each
 * time the lines say it spends a use of every tie that would name it.
 */
export function spendDayTies(tying: Tying, lines: string, facts: Facts) {
  const said = lines.split(facts.day).length - 1;
  for (const [tie, left] of tying.left) if (tie.names.includes('day')) tying.left.set(tie, Math.max(0, left - said));
}

const TEAM_VERBS = new Set(
  'saw kept invited flashed heard spotted noticed reached brewed helped led sang invited searched untied tied hummed followed found counted packed stopped shared peered traced wiggled steered pressed gathered calmed hurried raced crept tiptoed walked stepped knelt listened looked set gave carried picked climbed planted built opened waved whistled'.split(
    ' ',
  ),
);

/** A deed done with the doer's own finger is one doer's: "Mia and Pip traced the clue with one finger" reads oddly. */
const ONE_DOER = /\bwith one (careful )?finger\b/u;
/**
 * What the hero carries about or keeps is part of their look, not a deed of the day: "Mia carried a wooden shield
 * and a kind word for everyone" and "Mia kept a notebook full of maps" take no friend ("Mia and Fizz carried…",
 * "Mia and Nugget kept…", issue 37) and no friend's nod.
 */
const OWN_LOOK = /^(carried|kept) an? /u;

const DEED =
  /^(\p{L}+ed|ran|sang|took|gave|held|found|went|came|knelt|stood|sat|flew|led|spun|threw|put|hid|swam|made|drew|rode|wrote)$/u;
const STATES = new Set('lived loved liked wanted hoped needed seemed belonged owned believed'.split(' '));

/** First words a leading phrase can go before, lowered ("Over in Bramblewick, the ponies…"). */
const LOWERED = new Set(
  'A An The Everyone Everybody It There They Her His Its Their Nobody Something Someone'.split(' '),
);
const FELT = new Set('was felt did had knew wore'.split(' '));
const PAST_PERFECT =
  /^had (never|always|just|already|once|been|learned|learnt|known|grown|done|found|seen|made|\p{L}+ed)\b/u;
const OTHER_TAG = /^(said|whispered|called|murmured) the \p{L}+$|^the \p{L}+ (said|whispered|called|murmured)$/u;

/** The sentence's shape and where its tie goes (before the last full stop, or before speech's last mark). */
function shapeOf(
  sentence: string,
  facts: Facts,
  lastSpeaker: string | undefined,
): { shape: Shape; at: number } | undefined {
  const quoted = /["“”]/.test(sentence);
  if (!quoted) {
    if (!/[\p{L})]\.$/u.test(sentence)) return undefined;
    const first = /^\p{L}+/u.exec(sentence)?.[0] ?? '';
    const leads = LOWERED.has(first) || first === facts.hero;
    if (!sentence.startsWith(`${facts.hero} `)) {
      // The friend does not watch what the friend is part of ("While Nell watched, the two friends wandered…"),
      // nor a whole evening ("As Hector watched, there was a party that night") (issue 37).
      if (leads && FRIEND_WITHIN_OR_SPAN.test(sentence)) return undefined;
      return leads ? { shape: 'narration', at: 0 } : openerOf(sentence, facts);
    }
    const verb = sentence.slice(facts.hero.length + 1).split(' ')[0] ?? '';
    if (OWN_LOOK.test(sentence.slice(facts.hero.length + 1))) return undefined;
    // Only deeds two friends can share, in words that read the same for one doer and for two.
    if (TEAM_VERBS.has(verb) && !ONE_DOER.test(sentence)) return { shape: 'team-deed', at: facts.hero.length };
    // How the hero is or feels ("Mia felt small") is said of the day or place, or seen by the friend.
    // What the hero always is or has ("Mia was a fluffy creature", "Mia had a swishy cape") is said of the
    // place, not of one day or glance ("As Zak watched, Mia had a swishy cape" reads as if it came and went).
    const always = new RegExp(`^${escapeRegExp(facts.hero)} (was an?|had an?|wore an?) `, 'u').test(sentence);
    // What the hero had done or been before ("Mia had never been so far from home") is no one moment's
    // either, and is not seen by the friend ("As Zak watched, Mia had learned that…").
    if (PAST_PERFECT.test(sentence.slice(facts.hero.length + 1))) return undefined;
    if (!DEED.test(verb) || STATES.has(verb))
      return FELT.has(verb)
        ? always
          ? { shape: 'identity', at: sentence.length - 1 }
          : { shape: 'state', at: 0 }
        : undefined;
    // A deed the two already share ("…, and they crossed together") has the friend in it: a tie would
    // have the friend wait nearby while crossing.
    if (/\btogether\b/u.test(sentence)) return undefined;
    return { shape: 'deed', at: sentence.length - 1 };
  }
  const tag = new RegExp(`["”] ([^"“”]*)\\.$`, 'u').exec(sentence);
  if (tag?.[1] !== undefined) {
    const words = tag[1];
    const by = (name: string) => new RegExp(`(^|\\s)${escapeRegExp(name)}(\\s|$)`, 'u').test(words);
    const shape = by(facts.pal) ? 'pal-tag' : by(facts.hero) ? 'hero-tag' : undefined;
    // A tag that already says whom the speech is for ("Mia said to the bear") takes no second listener.
    // Nor one whose verb takes its listener ("Mia told Granny Owl", "Mia promised Granny Owl": not "… to Pip").
    if (shape === 'hero-tag' && /\bto\b|\b(told|promised|asked|reminded|assured|thanked) \p{Lu}/u.test(words))
      return undefined;
    // The hero's question or cry, a sentence of its own to a reader: the friend is named inside it.
    const cry = /^["“][^"“”]*[\p{L}\p{N}]([!?])["”] /u.exec(sentence);
    if (shape === 'hero-tag' && cry && !/, \p{Lu}[\p{L}-]*[!?]["”] $/u.test(cry[0]))
      return { shape: 'hero-question', at: cry[0].length - 3 };
    // Someone else's short tag ("said the giant"): said to the friends.
    if (!shape && OTHER_TAG.test(words)) return { shape: 'other-tag', at: sentence.length - 1 };
    return shape && { shape, at: sentence.length - 1 };
  }
  // Speech with no tag: the hero speaks on, after a tag of the hero's ("…," said Mia. "Let's go.").
  const speech = /^["“][^"“”]*[\p{L}\p{N}]([.!?])["”]$/u.exec(sentence);
  if (speech && lastSpeaker === facts.hero) return { shape: 'hero-speech', at: sentence.length - 2 };
  return undefined;
}

/** "Then Mia saw the truth" becomes "Then Mia and Pip saw the truth": the friends do it together. */
const FRIEND_WITHIN_OR_SPAN =
  /\b(two friends|the pair|both friends|the friends|they|them|everyone|everybody|nobody|no one|that (night|evening|day)|all (day|night))\b/iu;

function openerOf(sentence: string, facts: Facts): { shape: Shape; at: number } | undefined {
  const opener = new RegExp(
    `^(Then|And then|At last|Soon|So|And|Together|Just then|Later|Later that day|In the end),? ${escapeRegExp(facts.hero)} (\\p{L}+) `,
    'u',
  ).exec(sentence);
  const verb = opener?.[2];
  if (!opener || !verb || !TEAM_VERBS.has(verb) || ONE_DOER.test(sentence)) return undefined;
  if (OWN_LOOK.test(sentence.slice(opener[0].length - verb.length - 1))) return undefined;
  return { shape: 'team-deed', at: opener[0].length - verb.length - 2 };
}

/**
 * Who says a sentence of bare speech, read from its neighbours: the short tag after it ('"Who could it
 * be?" Mia wondered.') or the narration before it ('Mia smiled. "Let's go!"').
 */
function speechBy(all: readonly string[], i: number, facts: Facts): string | undefined {
  const by = (sentence: string | undefined, pattern: (name: string) => RegExp) =>
    [facts.hero, facts.pal].find((name) => sentence !== undefined && pattern(escapeRegExp(name)).test(sentence));
  return (
    by(all[i + 1], (name) => new RegExp(`^${name} \\p{L}+( \\p{L}+)?\\.$`, 'u')) ??
    by(all[i - 1], (name) => new RegExp(`^${name} [^"“”]*\\.$`, 'u'))
  );
}

/** Who speaks in a sentence's tag, if it is the hero or the companion. */
function speakerOf(sentence: string, facts: Facts): string | undefined {
  const tag = /["”] ([^"“”]*)$/u.exec(sentence)?.[1] ?? /^([^"“”]*) ["“]/u.exec(sentence)?.[1];
  if (!tag) return undefined;
  if (tag.includes(facts.pal)) return facts.pal;
  // The hero speaking to someone else ("Mia said to the asteroid"): what follows is for them, not the friend.
  if (tag.includes(facts.hero)) return /\bto\b/u.test(tag) ? undefined : facts.hero;
  return undefined;
}

/**
 * The line with each sentence that names fewer than two of the story's facts tied to it, where a tie of
 * its shape is still allowed; the others are left as they are.
 */
export function tieToStory(
  line: string,
  facts: Facts,
  tying: Tying,
  context: TemplateContext,
  /** Asked before each tie with the words it adds: whether the story still has room for them. */
  room: (words: number) => boolean,
  /** The sentences this pass may tie (the writer ties the shortest, most generic ones first). */
  only: (sentence: string) => boolean = () => true,
): string {
  let lastSpeaker: string | undefined;
  return splitSentences(line)
    .map((sentence, i, all) => {
      const place = shapeOf(sentence, facts, speechBy(all, i, facts) ?? lastSpeaker);
      lastSpeaker = speakerOf(sentence, facts) ?? lastSpeaker;
      if (!place || !only(sentence) || factsIn(sentence, facts) >= 2) return sentence;
      const fits = [...tying.left].filter(
        ([tie, left]) =>
          left > 0 &&
          tie.shapes.includes(place.shape) &&
          (context.rich || !tie.rich) &&
          tie.names.every((fact) => !sentence.includes(facts[FACT_OF[fact]])),
      );
      const chosen = fits[Math.floor(context.random() * fits.length)];
      if (!chosen) return sentence;
      const [tie, left] = chosen;
      // `fill` trims, so a tie's leading space is put back here.
      const phrase = fill(tie.template, context);
      if (!room(countWords(phrase))) return sentence;
      tying.left.set(tie, left - 1);
      if (tie.lead) {
        const first = /^\p{L}+/u.exec(sentence)?.[0] ?? '';
        const rest = LOWERED.has(first) ? first.toLowerCase() + sentence.slice(first.length) : sentence;
        return `${phrase} ${rest}`;
      }
      const joined = /^[,;]/.test(phrase) ? phrase : ` ${phrase}`;
      return `${sentence.slice(0, place.at)}${joined}${sentence.slice(place.at)}`;
    })
    .join(' ');
}

/** How the companion takes a moment, by its mood: the reaction the grammar adds to a line of the plot. */
export const REACTIONS = {
  surprise: '(gasped|froze|stared|blinked twice)',
  relief: '(smiled|cheered|clapped|laughed)',
  // Gestures any friend can make, a parrot or a robot as well as a child (no "bit a lip").
  worry: '(sighed|frowned|looked worried|went very quiet)',
} as const;

/**
 * A plot line with the companion's reaction: "A giant stood up from the hillside, and Pip gasped." (a cry's
 * "!" becomes the reaction's full stop). A line that ends in a band-B clause takes the reaction in band A
 * instead of the clause; one that ends in speech is left as it is.
 */
export function withReaction(template: string, mood: keyof typeof REACTIONS): string {
  if (/[^"”\]][.!]$/u.test(template)) return `${template.slice(0, -1)}, and {pal} ${REACTIONS[mood]}.`;
  const clause = /^(.*[^\]"”])(\[[^[\]/<>]*\])\.$/u.exec(template);
  return clause ? `${clause[1]}<, and {pal} ${REACTIONS[mood]}/${clause[2]}>.` : template;
}
