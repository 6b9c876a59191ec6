import { CONFUSABLES } from './data/confusables.js';

/**
 * The matching skeleton of a text: what a reader sees, with the disguises a child-safety filter must see
 * through taken off. Every character of a skeleton remembers the range of the original text it came from,
 * so a match can be starred in the original (the edit sanitiser) and reported where it was typed.
 *
 * Steps, in order:
 * 1. Unicode NFKC per character (full-width "ＳＴＵＰＩＤ", ligatures, mathematical and circled letters), and
 *    the letters NFKC leaves alone: small capitals ("ʜɪᴛʟᴇʀ"), parenthesised, negative circled and squared
 *    letters and regional indicators ("🅚", "🇰"); "ß" reads "ss". A few emoji that stand for a word in
 *    how people write become that word ("🔪" knife; "🍆" is its own word, `emojieggplant`, see intents.ts).
 * 2. Format characters removed: zero-width spaces and joiners, bidi controls, soft hyphens (`\p{Cf}`).
 * 3. Diacritics removed (NFD, combining marks dropped): "kïll", "k\u0301ill".
 * 4. Look-alikes folded to the Latin letters they read as: Cyrillic and Greek ("blооd" with Cyrillic о), and
 *    every other character of Unicode's confusables table (UTS #39) in the scripts that disguise Latin:
 *    Cherokee "ᏦᎥᏞᏞ", Armenian "օ", Lisu, Coptic, Canadian syllabics, letter-like symbols. Then lower case.
 * 5. Leetspeak resolved inside words only: digits in a word that has letters ("b33r", "k1ll"), and `@ $ ! | +`
 *    between or beside letters ("sh!t", "a$$"); "5 kittens", "2024" and "Stop!" keep their characters. A
 *    "1" (or "|", "!") reads as "i" in one view and as "l" in another ("ki11").
 * 6. Runs of blank space become one space; a blank line stays a line break, so phrases never span paragraphs.
 *
 * The "joined" view also ignores punctuation inside a word ("f.u.c.k", "bl-ood") and collapses letters spelt
 * out one by one ("k i l l e r"). Apostrophes stay, so "he'll" never becomes "hell".
 */

export type Skeleton = Readonly<{
  text: string;
  /** For each UTF-16 unit of `text`, the original range [start, end) it stands for. */
  starts: readonly number[];
  ends: readonly number[];
}>;

// `breaks`: line breaks in a run of blank space (step 6).
type Unit = { ch: string; start: number; end: number; breaks?: number };

// Look-alikes NFKC leaves alone. Upper case first: Greek capital eta "Η" is an H, its small "η" an n.
const UPPER_LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'a',
  В: 'b',
  Е: 'e',
  Ё: 'e',
  З: '3',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  У: 'y',
  Х: 'x',
  Ѕ: 's',
  І: 'i',
  Ї: 'i',
  Ј: 'j',
  Ԁ: 'd',
  Ԛ: 'q',
  Ԝ: 'w',
  Ү: 'y',
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
};
const LOWER_LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  һ: 'h',
  ӏ: 'l',
  ь: 'b',
  г: 'r',
  п: 'n',
  ɡ: 'g',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ς: 'c',
  μ: 'u',
};

