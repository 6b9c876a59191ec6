import type { AgeBandConfig } from './age-band-config.js';
import { hasMarkup, isKidSafe, isKindName, MARKUP_MESSAGE, unsafeTerms } from './safety/check.js';
import { countWords } from './words.js';
import type { StoryType } from './story-choices.js';
import { characterCount, heroNameLengthProblem, NAME_MESSAGES } from './validation/hero-name.js';

/**
 * The band's rules for a written story and for what a family types into the wizard (SPEC §5), shared by
 * the SPA and the workflow. Story problems are short English sentences: the workflow hands them back to
 * the provider as rewrite instructions.
 */

export const DESCRIPTION_MESSAGES = {
  tooLong: (max: number, length: number) => `Description must be ${max} characters or less (currently ${length})`,
  notKidFriendly: 'Please use kid-friendly language for your description',
  markup: MARKUP_MESSAGE,
} as const;

// Letters of any script (José, Zoë) with their combining marks; typographic apostrophes come from phone keyboards.
const NAME_PATTERN = /^[\p{L}\p{M}' ’-]+$/u;
const QUOTED_PATTERN = /"([^"]*)"|“([^”]*)”/g;

export function heroNameProblem(name: string, band?: AgeBandConfig): string | undefined {
  const lengthProblem = heroNameLengthProblem(name, band?.validators.character_name_max);
  if (lengthProblem) return lengthProblem;
  const trimmed = name.trim();
  if (!NAME_PATTERN.test(trimmed)) return NAME_MESSAGES.invalidCharacters;
  // The safety check (common/safety) read as a name, with the band's deny list when the band is known.
  if (!isKindName(trimmed, band?.safety.deny_if_topics)) return NAME_MESSAGES.unkind;
  return undefined;
}

/**
 * A hero name typed in the story editor (the creator's or the admin's, up to 50 characters): checked as the
 * wizard's name is, and markup refused with the description's message, since the editor takes any character.
 */
export function editedHeroNameProblem(name: string): string | undefined {
  if (hasMarkup(name)) return DESCRIPTION_MESSAGES.markup;
  if (!isKindName(name.trim())) return NAME_MESSAGES.unkind;
  return undefined;
}

/** An optional field: empty is fine. Length is counted without surrounding spaces, as it is stored. */
export function customDescriptionProblem(text: string, band: AgeBandConfig): string | undefined {
  const trimmed = text.trim();
  const max = band.validators.custom_description_max;
  if (characterCount(trimmed) > max) return DESCRIPTION_MESSAGES.tooLong(max, characterCount(trimmed));
  return pictureDescriptionProblem(trimmed, band);
}

/** A picture's customizations (its length is the request schema's): markup, then the safety check. */
export function pictureDescriptionProblem(text: string, band: AgeBandConfig): string | undefined {
  if (hasMarkup(text)) return DESCRIPTION_MESSAGES.markup;
  if (!isKidSafe(text, band.safety.deny_if_topics)) return DESCRIPTION_MESSAGES.notKidFriendly;
  return undefined;
}

/**
 * What the safety check finds in the text with the band's deny list (common/safety): the listed words and
 * phrases, in reading order, also behind look-alike letters, zero-width characters, leet and spacing.
 */
export function findDeniedTopics(text: string, band: AgeBandConfig): string[] {
  return unsafeTerms(text, band.safety.deny_if_topics);
}

/**
 * Splits prose into sentences. A piece that starts in lower case continues the sentence before it, so
 * `"Look!" said Pip.` is one sentence, as a reader hears it.
 */
