import { HARMLESS_PHRASES, NAMING_WORDS } from './context.js';
import { GIVEN_NAMES } from './data/given-names.js';
import { WORD_LISTS } from './data/word-lists.js';
import { INTENTS, type IntentCategory } from './intents.js';
import { everydayLanguagesOf, isWrittenIn, languageOf, languageScores } from './languages.js';
import { TOPIC_LEXICON, type LexiconCategory } from './lexicon.js';
import { skeletonViews, type Skeleton } from './normalise.js';

/**
 * The one safety check of Story Magic: every text a family or an admin types, and every text a provider
 * returns, passes it before it is stored, shown or painted. It reads the normalised skeleton of the text
 * (normalise.ts: look-alikes, leetspeak, spacing and zero-width tricks taken off) as words and finds:
 *
 * - listed words and phrases, whole words only: our English lexicon by category (lexicon.ts), the
 *   multilingual word lists (data/word-lists.ts, 26 languages) and the band's `deny_if_topics`;
 * - rude roots inside made-up compounds ("fuckface", "shitbag", "Hurensohnlein"), less real words and names
 *   that hold them ("Scunthorpe", "cockpit", "Shital", "Dickens");
 * - meaning: phrasings of self-harm, grooming, lures, drugs, sexual content, eating disorders, violence, hate
 *   and instructions to the writer, where no single word gives it away (intents.ts);
 *
 * then lets a listed word pass where it is harmless: inside a known phrase (context.ts: a killer whale, Moby
 * Dick), as an everyday word of the language the text is written in (languages.ts: German "die"), and in a
 * name, when it is also a given name (data/given-names.ts: Dick, Semen, Fanny).
 *
 * Everything is compiled on the first check (a few milliseconds), then each check is a pass over the words.
 */

export type SafetyCategory = LexiconCategory | IntentCategory;

export type SafetyHit = Readonly<{
  /** A lexicon or intent category, `profanity` for the word lists, `ageBand` for the band's deny list. */
  category: SafetyCategory | 'profanity' | 'ageBand';
  /** The listed word or phrase, or the intent, that matched (never the family's text). */
  term: string;
  /** The range of the original text that matched, [start, end). */
  start: number;
  end: number;
}>;

export type CheckOptions = Readonly<{
  /** The text is a name (a hero's, an author's, a display name): a given name that is also a listed word passes. */
  asName?: boolean;
}>;

// — the lists, compiled once ——————————————————————————————————————————————————————————————————————

type Entry = Readonly<{
  words: readonly string[];
  /** For each word, whether an apostrophe joins it to the word before ("dolboy'eb", "op z'n"). */
  glued: readonly boolean[];
  category: SafetyHit['category'];
  term: string;
  /** The language of the list that holds it; `only`: applies to text in that language alone. */
  language: string;
  only: boolean;
}>;

type Index = Map<string, Entry[]>;