const DIGIT_LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
const SYMBOL_LEET: Readonly<Record<string, string>> = { '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
/** The other reading of the characters that stand for two letters: "ki11", "k!ll", "ki||". */
const AS_L: Readonly<Record<string, string>> = { '1': 'l', '!': 'l', '|': 'l' };

const SMALL_CAPITALS =
  'ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ꞯq ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz ᴁae ᴆd ʛg ʟl ᴌl ᴎn ᴙr ᴚr ᴦg ᴧl ᴨp ᴩp ᴫl ꟺm';
/** Words that an emoji stands for where families write them (the DEA's "Emoji Drug Code" and common usage). */
const EMOJI_WORDS: Readonly<Record<string, string>> = {
  '🍆': 'emojieggplant',
  '🍑': 'emojipeach',
  '💦': 'emojidroplets',
  '👅': 'emojitongue',
  '🔞': 'emojiadult',
  '🖕': 'emojifinger',
  '🔪': 'emojiknife',
  '🗡': 'emojiknife',
  '🔫': 'emojigun',
  '💣': 'emojibomb',
  '🩸': 'emojiblood',
  '💊': 'emojipill',
  '💉': 'emojineedle',
  '❄': 'emojisnow',
  '🍺': 'emojibeer',
  '🍻': 'emojibeer',
  '🍷': 'emojiwine',
  '🚬': 'emojicigarette',
};

let specials: Map<string, string> | undefined;

/** The letters NFKC and the confusables table leave alone, and the confusables table itself, built once. */
function specialLetters(): Map<string, string> {
  if (specials) return specials;
  specials = new Map();
  for (const line of CONFUSABLES.split('\n')) {
    const at = line.indexOf(' ');
    specials.set(line.slice(0, at), line.slice(at + 1));
  }
  for (const pair of SMALL_CAPITALS.split(' ')) {
    const [first = ''] = pair;
    specials.set(first, pair.slice(first.length));
  }
  for (let i = 0; i < 26; i++) {
    const letter = String.fromCharCode(97 + i);
    // Parenthesised ⒜, negative circled 🅐, negative squared 🅰, regional indicator 🇦.
    for (const base of [0x249c, 0x1f150, 0x1f170, 0x1f1e6]) specials.set(String.fromCodePoint(base + i), letter);
  }
  specials.set('ß', 'ss');
  specials.set('ẞ', 'ss');
  specials.set('€', 'e');
  for (const [emoji, word] of Object.entries(EMOJI_WORDS)) specials.set(emoji, ` ${word} `);
  return specials;
}

const FORMAT = /^\p{Cf}$/u;
const MARK = /\p{M}/gu;
const MARK_ONLY = /^\p{M}$/u;
const MARKED_SCRIPT =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Tibetan}]/u;
// Character tests by code, not RegExp: they run for every character of every story.
const LETTER = { test: (ch: string) => ch.length === 1 && ch >= 'a' && ch <= 'z' };
const SPACE_RE = /^\s$/u;
const SPACE = {
  test: (ch: string) =>
    ch === ' ' || ch === '\n' || (ch.length === 1 && ch > '~' ? SPACE_RE.test(ch) : ch <= '\r' && ch >= '\t'),
};

const folds = new Map<string, string>();

/** Steps 1 to 4 for one code point: zero or more lower-case characters (remembered: texts repeat letters). */
function foldCodePoint(cp: string): string {
  let folded = folds.get(cp);
  if (folded === undefined) {
    folded = foldOnce(cp);
    if (folds.size < 10_000) folds.set(cp, folded);
  }
  return folded;
}

function foldOnce(cp: string): string {
  if (FORMAT.test(cp)) return '';
  // The matcher's word boundaries are RegExp ones, for which "_" is a letter: "_dumb_" is a word in markdown.
  if (cp === '_') return '-';
  const upper = UPPER_LOOKALIKES[cp];
  if (upper) return upper;
  const table = specialLetters();
  const special = table.get(cp);
  if (special !== undefined) return special;
  let out = '';
  for (const ch of cp.normalize('NFKC').normalize('NFD').replace(MARK, '')) {
    if (FORMAT.test(ch)) continue;
    const folded = UPPER_LOOKALIKES[ch] ?? ch.toLowerCase();
    const lower = LOWER_LOOKALIKES[folded];
    if (lower) out += lower;
    else if (folded.charCodeAt(0) < 0x80) out += folded;
    else out += table.get(folded) ?? table.get(ch) ?? folded;
  }
  return out;
}

function foldedUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    // Plain ASCII (most of every story) needs only lower case; "_" reads as "-" (see foldOnce).
    if (code < 0x80) {
      const ch = code === 0x5f ? '-' : code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text.charAt(at);
      units.push({ ch, start: at, end: at + 1 });
      at++;
      continue;
    }
    const cp = String.fromCodePoint(text.codePointAt(at) ?? code);
    const start = at;
    at += cp.length;
    const folded = foldCodePoint(cp);
    if (!folded) {
      const last = units.at(-1);
      // In the scripts whose vowels are marks (Thai, Devanagari...), a mark is part of the word: kept.
      if (last && last.end === start && MARK_ONLY.test(cp) && MARKED_SCRIPT.test(last.ch)) {
        units.push({ ch: cp, start, end: at });
        continue;
      }
      // Elsewhere a dropped mark belongs to the letter before it: a starred letter takes its accent with it.
      if (last && last.end === start && MARK_ONLY.test(cp)) last.end = at;
      continue;
    }
    for (const ch of folded) units.push({ ch, start, end: at });
  }
  return units;
}

