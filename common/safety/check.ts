import {
  collapseDuplicatesTransformer,
  DataSet,
  englishDataset,
  parseRawPattern,
  RegExpMatcher,
  toAsciiLowerCaseTransformer,
} from 'obscenity';
import { TOPIC_LEXICON, type SafetyCategory } from './lexicon.js';
import { skeletonViews, type Skeleton } from './normalise.js';

/**
 * The one safety check of Story Magic: every text a family or an admin types, and every text a provider
 * returns, passes it before it is stored, shown or painted. It matches on the normalised skeleton (see
 * normalise.ts) with obscenity's matcher: its English profanity data set, this product's topic lexicon and,
 * where a band is known, the band's `deny_if_topics`, all as whole words and phrases.
 */

export type SafetyHit = Readonly<{
  /** A lexicon category, `profanity` for obscenity's own data set, `ageBand` for the band's deny list. */
  category: SafetyCategory | 'profanity' | 'ageBand';
  /** The listed word or phrase that matched (never the family's text). */
  term: string;
  /** The range of the original text that matched, [start, end). */
  start: number;
  end: number;
}>;

// Ours carry a category and the listed term; obscenity's English data set carries `originalWord`.
type Meta = { category?: SafetyHit['category']; term?: string; originalWord?: string };

// Two matchers, each with the collapse its words were written for. Obscenity's English data set expects
// its recommended thresholds ("fuuuck" is "fuck"; "ll", "ss", "oo", "ee", "bb", "gg" stay double). Our
// lexicon is plain English, where a double letter is part of the word ("butt" is not "but"), so there a
// run of three or more letters counts as two ("kiiiill" → "kiill" misses; the library catches the profane
// ones). Look-alikes and leetspeak are resolved in normalise.ts (inside words only, so "Stop!" and "(ugly)"
// keep their word boundaries; obscenity's own confusables map would also turn "|" into "l").
const PROFANITY_TRANSFORMERS = [
  toAsciiLowerCaseTransformer(),
  collapseDuplicatesTransformer({
    defaultThreshold: 1,
    customThresholds: new Map([
      ['b', 2],
      ['e', 2],
      ['o', 2],
      ['l', 2],
      ['s', 2],
      ['g', 2],
    ]),
  }),
];
const LEXICON_TRANSFORMERS = [toAsciiLowerCaseTransformer(), collapseDuplicatesTransformer({ defaultThreshold: 2 })];

/**
 * One pattern per entry: whole words, a single word with its regular plural / -s form ("kill[s]"). Hyphens
 * between letters read as spaces in the skeleton, so "self harm" also finds "self-harm". An entry of ours
 * that already has optional parts ("ignore [all ]previous instruction[s]") is a pattern as written.
 */
function patternOf(entry: string): string[] {
  if (entry.includes('[')) return [`|${entry.toLowerCase().trim()}|`];
  const words = entry
    .toLowerCase()
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => word.replace(/(.)\1\1+/g, '$1$1'));
  if (words.length > 1) return [`|${words.join(' ')}|`];
  const word = words[0] ?? '';
  if (/[^aeiou]y$/.test(word)) return [`|${word}|`, `|${word.slice(0, -1)}ies|`];
  if (/(?:s|sh|ch|x|z)$/.test(word)) return [`|${word}[es]|`];
  return [`|${word}[s]|`];
}

function addEntries(data: DataSet<Meta>, category: Meta['category'], entries: readonly string[]) {
  for (const entry of entries) {
    data.addPhrase((phrase) => {
      // The term as a message names it: the entry without its optional parts.
      const term = entry
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      let built = phrase.setMetadata({ category, term });
      for (const form of patternOf(entry)) built = built.addPattern(parseRawPattern(form));
      return built;
    });
  }
}

type Compiled = { data: DataSet<Meta>; matcher: RegExpMatcher; initial?: string };

function profanityMatcher(): Compiled {
  const data = new DataSet<Meta>()
    .addAll(englishDataset)
    // Words of children's stories that the profanity set reads as slang: a thorn's prick, a cat told to scat.
    .removePhrasesIf((phrase) => ['prick', 'scat'].includes(phrase.metadata?.originalWord ?? ''))
    .addPhrase((phrase) =>
      phrase
        .addWhitelistedTerm('cockpit')
        .addWhitelistedTerm('cock a doodle')
        .addWhitelistedTerm('blue tit')
        .addWhitelistedTerm('great tit'),
    );
  return {
    data,
    matcher: new RegExpMatcher({ ...data.build(), blacklistMatcherTransformers: PROFANITY_TRANSFORMERS }),
  };
}

/**
 * Our lexicon (with a band's deny list) compiled whole, and once more split by first letter: the matcher
 * reads the whole text once per pattern group, so a short text (a name, a description) is matched only
 * against the entries that begin with a letter its words begin with.
 */
const initialOf = (entry: string) => entry.trim().charAt(0).toLowerCase();

type Lexicon = { whole: Compiled; byInitial: Map<string, Compiled> };

