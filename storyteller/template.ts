import { splitSentences } from '#common/story-validation.js';
import { pick, type Random } from './random.js';

/**
 * A very small template language for the story data, so one line of data can read right for a five-year-old
 * and for a ten-year-old, and differently in every story:
 *   (a|b|c)        one of the options, chosen by the story's random source
 *   <simple/rich>  the first word for band A, the second for band B
 *   [clause]       only for band B, whose sentences are longer
 *   {name}         a value; {Name} capitalises its first letter
 * Values are inserted last and never interpreted, so a family's own words cannot change the template.
 */
export type TemplateVars = Readonly<Record<string, string | (() => string)>>;

export type TemplateContext = Readonly<{
  vars: TemplateVars;
  random: Random;
  /** Band B: longer sentences, richer words. */
  rich: boolean;
  /** The writing style's avoided words: an option using one is passed over while another remains. */
  avoid: readonly RegExp[];
  /** The story's own word choices (see wording.ts), applied to every finished sentence. */
  reword?: (text: string) => string;
}>;

/** Text to be matched as written inside a regular expression (a name may hold a dot or a bracket). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu');

export const usesAvoided = (text: string, avoid: readonly RegExp[]) => avoid.some((pattern) => pattern.test(text));

/** One of the options, preferring those without an avoided word. */
export function choose(options: readonly string[], context: TemplateContext): string {
  const allowed = options.filter((option) => !usesAvoided(option, context.avoid));
  return pick(context.random, allowed.length ? allowed : options);
}