/** The character at `i`, or '' outside the list. */
const chAt = (units: readonly Unit[], i: number) => units[i]?.ch ?? '';
const wordish = (ch: string) => LETTER.test(ch) || ch in SYMBOL_LEET || ch in DIGIT_LEET;

/**
 * Step 5: leet characters become letters only inside a word that has letters. Returns a new list; the
 * input stays as it was (the literal view reads "!", "@" and "$" as punctuation).
 */
function resolveLeet(
  units: readonly Unit[],
  readSymbols = true,
  asL = false,
): { units: Unit[]; symbols: boolean; ambiguous: boolean } {
  const out = units.slice();
  let symbols = false;
  let ambiguous = false;
  let from = 0;
  // Words: runs of non-space characters, [from, to).
  while (from < units.length) {
    if (SPACE.test(chAt(units, from))) {
      from++;
      continue;
    }
    let to = from;
    let hasLetter = false;
    while (to < units.length && !SPACE.test(chAt(units, to))) {
      if (LETTER.test(chAt(units, to))) hasLetter = true;
      to++;
    }
    for (let k = from; hasLetter && k < to; k++) {
      const ch = chAt(units, k);
      const digit = (asL ? AS_L[ch] : undefined) ?? DIGIT_LEET[ch];
      const symbol = readSymbols ? ((asL ? AS_L[ch] : undefined) ?? SYMBOL_LEET[ch]) : undefined;
      if (!digit && !symbol) continue;
      const before = k > from ? chAt(units, k - 1) : '';
      const after = k + 1 < to ? chAt(units, k + 1) : '';
      // "sh!t" and "a$$" are words; "Stop!" ends with an exclamation mark, "1+1" is a sum.
      const inside =
        digit !== undefined ||
        (ch === '!' || ch === '+' || ch === '|'
          ? wordish(before) && LETTER.test(after)
          : wordish(before) || LETTER.test(after));
      const unit = units[k];
      if (inside && unit) {
        out[k] = { ...unit, ch: digit ?? symbol ?? ch };
        if (!digit) symbols = true;
        if (ch in AS_L) ambiguous = true;
      }
    }
    from = to;
  }
  return { units: out, symbols, ambiguous };
}

/**
 * Step 6: one space for a run of blank space; a run holding a blank line stays a line break. A hyphen
 * between letters joins words the way a space does: "self-harm", "shut-up".
 */
function collapseSpace(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  units.forEach((u, i) => {
    const previous = out.at(-1);
    if (u.ch === '-' && WORDISH.test(chAt(units, i - 1)) && WORDISH.test(chAt(units, i + 1))) {
      out.push({ ...u, ch: ' ' });
    } else if (!SPACE.test(u.ch)) {
      out.push(u);
    } else if (previous && SPACE.test(previous.ch) && SPACE.test(chAt(units, i - 1))) {
      // Still in a run of blank space: it grows, and becomes a line break at its second line break.
      previous.end = u.end;
      if (u.ch === '\n' && previous.breaks === 1) previous.ch = '\n';
      if (u.ch === '\n') previous.breaks = (previous.breaks ?? 0) + 1;
    } else {
      out.push({ ch: ' ', start: u.start, end: u.end, breaks: u.ch === '\n' ? 1 : 0 });
    }
  });
  return out;
}

const WORDISH = {
  test: (ch: string) => ch.length === 1 && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')),
};
const KEPT_IN_WORD = new Set(["'", '’', '\n']);