/** Scripts written without spaces between words, whose listed words are found inside longer runs. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}\p{Script=Arabic}]/u;
// Apostrophes part words, as they did for the matcher before ("he'll" is never "hell", "idiot's" is
// "idiot"); the patterns read a word with its apostrophe part joined again ("mommy's", "don't").
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a listed entry as the skeleton of a text would read it, each marked when an apostrophe joins it. */
function wordsOf(entry: string, folded = false): { words: string[]; glued: boolean[] } {
  const plain = folded
    ? entry
    : /^[a-z '-]+$/i.test(entry)
      ? entry.toLowerCase().replace(/-/g, ' ')
      : (skeletonViews(entry)[0]?.text ?? '');
  const words: string[] = [];
  const glued: boolean[] = [];
  let last = 0;
  for (const match of plain.matchAll(WORD)) {
    const between = plain.slice(last, match.index);
    glued.push(words.length > 0 && /^['’`]$/.test(between));
    words.push(match[0]);
    last = (match.index ?? 0) + match[0].length;
  }
  return { words, glued };
}

/** A word with its regular plural or -s form ("kill" → kills, "bully" → bullies, "kiss" → kisses). */
function formsOf(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [word];
  if (/[^aeiou]y$/.test(word)) return [word, `${word.slice(0, -1)}ies`];
  if (/(?:s|sh|ch|x|z)$/.test(word)) return [word, `${word}es`];
  return [word, `${word}s`];
}

function addEntry(index: Index, substrings: Map<string, Entry>, entry: Entry) {
  const [first, ...rest] = entry.words;
  if (first === undefined) return;
  if (UNSPACED.test(first)) {
    // A single character of these scripts is too often part of an everyday word to refuse.
    if ([...entry.words.join('')].length >= 2) substrings.set(entry.words.join(' '), entry);
    return;
  }
  const keys = rest.length === 0 ? formsOf(first) : [first];
  for (const key of keys) {
    const list = index.get(key);
    if (list) list.push(entry);
    else index.set(key, [entry]);
  }
}

type Lists = { index: Index; substrings: Map<string, Entry>; unspaced?: RegExp };

let lists: Lists | undefined;

function compileLists(): Lists {
  const index: Index = new Map();
  const substrings = new Map<string, Entry>();
  for (const [category, entries] of Object.entries(TOPIC_LEXICON)) {
    for (const term of entries) {
      addEntry(index, substrings, {
        ...wordsOf(term),
        category: category as LexiconCategory,
        term,
        language: 'en',
        only: false,
      });
    }
  }
  for (const [language, joined] of Object.entries(WORD_LISTS)) {
    for (const raw of joined.split('|')) {
      const only = raw.startsWith('=');
      const term = only ? raw.slice(1) : raw;
      addEntry(index, substrings, { ...wordsOf(term, true), category: 'profanity', term, language, only });
    }
  }
  return { index, substrings };
}

/** A band's deny list: an operator's plain words and phrases, compiled once per list. */
const denyIndexes = new WeakMap<readonly string[], Index>();

function denyIndexOf(denyTopics: readonly string[] | undefined): Index | undefined {
  if (!denyTopics || denyTopics.length === 0) return undefined;
  let index = denyIndexes.get(denyTopics);
  if (!index) {
    index = new Map();
    const unused = new Map<string, Entry>();
    for (const term of denyTopics) {
      if (!/^[a-z][a-z' -]*$/i.test(term.trim())) continue;
      addEntry(index, unused, {
        ...wordsOf(term.trim()),
        category: 'ageBand',
        term: term.trim(),
        language: 'en',
        only: false,
      });
    }
    denyIndexes.set(denyTopics, index);
  }
  return index;
}

/**
 * Rude roots that also hide inside made-up compounds; a word holding one is refused unless it is a real
 * word or a name (ROOT_WORDS). `^` roots count only at a word's start ("cocky" and "dickens" start with a
 * root, "peacock" and "Benedick" merely hold one).
 */
const ROOTS = [
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'whore',
  'slut',
  'twat',
  'jizz',
  'porn',
  'motherf',
  'scheiss',
  'ficker',
  'fotze',
  'wichser',
  'hurensohn',
  'putain',
  'chod',
  'bhosd',
  'kurw',
  'pizd',
  'blyat',
  'cazz',
  'stronz',
  'vaffanc',
  'gilipoll',
  'mierd',
  'pendej',
  'madarc',
  'behenc',
  'bhenc',
  'chutiy',
  'hurens',
  'arschl',
  'nigg',
  'fagg',
  'wank',
  'dick',
  'cock',
  'puta',
  'dildo',
  'pussy',
  'penis',
  'boob',
  'titt',
  'pedo',
  'paedo',
  'nazi',
  'hitler',
];
const START_ONLY = new Set(['nigg', 'fagg', 'wank', 'dick', 'cock', 'puta', 'pussy', 'boob', 'titt', 'pedo', 'nazi']);
const ROOT_PATTERN = new RegExp(ROOTS.map((root) => (START_ONLY.has(root) ? `^${root}` : root)).join('|'));

/** Real words and names that hold a root. */
const ROOT_WORDS = new Set(
  `scunthorpe cockpit cockpits cockatoo cockatoos cockatiel cockatiels cockerel cockerels cockle cockles cockleshell
  cockleshells cockroach cockroaches cockney cockneys cocktail cocktails cockerspaniel cocker cockers cocky cockade
  cockburn cockscomb cocksure cockatrice cockatrices cockcrow dickens dickensian dickinson dickon dicky dickie dickey
  dickory dickson dickerson dickins dickenson dickman dicken wankel niggle niggles niggled niggling
  niggardly niggard pedometer pedometers pedology nazir nazira nazim nazif nazih nazia naziha nazirah shital
  shitala dikshit shitij shittim puttana putative putamen computable reputation pussycat pussycats pussywillow
  pussyfoot pussyfooting penistone booboo booboos boobook titter titters tittered tittering tittle
  shitake`.split(/\s+/),
);

/** Characters that stand for a hidden letter inside a word: "f*ck", "sh#t", "F%k". */
const MASKED = /(?<![\p{L}\p{N}])\p{L}+(?:[*%#]+\p{L}+)+(?![\p{L}\p{N}])/gu;

let maskable: string[] | undefined;

/**
 * True when a single word is listed or holds a root, names aside: how bin/safety-data.ts finds the given
 * names that need letting through.
 */
export function isListedWord(word: string): boolean {
  const key = wordsOf(word).words.join(' ');
  const compiled = (lists ??= compileLists());
  return (
    (compiled.index.get(key) ?? []).some((entry) => entry.words.length === 1) ||
    (key.length >= 4 && ROOT_PATTERN.test(key) && !ROOT_WORDS.has(key))
  );
}

// — a view's words ————————————————————————————————————————————————————————————————————————————————

type Token = { word: string; start: number; end: number; bar: boolean; glued: boolean };

/** The words of a skeleton, each marked when a sentence (or paragraph) ends before it. */
function tokensOf(view: Skeleton): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of view.text.matchAll(WORD)) {
    const start = match.index ?? 0;
    const between = view.text.slice(last, start);
    const glued = tokens.length > 0 && (between === "'" || between === '’');
    tokens.push({ word: match[0], start, end: start + match[0].length, bar: /[.!?;:\n]/.test(between), glued });
    last = start + match[0].length;
  }
  return tokens;
}

/** The words as one string for the patterns: " w1 w2 | w3 ", and where each word starts in it. */
function lineOf(tokens: readonly Token[]): { line: string; at: number[] } {
  let line = ' ';
  const at: number[] = [];
  tokens.forEach((token, i) => {
    if (token.glued) {
      line = `${line.slice(0, -1)}'`;
    } else if (token.bar && i > 0) line += '| ';
    at.push(line.length);
    line += `${token.word} `;
  });
  return { line, at };
}

/** The word of the line that starts at or before `offset` (the last such word). */
function wordAt(at: readonly number[], offset: number): number {
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((at[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// — the meaning patterns and the harmless phrases, compiled once ———————————————————————————————————

type CompiledIntent = {
  category: IntentCategory;
  name: string;
  triggers: string[];
  prefixes: string[];
  requires?: readonly string[];
  regex: RegExp;
};
let intents: CompiledIntent[] | undefined;
let harmless: RegExp | undefined;
let naming: RegExp | undefined;

function compiledIntents(): CompiledIntent[] {
  intents ??= INTENTS.map((intent) => ({
    category: intent.category,
    name: intent.name,
    triggers: intent.triggers.filter((t) => !t.endsWith('*')),
    prefixes: intent.triggers.filter((t) => t.endsWith('*')).map((t) => t.slice(0, -1)),
    requires: intent.requires,
    regex: new RegExp(`(?<= )(?:${intent.pattern})(?= )`, 'g'),
  }));
  return intents;
}

// — matching ————————————————————————————————————————————————————————————————————————————————————

type WordHit = {
  first: number;
  last: number;
  category: SafetyHit['category'];
  term: string;
  entry?: Entry;
  intent?: boolean;
};

/** Keys to look a word up by: as written, without a possessive, with a run of 3+ letters read as 1 or 2. */
function keysOf(word: string): string[] {
  const keys = [word];
  if (/(.)\1\1/.test(word)) keys.push(word.replace(/(.)\1{2,}/g, '$1'), word.replace(/(.)\1{2,}/g, '$1$1'));
  return keys;
}

function listHits(tokens: readonly Token[], index: Index, out: WordHit[]) {
  tokens.forEach((token, i) => {
    for (const key of keysOf(token.word)) {
      for (const entry of index.get(key) ?? []) {
        const n = entry.words.length;
        let matched = true;
        for (let k = 1; k < n && matched; k++) {
          const next = tokens[i + k];
          const want = entry.words[k] ?? '';
          matched =
            next !== undefined &&
            !next.bar &&
            next.glued === (entry.glued[k] ?? false) &&
            (next.word === want || (k === n - 1 && formsOf(want).includes(next.word)));
        }
        if (matched) out.push({ first: i, last: i + n - 1, category: entry.category, term: entry.term, entry });
      }
    }
  });
}

function rootHits(tokens: readonly Token[], out: WordHit[]) {
  tokens.forEach((token, i) => {
    if (token.word.length < 4 || !ROOT_PATTERN.test(token.word)) return;
    const word = token.word;
    if (ROOT_WORDS.has(word) || GIVEN_NAMES.has(word)) return;
    if (out.some((hit) => hit.first <= i && hit.last >= i)) return;
    out.push({ first: i, last: i, category: 'profanity', term: word.match(ROOT_PATTERN)?.[0] ?? word });
  });
}

function intentHits(tokens: readonly Token[], line: string, at: readonly number[], out: WordHit[]) {
  // A trigger is a word's plain form: "ripping", "choked" and "hates" trigger "rip", "choke" and "hate".
  const present = new Set<string>();
  for (const { word } of tokens) {
    present.add(word);
    const stem = word.replace(/(?:ing|ed|es|s)$/, '');
    if (stem !== word && stem.length >= 2) {
      present.add(stem);
      present.add(`${stem}e`);
      if (/(.)\1$/.test(stem)) present.add(stem.slice(0, -1));
    }
  }
  for (const intent of compiledIntents()) {
    const triggered =
      intent.triggers.some((t) => present.has(t)) ||
      intent.prefixes.some((p) => tokens.some((t) => t.word.startsWith(p)));
    if (!triggered || (intent.requires && !intent.requires.some((w) => present.has(w)))) continue;
    for (const match of line.matchAll(intent.regex)) {
      const start = match.index ?? 0;
      const first = wordAt(at, start);
      const last = wordAt(at, start + match[0].length - 1);
      out.push({ first, last: Math.max(first, last), category: intent.category, term: intent.name, intent: true });
    }
  }
}

/** The word ranges inside a harmless phrase. */
function harmlessRanges(line: string, at: readonly number[]): [number, number][] {
  harmless ??= new RegExp(`(?<= )(?:${HARMLESS_PHRASES.join('|')})(?= )`, 'g');
  return [...line.matchAll(harmless)].map((m) => {
    const start = m.index ?? 0;
    return [wordAt(at, start), wordAt(at, start + m[0].length - 1)];
  });
}

/** The words right after "named", "called"...: read as names. */
function namedWords(line: string, at: readonly number[]): Set<number> {
  naming ??= new RegExp(`(?<= )(?:${NAMING_WORDS.join('|')}) (?=[^ |]+ )`, 'g');
  const named = new Set<number>();
  for (const m of line.matchAll(naming)) {
    const next = wordAt(at, (m.index ?? 0) + m[0].length);
    named.add(next);
    named.add(next + 1);
  }
  return named;
}

function maskedHits(view: Skeleton, tokens: readonly Token[], out: WordHit[]) {
  if (!/[*%#]/.test(view.text)) return;
  maskable ??= [...(lists ??= compileLists()).index.entries()]
    .filter(([key, entries]) => key.length >= 3 && /^[a-z]+$/.test(key) && entries.some((e) => e.words.length === 1))
    .map(([key]) => key);
  for (const match of view.text.matchAll(MASKED)) {
    const shown = match[0];
    const letters = shown.replace(/[*%#]/g, '');
    if (letters.length < 2) continue;
    const pattern = new RegExp(`^${shown.replace(/[*%#]+/g, (run) => `[a-z]{1,${run.length + 1}}`)}$`);
    const word = maskable.find((key) => key.length <= shown.length + 2 && pattern.test(key));
    if (!word) continue;
    const start = match.index ?? 0;
    // The masked word spans the tokens its letters made.
    const first = tokens.findIndex((t) => t.end > start);
    let last = first;
    while (tokens[last + 1] && (tokens[last + 1]?.start ?? 0) < start + shown.length) last++;
    if (first >= 0) out.push({ first, last, category: 'profanity', term: word });
  }
}

function unspacedHits(view: Skeleton, found: SafetyHit[]) {
  const compiled = (lists ??= compileLists());
  if (compiled.substrings.size === 0 || !UNSPACED.test(view.text)) return;
  // The words of an entry may stand apart or together, with a space or a dot between ("ディープ・スロート").
  compiled.unspaced ??= new RegExp(
    [...compiled.substrings.keys()]
      .sort((a, b) => b.length - a.length)
      .map((s) =>
        s
          .split(' ')
          .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\p{P}]{0,2}'),
      )
      .join('|'),
    'gu',
  );
  const entries = [...compiled.substrings.entries()].map(([key, entry]) => [key.replaceAll(' ', ''), entry] as const);
  for (const match of view.text.matchAll(compiled.unspaced)) {
    const bare = match[0].replace(/[\s\p{P}]/gu, '');
    const entry = entries.find(([key]) => key === bare)?.[1];
    const start = match.index ?? 0;
    if (!entry) continue;
    found.push({
      category: entry.category,
      term: entry.term,
      start: view.starts[start] ?? 0,
      end: view.ends[start + match[0].length - 1] ?? 0,
    });
  }
}

/** Everything unsafe one view of the text shows, in the view's own word ranges. */
function viewHits(view: Skeleton, denyIndex: Index | undefined, options: CheckOptions): SafetyHit[] {
  const compiled = (lists ??= compileLists());
  const tokens = tokensOf(view);
  const found: SafetyHit[] = [];
  unspacedHits(view, found);
  if (tokens.length === 0) return found;

  const hits: WordHit[] = [];
  listHits(tokens, compiled.index, hits);
  if (denyIndex) listHits(tokens, denyIndex, hits);
  rootHits(tokens, hits);
  maskedHits(view, tokens, hits);
  const { line, at } = lineOf(tokens);
  intentHits(tokens, line, at, hits);

  const listed = hits.filter((hit) => !hit.intent);
  let kept = hits;
  if (listed.length > 0) {
    const allowed = harmlessRanges(line, at);
    const named = options.asName ? undefined : namedWords(line, at);
    const words = tokens.map((t) => t.word);
    // A listed word is no evidence of a language: "fat rum" is not Swedish because each is a Swedish word too,
    // or the two false friends would vouch for each other and both pass.
    const listedAt = new Set<number>();
    for (const hit of listed) for (let i = hit.first; i <= hit.last; i++) listedAt.add(i);
    const scores = languageScores(words, listedAt);
    kept = hits.filter((hit) => {
      if (hit.intent) return true;
      if (allowed.some(([from, to]) => from <= hit.first && hit.last <= to)) return false;
      const hitWords = tokens.slice(hit.first, hit.last + 1).map((t) => t.word);
      // A given name that is also a listed word, in a name or right after "named".
      const isName = hitWords.every((w) => GIVEN_NAMES.has(w));
      if (isName && (options.asName || (named?.has(hit.first) && hit.category !== 'hateAndSlurs'))) return false;
      const entry = hit.entry;
      if (!entry) return true;
      // A word is judged in the language the rest of the text is written in.
      const everyday = hit.first === hit.last ? everydayLanguagesOf(hitWords[0] ?? '') : undefined;
      if (entry.only || everyday) {
        if (entry.only && !isWrittenIn(scores, entry.language)) return false;
        const language = languageOf(scores);
        if (language && language !== entry.language && everyday?.includes(language)) return false;
      }
      return true;
    });
  }
  for (const hit of kept) {
    const first = tokens[hit.first];
    const last = tokens[hit.last];
    if (!first || !last) continue;
    found.push({
      category: hit.category,
      term: hit.term,
      start: view.starts[first.start] ?? 0,
      end: view.ends[last.end - 1] ?? 0,
    });
  }
  return found;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** A hit widened to the whole words it sits in, so starring never leaves part of an unkind word readable. */
function wholeWords(text: string, hit: SafetyHit): SafetyHit {
  let { start, end } = hit;
  while (start > 0 && WORD_CHAR.test(text.charAt(start - 1))) start--;
  while (end < text.length && WORD_CHAR.test(text.charAt(end))) end++;
  return start === hit.start && end === hit.end ? hit : { ...hit, start, end };
}

const overlaps = (a: SafetyHit, b: SafetyHit) => a.start < b.end && b.start < a.end;

/**
 * Everything unsafe in the text, in reading order, with the original ranges. Each view of the skeleton is
 * read (plain, leet read otherwise, joined): a hit in a later view counts where the earlier ones found nothing.
 */
export function findUnsafe(text: string, denyTopics?: readonly string[], options: CheckOptions = {}): SafetyHit[] {
  if (!text) return [];
  const denyIndex = denyIndexOf(denyTopics);
  const found: SafetyHit[] = [];
  for (const view of skeletonViews(text)) {
    const hits = viewHits(view, denyIndex, options).map((hit) => wholeWords(text, hit));
    found.push(...hits.filter((hit) => !found.some((seen) => overlaps(seen, hit))));
  }
  // One hit per range: the entry spelt as the text spells it names it.
  const byRange = new Map<string, SafetyHit>();
  for (const hit of found) {
    const key = `${hit.start}:${hit.end}`;
    const kept = byRange.get(key);
    const typed = text.slice(hit.start, hit.end).toLowerCase().replace(/\s+/g, ' ');
    if (!kept || (kept.term !== typed && hit.term === typed)) byRange.set(key, hit);
  }
  return [...byRange.values()].sort((a, b) => a.start - b.start || b.end - a.end);
}

export function isKidSafe(text: string, denyTopics?: readonly string[]): boolean {
  return findUnsafe(text, denyTopics).length === 0;
}

/** A name (hero, author, display): checked like a description, with given names that are listed words let through. */
export function isKindName(name: string, denyTopics?: readonly string[]): boolean {
  return findUnsafe(name, denyTopics, { asName: true }).length === 0;
}

/** The distinct listed terms found, in reading order (for messages to a provider or an operator). */
export function unsafeTerms(text: string, denyTopics?: readonly string[]): string[] {
  return [...new Set(findUnsafe(text, denyTopics).map((hit) => hit.term))];
}

export const SAFETY_MASK = '***';

/**
 * Replaces each unsafe range of the original text with `***` (overlapping hits become one), everything
 * else byte for byte unchanged. `filtered` counts the replacements. A meaning pattern's hit covers the
 * words of the phrase, so a sentence that says something unkind without a rude word is starred too.
 *
 * Starring can uncover a disguised word that a neighbour hid: in "fuck:F%k" the two read as one joined
 * word, and only once the first is starred does "F%k" stand alone. So it stars again until a pass finds
 * nothing: the result is always clean to a second pass. Each pass removes letters, so it ends.
 */
export function starUnsafe(text: string, denyTopics?: readonly string[]): { text: string; filtered: number } {
  let current = text;
  let filtered = 0;
  for (;;) {
    const pass = starOnce(current, denyTopics);
    if (pass.filtered === 0) return { text: current, filtered };
    current = pass.text;
    filtered += pass.filtered;
  }
}

function starOnce(text: string, denyTopics?: readonly string[]): { text: string; filtered: number } {
  const ranges: { start: number; end: number }[] = [];
  for (const hit of findUnsafe(text, denyTopics)) {
    const last = ranges.at(-1);
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else ranges.push({ start: hit.start, end: hit.end });
  }
  let out = '';
  let at = 0;
  for (const range of ranges) {
    out += text.slice(at, range.start) + SAFETY_MASK;
    at = range.end;
  }
  return { text: out + text.slice(at), filtered: ranges.length };
}

/** What a family is told when they type markup in a description or a name. Not a SPEC text: markup is refused
 * before any word is read, so a family learns what to change. */
export const MARKUP_MESSAGE = 'Please describe it in plain words, without symbols like < > { } [ ]';

/** Markup or template syntax in family text: `<script>`, `{{ }}`, `[link](...)`. Families type words. */
const MARKUP = /[<>{}[\]\\`]/u;

export function hasMarkup(text: string): boolean {
  return MARKUP.test(text.normalize('NFKC'));
}