export function splitSentences(text: string): string[] {
  const pieces = text.match(/[^.!?…]+(?:[.!?…]+["'”’)]*|$)/gu) ?? [];
  const sentences: string[] = [];
  for (const piece of pieces) {
    const trimmed = piece.trim();
    if (!trimmed) continue;
    const first = trimmed.match(/[\p{L}\p{N}]/u)?.[0];
    const last = sentences.length - 1;
    if (sentences[last] !== undefined && (first === undefined || first !== first.toUpperCase())) {
      sentences[last] = `${sentences[last]} ${trimmed}`;
    } else {
      sentences.push(trimmed);
    }
  }
  return sentences.filter((s) => countWords(s) > 0);
}

/** Words spoken inside double quotation marks (straight or curly). */
export function countSpokenWords(text: string): number {
  let spoken = 0;
  for (const match of text.matchAll(QUOTED_PATTERN)) spoken += countWords(match[1] ?? match[2] ?? '');
  return spoken;
}

/** Pages as the reader sees them: paragraphs kept together while a page stays within `maxWords`. */
export function paginate(paragraphs: readonly string[], maxWords: number): string[][] {
  const pages: { paragraphs: string[]; words: number }[] = [];
  for (const paragraph of paragraphs) {
    const words = countWords(paragraph);
    if (words === 0) continue;
    const page = pages.at(-1);
    if (page && page.words + words <= maxWords) {
      page.paragraphs.push(paragraph);
      page.words += words;
    } else {
      pages.push({ paragraphs: [paragraph], words });
    }
  }
  return pages.map((page) => page.paragraphs);
}

export type StoryMetrics = { words: number; averageSentenceLength: number; dialogRatio: number; pages: number };
export type StoryValidation = { valid: boolean; problems: string[]; metrics: StoryMetrics };

export function measureStory(paragraphs: readonly string[], band: AgeBandConfig): StoryMetrics {
  let words = 0;
  let sentences = 0;
  let spoken = 0;
  for (const paragraph of paragraphs) {
    words += countWords(paragraph);
    sentences += splitSentences(paragraph).length;
    spoken += countSpokenWords(paragraph);
  }
  return {
    words,
    averageSentenceLength: sentences ? words / sentences : 0,
    dialogRatio: words ? spoken / words : 0,
    pages: paginate(paragraphs, band.bands.words_per_page.max).length,
  };
}

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toString();
const percent = (n: number) => `${Math.round(n * 100)}%`;

/** Every text of a draft a reader or the illustrator sees: title, excerpt, paragraphs, scene descriptions. */
export function draftTexts(draft: {
  title: string;
  paragraphs: readonly string[];
  excerpt?: string;
  scenes?: Readonly<Record<string, string | undefined>>;
}): string[] {
  return [draft.title, draft.excerpt ?? '', ...draft.paragraphs, ...Object.values(draft.scenes ?? {})].filter(
    (text): text is string => Boolean(text),
  );
}

/** The safety problem of a draft, if any: a rewrite instruction naming the listed terms, never quoting. */
export function draftSafetyProblem(draft: Parameters<typeof draftTexts>[0], band: AgeBandConfig): string | undefined {
  // One pass over all of it: blank lines keep a phrase from running from one text into the next.
  const denied = findDeniedTopics(draftTexts(draft).join('\n\n'), band);
  if (!denied.length) return undefined;
  return `The story mentions topics that are not suitable for children (${denied.join(', ')}). Leave them out.`;
}

export function validateStory(draft: Parameters<typeof draftTexts>[0], band: AgeBandConfig): StoryValidation {
  const { words_total, sentence_len, pages, words_per_page, dialog_ratio_target } = band.bands;
  const tolerance = band.validators.dialog_ratio_tolerance;
  const metrics = measureStory(draft.paragraphs, band);
  const problems: string[] = [];

  if (!draft.title.trim()) problems.push('The story needs a title.');
  if (metrics.words < words_total.min) {
    problems.push(
      `The story is too short: ${metrics.words} words, but it needs at least ${words_total.min}. Add more to the middle of the story.`,
    );
  } else if (metrics.words > words_total.max) {
    problems.push(
      `The story is too long: ${metrics.words} words, but it must have at most ${words_total.max}. Tell it more briefly.`,
    );
  }

  const average = metrics.averageSentenceLength;
  const aim = `aim for ${sentence_len.min} to ${sentence_len.max} words per sentence`;
  if (average < sentence_len.min) {
    problems.push(`Sentences are too short on average (${oneDecimal(average)} words); ${aim}.`);
  } else if (average > sentence_len.max) {
    problems.push(`Sentences are too long on average (${oneDecimal(average)} words); ${aim}.`);
  }

  const spoken = `${percent(metrics.dialogRatio)} of the words are spoken; aim for about ${percent(dialog_ratio_target)}`;
  if (metrics.dialogRatio < dialog_ratio_target - tolerance) {
    problems.push(`There is too little dialogue: ${spoken}.`);
  } else if (metrics.dialogRatio > dialog_ratio_target + tolerance) {
    problems.push(`There is too much dialogue: ${spoken}.`);
  }

  draft.paragraphs.forEach((paragraph, i) => {
    const words = countWords(paragraph);
    if (words > words_per_page.max) {
      problems.push(
        `Paragraph ${i + 1} is too long for one page: ${words} words, but a page holds at most ${words_per_page.max}. Split it.`,
      );
    }
  });
  if (metrics.pages < pages.min) {
    problems.push(`The story fills only ${metrics.pages} pages; it needs at least ${pages.min}.`);
  } else if (metrics.pages > pages.max) {
    problems.push(`The story fills ${metrics.pages} pages; it must fit in ${pages.max}.`);
  }

  const unsafe = draftSafetyProblem(draft, band);
  if (unsafe) problems.push(unsafe);
  return { valid: problems.length === 0, problems, metrics };
}

/** SPEC §5 step 4.5: the writing style follows from the story kind, weighted by the band's auto_mapping. */
export function pickWritingStyle(kind: StoryType, band: AgeBandConfig, random: () => number = Math.random): string {
  const options = band.auto_mapping[kind];
  const total = options.reduce((sum, option) => sum + option.weight, 0);
  let roll = random() * total;
  for (const option of options) {
    roll -= option.weight;
    if (roll < 0) return option.style;
  }
  return options.at(-1)?.style ?? band.selectors.style_picker.fallback_style;
}