function lexiconOf(denyTopics: readonly string[]): Lexicon {
  const entries: [Meta['category'], string][] = [
    ...Object.entries(TOPIC_LEXICON).flatMap(([category, list]) =>
      list.map((entry): [Meta['category'], string] => [category as SafetyCategory, entry]),
    ),
    // A band's deny list is an operator's words: plain words and phrases only, never a pattern.
    ...denyTopics
      .filter((entry) => /^[a-z][a-z' -]*$/i.test(entry.trim()))
      .map((entry): [Meta['category'], string] => ['ageBand', entry]),
  ];
  const compile = (list: typeof entries): Compiled => {
    const data = new DataSet<Meta>();
    for (const [category, entry] of list) addEntries(data, category, [entry]);
    return {
      data,
      matcher: new RegExpMatcher({ ...data.build(), blacklistMatcherTransformers: LEXICON_TRANSFORMERS }),
    };
  };
  const initials = new Set(entries.map(([, entry]) => initialOf(entry)));
  return {
    whole: compile(entries),
    byInitial: new Map(
      [...initials].map((initial) => [initial, compile(entries.filter(([, entry]) => initialOf(entry) === initial))]),
    ),
  };
}

let profanity: Compiled | undefined;
let lexicon: Lexicon | undefined;
const withDenyList = new WeakMap<readonly string[], Lexicon>();

/** Compiled once per deny list (band configurations are parsed once and kept). */
function lexiconFor(denyTopics?: readonly string[]): Lexicon {
  if (!denyTopics || denyTopics.length === 0) return (lexicon ??= lexiconOf([]));
  let compiled = withDenyList.get(denyTopics);
  if (!compiled) {
    compiled = lexiconOf(denyTopics);
    withDenyList.set(denyTopics, compiled);
  }
  return compiled;
}

/** The matchers a view needs: the profanity set, and the lexicon whole or only its groups in play. */
function matchersFor(view: Skeleton, lexicon: Lexicon): Compiled[] {
  profanity ??= profanityMatcher();
  const initials = new Set(view.text.match(/(?<![a-z0-9])[a-z]/g));
  if (initials.size > 6) return [profanity, lexicon.whole];
  return [profanity, ...[...initials].flatMap((initial) => lexicon.byInitial.get(initial) ?? [])];
}

function hitsIn(view: Skeleton, { data, matcher }: Compiled): SafetyHit[] {
  return matcher.getAllMatches(view.text, true).map((match) => {
    const meta = data.getPayloadWithPhraseMetadata(match).phraseMetadata;
    // The matcher reads "butt" as "but": the doubled letters it skipped at the end belong to the match.
    let last = match.endIndex;
    while (view.text[last + 1] !== undefined && view.text[last + 1] === view.text[last]) last++;
    return {
      // Obscenity's own phrases carry `originalWord`, ours carry a category.
      category: meta?.category ?? 'profanity',
      term: meta?.term ?? meta?.originalWord ?? '',
      start: view.starts[match.startIndex] ?? 0,
      end: view.ends[last] ?? 0,
    };
  });
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/**
 * A hit widened to the whole word it sits in: the library's roots match inside words ("bitchy",
 * "FUCKMURDER"), and starring a part would leave the rest of an unkind word readable.
 */
function wholeWords(text: string, hit: SafetyHit): SafetyHit {
  let { start, end } = hit;
  while (start > 0 && WORD_CHAR.test(text.charAt(start - 1))) start--;
  while (end < text.length && WORD_CHAR.test(text.charAt(end))) end++;
  return start === hit.start && end === hit.end ? hit : { ...hit, start, end };
}

const overlaps = (a: SafetyHit, b: SafetyHit) => a.start < b.end && b.start < a.end;

/**
 * Everything unsafe in the text, in reading order, with the original ranges. A match in the joined view
 * ("f.u.c.k", "k i l l e r") counts where the plain view found nothing, so "blood-red" stars only "blood".
 */
export function findUnsafe(text: string, denyTopics?: readonly string[]): SafetyHit[] {
  if (!text) return [];
  const lexicon = lexiconFor(denyTopics);
  const found: SafetyHit[] = [];
  for (const view of skeletonViews(text)) {
    const hits = matchersFor(view, lexicon)
      .flatMap((compiled) => hitsIn(view, compiled))
      .map((hit) => wholeWords(text, hit));
    found.push(...hits.filter((hit) => !found.some((seen) => overlaps(seen, hit))));
  }
  // One hit per range: several lists may hold the same word ("self-harm" and "self harm"); the entry
  // spelt as the text spells it names it.
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

/** The distinct listed terms found, in reading order (for messages to a provider or an operator). */
export function unsafeTerms(text: string, denyTopics?: readonly string[]): string[] {
  return [...new Set(findUnsafe(text, denyTopics).map((hit) => hit.term))];
}

export const SAFETY_MASK = '***';

/**
 * Replaces each unsafe range of the original text with `***` (overlapping hits become one), everything
 * else byte for byte unchanged. `filtered` counts the replacements.
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

/** Markup or template syntax in family text: `<script>`, `{{ }}`, `[link](...)`. Families type words. */
const MARKUP = /[<>{}[\]\\`]/u;

export function hasMarkup(text: string): boolean {
  return MARKUP.test(text.normalize('NFKC'));
}