export const capitalise = (text: string) =>
  text.replace(/^(["“'‘(]*)(\p{Ll})/u, (_, lead: string, first: string) => lead + first.toUpperCase());

function lookUp(key: string, vars: TemplateVars): string {
  const exact = vars[key];
  const lower = exact === undefined ? vars[key.charAt(0).toLowerCase() + key.slice(1)] : undefined;
  const found = exact ?? lower;
  if (found === undefined) throw new Error(`Story template uses an unknown value {${key}}`);
  const value = typeof found === 'function' ? found() : found;
  return lower === undefined ? value : capitalise(value);
}

/** Whose it is: "Mia's", and a name ending in s takes a bare apostrophe ("Wiggles' help", "Gus' paw"). */
export const possessive = (name: string) => (/s$/iu.test(name) ? `${name}'` : `${name}'s`);

/** Spaces and punctuation as a reader expects, whatever was left out around them. */
export function tidy(text: string): string {
  return capitalise(
    text
      .replace(/\s+([,.!?;:])/g, '$1')
      .replace(/,([.!?])/g, '$1')
      .replace(/([.!?])\s*\./g, '$1')
      .replace(/([.!?]["”’'])\./g, '$1')
      .trim(),
  );
}

/** Fills a template that is part of a sentence (a clause), keeping its first letter as written. */
export function fill(template: string, context: TemplateContext): string {
  return template
    .replace(/\[([^\]]*)\]/g, (_, clause: string) => (context.rich ? clause : ''))
    .replace(/<([^<>/]*)\/([^<>]*)>/g, (_, simple: string, rich: string) => (context.rich ? rich : simple))
    .replace(/\(([^()]*)\)/g, (_, options: string) => choose(options.split('|'), context))
    .replace(/\{(\w+)\}'s\b/g, (_, key: string) => possessive(lookUp(key, context.vars)))
    .replace(/\{(\w+)\}/g, (_, key: string) => lookUp(key, context.vars))
    .replace(/\s+/g, ' ')
    .trim();
}

export const SPEECH_VERBS =
  'said|asked|whispered|murmured|squeaked|called|cried|shouted|cheered|sighed|admitted|suggested|replied|exclaimed|announced|declared|remarked|laughed|giggled|promised|added|wondered|breathed|hollered|bellowed|yelled|gasped|beeped|hummed';
/**
 * `"Can we hide?" Zib whispered` reads as two sentences (the tag starts with a capital), so the question
 * stands alone and every story that asks it says the same sentence. `"Can we hide?" whispered Zib` keeps the
 * words with who says them, as picture books do (band B only: band A's sentences must stay short).
 */
const TAG_AFTER_QUOTE = new RegExp(
  `([!?…]["”]) (\\p{Lu}[\\p{L}'’-]*(?: \\p{Lu}[\\p{L}'’-]*)?) (${SPEECH_VERBS})\\b`,
  'gu',
);
export const tagAfterQuote = (text: string) =>
  text.replace(TAG_AFTER_QUOTE, (_, end: string, name: string, verb: string) => `${end} ${verb} ${name}`);

/**
 * Joyful or rich ways of speaking, and what each becomes for a question or a worry (a question is not cheered
 * or suggested).
 */
const CHEERFUL_SAID: Readonly<Record<string, readonly [question: string, worry: string]>> = {
  cheered: ['asked', 'said'],
  sang: ['wondered', 'whispered'],
  hummed: ['wondered', 'whispered'],
  laughed: ['asked', 'said'],
  giggled: ['wondered', 'whispered'],
  chuckled: ['asked', 'said'],
  exclaimed: ['asked', 'exclaimed'],
  announced: ['asked', 'said'],
  declared: ['asked', 'said'],
  remarked: ['asked', 'said'],
  // A suggestion or a joke is not a question or a worry: '"Oh no, where did they go?" suggested the bear cub' (issue 37).
  suggested: ['asked', 'said'],
  joked: ['asked', 'said'],
  // A smile as a speech tag ("Oh dear!" beamed Yara), not a smile at someone ("Kai beamed at Rosie").
  beamed: ['asked', 'said'],
  smiled: ['asked', 'said'],
  grinned: ['asked', 'said'],
};
const WORRIED = /\b(oh no|oh dear|uh-oh|afraid|scared|frightened|worried|lost|careful)\b|\bhelp!/iu;
const TAGGED = new RegExp(
  `"([^"]*)" (?:(${Object.keys(CHEERFUL_SAID).join('|')})\\b(?! at\\b)|(\\p{Lu}[\\p{L}'’-]*(?: \\p{Lu}[\\p{L}'’-]*)?) (${Object.keys(CHEERFUL_SAID).join('|')})\\b(?! at\\b))`,
  'gu',
);

/**
 * The way a line is said fits the line: a question is asked or wondered, not cheered or sung; a worry is
 * cried, said or whispered, not laughed. Only a cry or a lullaby is sung ("Hooray!" sang Pip; "Hush now…," Mia
 * sang softly); another line sung is crooned.
 */
export function fitSpeechVerbs(text: string): string {
  return text.replace(
    TAGGED,
    (whole: string, words: string, before?: string, name?: string, after?: string, at = 0, all = '') => {
      const verb = before ?? after ?? '';
      const sungSoftly = all.startsWith(' softly', at + whole.length);
      const fitting = fittingVerb(words, verb, sungSoftly);
      return before ? `"${words}" ${fitting}` : `"${words}" ${name ?? ''} ${fitting}`;
    },
  );
}

function fittingVerb(words: string, verb: string, sungSoftly: boolean): string {
  const [asked, worried] = CHEERFUL_SAID[verb] ?? [verb, verb];
  const cry = /!$/u.test(words);
  if (/\?$/u.test(words)) return asked;
  if (WORRIED.test(words)) return cry && verb !== 'exclaimed' ? 'cried' : worried;
  if (verb === 'sang' && !cry && !sungSoftly) return 'crooned';
  return verb;
}

/**
 * One replies to something said: a line of speech "replied" that follows no speech (the first words of a
 * scene, or after the mentor hands over a gift) is "said". `before` is the text read just before this line.
 */
export function replyOnlyToSpeech(text: string, before: string): string {
  return text.replace(/\breplied\b/gu, (word: string, at: number) => {
    const head = text.slice(0, at);
    // The speech this tag belongs to ("…," replied Mia) starts at its opening quotation mark; a tag before its
    // speech (Mia replied, "…") starts its own sentence.
    const speech = /["“][^"“”]*["”] $/u.exec(head);
    const sentenceStart = [...head.matchAll(/[.!?]["”]?\s+/gu)].at(-1);
    const start = speech ? speech.index : sentenceStart ? sentenceStart.index + sentenceStart[0].length : 0;
    const read = splitSentences(`${before} ${head.slice(0, start)}`.trim());
    // A tag split from its speech ("Hi!" | Mia said.) belongs to the speech before it.
    const last = read.at(-1) ?? '';
    const tag = /["”]$/u.test(read.at(-2) ?? '') && !/["“”]/u.test(last) && last.split(' ').length <= 6;
    const previous = tag ? read.at(-2) : last;
    return /["“”]/u.test(previous ?? '') ? word : 'said';
  });
}

const WHEN =
  /(?:,? )?\b(at (?:long )?last|that very (?:morning|afternoon|evening|night|day|moment)|just then|in the end)\b/giu;

/** A deadline: "before dark", "before the sun goes down over Fernton", "before the sunny day was out". */
const DEADLINE =
  /(?:,? )?\bbefore (?:dark|nightfall|the sun goes down(?: over \p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)*)?|the (?:[\p{L}-]+ )?day was out)\b/gu;

/**
 * A time phrase is said once a sentence: "At last, Mia stepped onto dry land at last" loses its second
 * "at last" (a line's opener and its clause may each bring one). A deadline is said once too, the last one
 * kept (it is the line's own, often with the place): "get out of the Sticky Swamp before the sun goes down
 * over Fernton", not "… before dark before the sun goes down over Fernton".
 */
export function onceASentence(text: string): string {
  return text.replace(/[^.!?]+[.!?]*["”]?/gu, (sentence) => {
    const seen = new Set<string>();
    const once = sentence.replace(WHEN, (whole, phrase: string) => {
      const key = phrase.toLowerCase().replace('at long last', 'at last');
      if (!seen.has(key)) return (seen.add(key), whole);
      return '';
    });
    let deadlines = once.match(DEADLINE)?.length ?? 0;
    return once.replace(DEADLINE, (whole) => (--deadlines > 0 ? '' : whole));
  });
}

/** Fills a template that is one or more whole sentences. */
export const render = (template: string, context: TemplateContext) => {
  // Band A's sentences must stay short on average, so its questions keep their own sentence.
  const filled = tidy(fill(template, context));
  const text = context.rich ? tagAfterQuote(filled) : filled;
  return onceASentence(fitSpeechVerbs(context.reword ? context.reword(text) : text));
};
