import { countWords } from '#common/words.js';
import { shuffle, type Random } from './random.js';
import { capitalise, escapeRegExp, SPEECH_VERBS } from './template.js';

/**
 * The last read-through before a story is printed: a parent reading aloud tires of a name said in every
 * other line ("Treacle nodded. … said Treacle. … Treacle's paw …"). The grammar names the friend and the
 * place to make each line the story's own; here, past a few names per hundred words, the lines that least
 * need a name call the friend by what it is ("the chatty parrot", "the moon puppy") and the place by what
 * it is ("the starbase"), drop a name said twice in one sentence, or say a name to its face no more than a
 * friend would. The names a line most needs (a short line that says nothing else of this story) are kept.
 */

export type Naming = Readonly<{
  hero: string;
  friend: string;
  /** How the story introduces the friend ("a moon puppy with a glowing tail"), and its kind ("puppy"). */
  desc: string;
  kind: string;
  /** What the story may call the friend instead (the companion's `calls`), the plainest first. */
  calls: readonly string[];
  /** The place's own name ("Zoomara"), the place as the story says it ("Starbase Zoomara") and without it. */
  placeName: string;
  place: string;
  called: string;
  /** The story's day ("windy morning"), which also makes a line its own. */
  day: string;
  /** Band B: the friend's longer epithets ("the chatty parrot") as well as the plain one ("the parrot"). */
  rich: boolean;
}>;

/** Names per hundred words the story keeps to, at most: the friend's and the place's. */
export const FRIEND_PER_100 = 3.6;
export const PLACE_PER_100 = 1.7;

/** A line of the story as the writer holds it; `fixed` lines (the opening, the refrain) are said as written. */
export type NamedLine = { text: string; fixed?: boolean | undefined };

const ON_A_PLACE = /\b(island|mountain|planet|starbase|bridge)\b/iu;
const TAG = new RegExp(`^ (${SPEECH_VERBS}|gulped|squealed)\\b`, 'u');