/** The joined view: punctuation inside words dropped ("f.u.c.k"), letters spelt out one by one joined up. */
function joinWords(input: Unit[], articleFirst: boolean): Unit[] {
  // A hyphen between letters is a space here too ("b-l-o-o-d" is spelt out), so a story whose only
  // in-word punctuation is hyphens and apostrophes has a joined view equal to its plain one (not matched twice).
  const units = input.map((u, k) =>
    u.ch === '-' && WORDISH.test(chAt(input, k - 1)) && WORDISH.test(chAt(input, k + 1)) ? { ...u, ch: ' ' } : u,
  );
  const kept = units.filter(
    (u, k) =>
      WORDISH.test(u.ch) ||
      SPACE.test(u.ch) ||
      KEPT_IN_WORD.has(u.ch) ||
      !(WORDISH.test(chAt(units, k - 1)) && WORDISH.test(chAt(units, k + 1))),
  );
  // Letters spelt out one by one, single spaces between them, three or more in a row: "k i l l e r".
  const isSingle = (k: number) =>
    WORDISH.test(chAt(kept, k)) && !WORDISH.test(chAt(kept, k - 1)) && !WORDISH.test(chAt(kept, k + 1));
  const out: Unit[] = [];
  let i = 0;
  while (i < kept.length) {
    let j = i;
    while (isSingle(j) && chAt(kept, j + 1) === ' ' && isSingle(j + 2)) j += 2;
    let from = i;
    // "a k i l l e r" or "a s s a s s i n": a leading "a" or "i" may be the article or the pronoun, or the
    // word's first letter; one joined view reads it each way.
    if (articleFirst && j - from >= 6 && ['a', 'i'].includes(chAt(kept, from))) from += 2;
    if (isSingle(i) && j - from >= 4) {
      out.push(...kept.slice(i, from));
      for (let k = from; k <= j; k += 2) out.push(...kept.slice(k, k + 1));
      i = j + 1;
      continue;
    }
    const unit = kept[i];
    if (unit) out.push(unit);
    i++;
  }
  return out;
}

function toSkeleton(units: Unit[]): Skeleton {
  const starts: number[] = [];
  const ends: number[] = [];
  let text = '';
  for (const u of units) {
    text += u.ch;
    for (let k = 0; k < u.ch.length; k++) {
      starts.push(u.start);
      ends.push(u.end);
    }
  }
  return { text, starts, ends };
}

/**
 * The views to match, in order of preference: the plain skeleton; when leet symbols were read as letters,
 * the same without that ("ASS!A" is "ASS" and "!A" to a reader); and the joined one when it differs.
 */
export function skeletonViews(text: string): Skeleton[] {
  const folded = foldedUnits(text);
  const flat = folded.map((u) => u.ch).join('');
  // Most texts have no leet, no punctuation inside words and no spelt-out letters: one view, built once.
  const { units, symbols, ambiguous } = LEET_CANDIDATE.test(flat)
    ? resolveLeet(folded)
    : { units: folded, symbols: false, ambiguous: false };
  const plain = toSkeleton(collapseSpace(units));
  const views = [plain];
  if (symbols) views.push(toSkeleton(collapseSpace(resolveLeet(folded, false).units)));
  if (ambiguous) views.push(toSkeleton(collapseSpace(resolveLeet(folded, true, true).units)));
  if (!JOIN_CANDIDATE.test(flat) && !SPELT_OUT.test(flat)) return views;
  for (const articleFirst of [false, true]) {
    const joined = toSkeleton(collapseSpace(joinWords(units, articleFirst)));
    if (views.every((view) => view.text !== joined.text)) views.push(joined);
  }
  return views;
}

const LEET_CANDIDATE = /[0-9@$!|+]/;
// A character that is not a letter, digit, space, apostrophe or hyphen between two letters or digits.
const JOIN_CANDIDATE = /[a-z0-9@$!][^a-z0-9\s'’-]+[a-z0-9@$!]/;
const SPELT_OUT = /(?:^|\s)[a-z0-9@$!](?:[\s-][a-z0-9@$!]){2,}(?:\s|$)/;

/** The plain skeleton as a string (for tests and debugging). */
export function skeletonOf(text: string): string {
  return skeletonViews(text)[0]?.text ?? '';
}