/** Whether a word at `at` starts a sentence (a speech tag after a quotation, '"Oh!" Pip said', does not). */
function starts(text: string, at: number, start: number): boolean {
  const before = text.slice(0, at);
  if (/[!?,]["”] $/u.test(before)) return !TAG.test(text.slice(at).replace(/^\S+/u, ''));
  return at === start || /["“]$/u.test(before);
}

/** The hero and the friend, once both are known: "the two friends rushed home". */
const TWO = ['the two friends', 'the friends', 'both friends', 'the pair'];

/** How many times a sentence names the story's own facts: the friend, the place, the day (each time counted). */
const factMentions = (sentence: string, naming: Naming) =>
  [naming.friend, naming.placeName, naming.day].reduce((n, fact) => n + sentence.split(fact).length - 1, 0);

type Mention = {
  line: number;
  /** Where its sentence starts in the line's text: one change a sentence. */
  sentence: number;
  /** Offset of the name in the line's text. */
  at: number;
  length: number;
  replacement: string;
  /** How much better the line reads without this name (higher goes first). */
  score: number;
};

/** Where in a line's text speech is: true for each character inside quotation marks. */
function quoted(text: string): boolean[] {
  const inside: boolean[] = [];
  let open = false;
  for (const c of text) {
    if (c === '"' || c === '“' || c === '”') open = c === '“' ? true : c === '”' ? false : !open;
    inside.push(open);
  }
  return inside;
}

/** The sentence around an offset: its start and end in the text. */
function sentenceAround(text: string, at: number): [number, number] {
  const ends = [...text.matchAll(/[.!?]["”]? (?=["“]?\p{Lu})/gu)].map((m) => m.index + m[0].length);
  const start = Math.max(0, ...ends.filter((end) => end <= at));
  const after = /[.!?]["”]?(?= ["“]?\p{Lu}|$)/u.exec(text.slice(at));
  return [start, after ? at + after.index + after[0].length : text.length];
}

/** The story's other words for the friend, in an order of its own, leaving out any that could mean another. */
function epithetsFor(naming: Naming, story: string, random: Random): string[] {
  const calls = naming.rich ? naming.calls : naming.calls.slice(0, 2).filter((c) => countWords(c) <= 2);
  // "the bear" is no name for the friend in a story with a bear in trouble, or a hero who is a bear.
  return shuffle(
    random,
    calls.filter((call) => clearOf(call, naming, story)),
  );
}

/** Whether an epithet's noun means only the friend in this story (no bear in trouble, no hero who is a bear). */
function clearOf(call: string, naming: Naming, story: string): boolean {
  const noun = call.split(' ').at(-1) ?? call;
  const others =
    story
      .replaceAll(naming.desc, '')
      .replaceAll(`${naming.friend} the ${naming.kind}`, '')
      .replaceAll(naming.friend, '')
      .match(new RegExp(`\\b${escapeRegExp(noun)}s?\\b`, 'giu')) ?? [];
  return others.length === 0;
}

/** The story's own word for its friend, one per story: "the plucky parrot", "the trusty pony". */
const OWN_ADJECTIVES = [
  'little',
  'cheerful',
  'trusty',
  'bright-eyed',
  'plucky',
  'faithful',
  'loyal',
  'curious',
  'eager',
  'merry',
];

/**
 * The story's lines with the friend's and the place's names said no more than about FRIEND_PER_100 and
 * PLACE_PER_100 times per hundred words. `room` is asked before each change with the words it adds (it may
 * be negative): whether the story still fits its band.
 */
export function nameLightly(
  lines: readonly NamedLine[],
  naming: Naming,
  random: Random,
  room: (added: number) => boolean,
): string[] {
  const texts = lines.map((l) => l.text);
  const story = texts.join(' ');
  const words = countWords(story);
  const epithets = epithetsFor(naming, story, random);
  let turn = 0;
  const nextEpithet = () => epithets[turn++ % Math.max(1, epithets.length)];
  const adjective = OWN_ADJECTIVES[Math.floor(random() * OWN_ADJECTIVES.length)] ?? 'little';
  const own = clearOf(`the ${adjective} ${naming.kind}`, naming, story) ? `the ${adjective} ${naming.kind}` : undefined;

  // Before the line that introduces the friend ("…without Pip, a chatty parrot"), a reader does not know
  // what "the eager fairy" is: there the friend keeps its name.
  const introduced = texts.findIndex((text) =>
    new RegExp(`(?<![\\p{L}'’-])${escapeRegExp(naming.friend)},? (an?|the one) `, 'u').test(text),
  );
  const friendMentions = (text: string, line: number): Mention[] => {
    if (line < introduced) return [];
    const speech = quoted(text);
    const found: Mention[] = [];
    const pair = `(?:${escapeRegExp(naming.hero)} and ${escapeRegExp(naming.friend)}|${escapeRegExp(naming.friend)} and ${escapeRegExp(naming.hero)})`;
    const name = `(?<![\\p{L}'’-])(?:${pair}|${escapeRegExp(naming.friend)})(?![\\p{L}'’-])`;
    for (const match of text.matchAll(new RegExp(name, 'gu'))) {
      const at = match.index;
      const before = text.slice(0, at);
      const after = text.slice(at + match[0].length);
      const [start, end] = sentenceAround(text, at);
      const sentence = text.slice(start, end);
      const both = match[0] !== naming.friend;
      // A line without the name must still say something of this story's own: the name again, the place or
      // the day. Otherwise any story could say it, and the name stays.
      const left = factMentions(sentence, naming) - 1;
      const long = countWords(sentence);
      // How the sentence stays its own without this name: another name of the story's in it, or its length.
      let score = left * 2 + (long >= 18 ? 2 : long >= 12 ? 1 : 0);
      // With nothing else of its own, a longer line may call the friend by the story's own epithet ("the
      // plucky parrot"), which few other stories share; a short line, or speech, keeps the name.
      if (left <= 0) {
        if (speech[at] || !own || /^ the [\p{Ll}-]+/u.test(after) || /^['’]/u.test(after)) continue;
        if (/\b(named|called|friend|like|was) $/u.test(before) || /^,? (an?|the one) /u.test(after)) continue;
        // "Mia and Pip" becomes "Mia and the plucky parrot", "Pip and Mia" "the plucky parrot and Mia".
        const said = both ? match[0].replace(naming.friend, own) : own;
        const replacement = starts(text, at, start) ? capitalise(said) : said;
        found.push({ line, sentence: start, at, length: match[0].length, replacement, score: score - 10 });
        continue;
      }
      // Introduced here ("named Pip", "Pip, a chatty parrot"), or called a friend by name: kept.
      if (/\b(named|called|friend|like|was) $/u.test(before) || /^,? (an?|the one) /u.test(after)) continue;
      if (both && !speech[at]) {
        // "Mia and Pip" are the two friends, "Mia and Pip's" stays as it is.
        if (/^['’]/u.test(after)) continue;
        const two = TWO[turn++ % TWO.length] ?? 'the two friends';
        const first = starts(text, at, start);
        found.push({
          line,
          sentence: start,
          at,
          length: match[0].length,
          replacement: first ? capitalise(two) : two,
          score,
        });
        continue;
      }
      if (both) continue;
      if (speech[at]) {
        // Said to the friend's face: ", Pip!" reads as well without the name in a line long enough.
        const vocative = /, $/u.exec(before) && /^[!?.,]/u.exec(after);
        if (!vocative) continue;
        const cut = before.length - 2;
        found.push({
          line,
          sentence: start,
          at: cut,
          length: at + match[0].length - cut,
          replacement: '',
          score: score - 1,
        });
        continue;
      }
      const epithet = nextEpithet();
      if (!epithet) continue;
      // "Pip the parrot" (band B) is said as one.
      const kind = /^ the [\p{Ll}-]+/u.exec(after)?.[0] ?? '';
      const first = starts(text, at, start);
      score += /^ (and|said|asked|nodded|smiled)\b/u.test(after) ? 0 : 1;
      found.push({
        line,
        sentence: start,
        at,
        length: match[0].length + kind.length,
        replacement: first ? capitalise(epithet) : epithet,
        score,
      });
    }
    return found;
  };

  const placeMentions = (text: string, line: number): Mention[] => {
    const found: Mention[] = [];
    const on = ON_A_PLACE.test(naming.called);
    const whole = new RegExp(
      `(\\b(?:in|on) )?(${escapeRegExp(naming.place)}|${escapeRegExp(capitalise(naming.place))}|${escapeRegExp(naming.placeName)})(?![\\p{L}-])`,
      'gu',
    );
    for (const match of text.matchAll(whole)) {
      const [all, preposition = '', said = ''] = match;
      const at = match.index;
      const before = text.slice(0, at);
      const after = text.slice(at + all.length);
      const [start, end] = sentenceAround(text, at);
      const sentence = text.slice(start, end);
      const long = countWords(sentence);
      const left = factMentions(sentence, naming) - 1;
      // Where the hero lives is where the place is introduced; a long band-B line says enough of its own.
      if (sentence.startsWith(`${naming.hero} lived`)) continue;
      if (left <= 0) continue;
      const score = left * 2 + (long >= 18 ? 2 : long >= 12 ? 1 : 0);
      // "All Zoomara cheered", "all of Zoomara", "the Festival of Zoomara": the name itself is meant. And one
      // runs "across Zoomara", not "across the museum" or "across the castle". A name after "of" is part of the
      // place's own ("the drowsy town of Birchfield", band B's word for sleepy): never "the drowsy town of the
      // sleepy town" (issue 37).
      if (/(\bAll|\bof) $/u.test(before) && said === naming.placeName) continue;
      if (/\bacross $/u.test(before)) continue;
      let replacement: string;
      if (
        said === naming.placeName &&
        /^ \p{L}/u.test(after) &&
        !preposition &&
        /\b(the|a|an|secret) $/u.test(before)
      ) {
        // "the Zoomara party" is the party.
        found.push({ line, sentence: start, at, length: all.length + 1, replacement: '', score });
        continue;
      } else if (preposition) {
        replacement = `${on ? 'on' : 'in'} ${naming.called}`;
      } else {
        replacement = starts(text, at, start) ? capitalise(naming.called) : naming.called;
      }
      found.push({ line, sentence: start, at, length: all.length, replacement, score });
    }
    return found;
  };

  const lighten = (find: (text: string, line: number) => Mention[], name: string, perHundred: number) => {
    const said = texts.join(' ').split(name).length - 1;
    let over = said - Math.floor((words * perHundred) / 100);
    if (over <= 0) return;
    const mentions = texts
      .flatMap((text, line) => (lines[line]?.fixed ? [] : find(text, line)))
      .sort((a, b) => b.score - a.score);
    const changed: Mention[] = [];
    // Twice: a name left out frees the words another line's epithet needs.
    for (const mention of [...mentions, ...mentions]) {
      if (over <= 0) break;
      if (changed.includes(mention)) continue;
      // One change a sentence: two in one line may leave it with nothing of its own.
      if (changed.some((m) => m.line === mention.line && m.sentence === mention.sentence)) continue;
      const added =
        countWords(mention.replacement) -
        countWords(texts[mention.line]?.slice(mention.at, mention.at + mention.length) ?? '');
      if (!room(added)) continue;
      changed.push(mention);
      over--;
    }
    // Right to left within a line, so the offsets still hold.
    for (const mention of changed.sort((a, b) => b.at - a.at)) {
      const text = texts[mention.line] ?? '';
      texts[mention.line] = text.slice(0, mention.at) + mention.replacement + text.slice(mention.at + mention.length);
    }
  };

  lighten(friendMentions, naming.friend, FRIEND_PER_100);
  lighten(placeMentions, naming.placeName, PLACE_PER_100);
  return onceToTheFace(texts, lines, naming.friend);
}

/**
 * The friend's name said to its face once, not at the end of two sentences in a row ("Who is it, Pip?"
 * "Someone needs us, Pip!"): the second goes.
 */
function onceToTheFace(texts: string[], lines: readonly NamedLine[], friend: string): string[] {
  // Lines are joined by a mark of their own, so two lines in a row are read as one page reads them.
  const twice = new RegExp(
    `(, ${escapeRegExp(friend)}[.!?]["”]?[ \u0001]["“]?[^.!?"“”\u0001]*), ${escapeRegExp(friend)}(?=[.!?])`,
    'gu',
  );
  const said = texts.join('\u0001').replace(twice, '$1').split('\u0001');
  return said.length === texts.length ? said.map((text, i) => (lines[i]?.fixed ? (texts[i] ?? text) : text)) : texts;
}
