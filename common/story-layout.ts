import type { ImageType } from './story-choices.js';
import type { StoryImageView } from './api/views.js';
import { countWords } from './words.js';

/**
 * How a story's text is laid out for reading (SPEC §2, §9): the story page, the flipbook and the HTML export
 * all split and place illustrations with these functions so the three agree.
 */

/** SPEC §9: a flipbook page holds paragraphs up to this many words. */
export const FLIPBOOK_PAGE_WORDS = 200;
/** SPEC §9: story cards show this many characters. */
export const STORY_PREVIEW_LENGTH = 120;

/**
 * Paragraphs are separated by blank lines; bold markers are not shown (SPEC §2). A run of stars of odd length
 * holds the sanitiser's `***` (possibly inside bold markers, "**idiot**" → "*******"), so it shows as `***`
 * rather than being eaten down to a lone star; even runs are only bold markers.
 */
export function storyParagraphs(content: string): string[] {
  return content
    .split(/\r?\n[^\S\r\n]*\r?\n\s*/)
    .map((paragraph) =>
      paragraph
        .replace(/\*{2,}/g, (run) => (run.length % 2 === 1 ? '***' : ''))
        .replace(/\r\n/g, '\n')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0);
}

/**
 * Indexes into `count` items after which the slots at `percents` go: after the item whose end is nearest to
 * that share of the story (never before the first). Slots that would land on the same item move to the next
 * one; those that run past the end are dropped, so earlier slots win, as illustrations are added in that order.
 */
function slotIndexes(count: number, percents: readonly number[]): number[] {
  const indexes: number[] = [];
  let previous = -1;
  for (const percent of percents) {
    // Integer arithmetic first: 95% of 20 must be exactly 19, not 19.000000000000004.
    const index = Math.max(Math.round((count * percent) / 100) - 1, previous + 1);
    if (index >= count) break;
    indexes.push(index);
    previous = index;
  }
  return indexes;
}

export type SceneImageType = Exclude<ImageType, 'cover'>;

export type StoryPageImageSlot = { afterParagraph: number; imageType: SceneImageType; label: string };

const STORY_PAGE_SLOTS: readonly { percent: number; imageType: SceneImageType; label: string }[] = [
  { percent: 25, imageType: 'early-scene', label: 'Early Scene' },
  { percent: 50, imageType: 'mid-scene', label: 'Mid Scene' },
  { percent: 75, imageType: 'climax', label: 'Climax' },
  { percent: 95, imageType: 'ending', label: 'Ending' },
];

/** SPEC §2/§9: the story page's illustrations after about 25%, 50%, 75% and 95% of the paragraphs. */
export function imageSlotsForStoryPage(paragraphCount: number): StoryPageImageSlot[] {
  const count = Number.isFinite(paragraphCount) ? Math.max(0, Math.floor(paragraphCount)) : 0;
  const indexes = slotIndexes(
    count,
    STORY_PAGE_SLOTS.map((slot) => slot.percent),
  );
  return indexes.flatMap((afterParagraph, i) => {
    const slot = STORY_PAGE_SLOTS[i];
    return slot ? [{ afterParagraph, imageType: slot.imageType, label: slot.label }] : [];
  });
}

/** A picture's size and its smaller variants (StoryImageView's), for screens that show it right-sized. */
export type IllustrationSizes = Pick<StoryImageView, 'width' | 'height' | 'variants'>;

export type StoryIllustration = { imageType: ImageType; url: string; sizes?: IllustrationSizes };

export type FlipbookPage =
  | {
      type: 'cover';
      title: string;
      author: string;
      byline: string;
      imageUrl?: string;
      imageSizes?: IllustrationSizes;
    }
  | { type: 'content'; paragraphs: string[] }
  | { type: 'illustration'; imageType: ImageType; imageUrl: string; imageSizes?: IllustrationSizes }
  | { type: 'end' };

const FLIPBOOK_ILLUSTRATION_PERCENTS = [25, 50, 75] as const;
const FLIPBOOK_ILLUSTRATION_ORDER: readonly ImageType[] = ['early-scene', 'mid-scene', 'climax', 'ending'];

/** Breaks after sentence-ending punctuation (and any closing quote), keeping every character but the gap. */
function splitSentencesKeepingText(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?…]["'”’)\]]*)\s+/u).filter((piece) => piece.length > 0);
}

/**
 * Whether a page holding these paragraphs fits its box. The reader measures it at the size the page is shown
 * (`web/src/routes/flipbook/measure-pages.ts`); without a measure every page fits and only the word limit counts.
 */
export type PageFits = (paragraphs: readonly string[]) => boolean;

/**
 * Joins pieces into chunks that `accepts` takes; a piece it refuses even alone is cut between words (a single
 * word too long for a page stays whole: nothing smaller can be shown).
 */
function chunkPieces(pieces: readonly string[], separator: string, accepts: (text: string) => boolean): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) chunks.push(current.join(separator));
    current = [];
  };
  for (const piece of pieces) {
    if (!accepts(piece)) {
      flush();
      const words = piece.split(/\s+/).filter(Boolean);
      if (words.length > 1) chunks.push(...chunkPieces(words, ' ', accepts));
      else chunks.push(piece);
      continue;
    }
    if (current.length && !accepts([...current, piece].join(separator))) flush();
    current.push(piece);
  }
  flush();
  return chunks;
}

/**
 * Paragraphs grouped into pages of at most `maxWords` words that `fits` accepts, paragraphs kept whole where
 * they fit, in order. A paragraph longer than a page gets pages of its own, split at sentence boundaries
 * (between words for a runaway sentence).
 */
export function groupParagraphsIntoPages(
  paragraphs: readonly string[],
  maxWords: number = FLIPBOOK_PAGE_WORDS,
  fits: PageFits = () => true,
): string[][] {
  const accepts = (page: readonly string[]) =>
    page.reduce((sum, paragraph) => sum + countWords(paragraph), 0) <= maxWords && fits(page);
  const pages: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) pages.push(current);
    current = [];
  };
  for (const paragraph of paragraphs) {
    if (current.length && accepts([...current, paragraph])) {
      current.push(paragraph);
      continue;
    }
    flush();
    if (accepts([paragraph])) {
      current = [paragraph];
      continue;
    }
    for (const chunk of chunkPieces(splitSentencesKeepingText(paragraph), ' ', (text) => accepts([text]))) {
      pages.push([chunk]);
    }
  }
  flush();
  return pages;
}

/**
 * SPEC §2/§9 flipbook: a cover page ("By {author}"), pages of at most 200 words, an illustration page after
 * the paragraph groups at 25%, 50% and 75% (early-scene, mid-scene, climax first, then whatever else exists;
 * none when the story has no illustrations), and an end page. A cover illustration goes on the cover page.
 */
export function flipbookPages(input: {
  title: string;
  author: string;
  paragraphs: readonly string[];
  illustrations: readonly StoryIllustration[];
  /** Text pages hold only what fits their box at the size they are shown. */
  fits?: PageFits;
}): FlipbookPage[] {
  const author = input.author.trim();
  const cover = input.illustrations.find((illustration) => illustration.imageType === 'cover' && illustration.url);
  const coverPage: FlipbookPage = {
    type: 'cover',
    title: input.title,
    author,
    byline: author ? `By ${author}` : '',
    ...(cover ? { imageUrl: cover.url, ...(cover.sizes ? { imageSizes: cover.sizes } : {}) } : {}),
  };

  const scenes = input.illustrations.filter((illustration) => illustration !== cover && illustration.url);
  const rank = (type: ImageType) => {
    const index = FLIPBOOK_ILLUSTRATION_ORDER.indexOf(type);
    return index === -1 ? FLIPBOOK_ILLUSTRATION_ORDER.length : index;
  };
  // A stable sort keeps the caller's order (oldest first) among illustrations of the same type.
  const queue = [...scenes].sort((a, b) => rank(a.imageType) - rank(b.imageType));

  const groups = groupParagraphsIntoPages(input.paragraphs, FLIPBOOK_PAGE_WORDS, input.fits);
  const illustrationAfter = new Map<number, StoryIllustration>();
  for (const index of slotIndexes(groups.length, FLIPBOOK_ILLUSTRATION_PERCENTS)) {
    const next = queue.shift();
    if (!next) break;
    illustrationAfter.set(index, next);
  }

  const pages: FlipbookPage[] = [coverPage];
  groups.forEach((paragraphs, index) => {
    pages.push({ type: 'content', paragraphs });
    const illustration = illustrationAfter.get(index);
    if (illustration)
      pages.push({
        type: 'illustration',
        imageType: illustration.imageType,
        imageUrl: illustration.url,
        ...(illustration.sizes ? { imageSizes: illustration.sizes } : {}),
      });
  });
  pages.push({ type: 'end' });
  return pages;
}

/**
 * SPEC §9 story card preview: the text's first `length` characters (counted as code points, so an emoji is
 * never split), cut at a space where that keeps at least half of it, with an ellipsis when anything was cut.
 */
export function storyPreview(content: string, length: number = STORY_PREVIEW_LENGTH): string {
  const text = readableOpening(content, length);
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  const head = characters.slice(0, length);
  // When the next character is a space the cut already falls between words.
  if (characters[length] !== ' ') {
    const lastSpace = head.lastIndexOf(' ');
    if (lastSpace >= length / 2) head.length = lastSpace;
  }
  return `${head
    .join('')
    .replace(/[\s,;:\-–—]+$/u, '')
    .trimEnd()}…`;
}

/** Characters past the preview that a cut through the text may change (see readableOpening). */
const PREVIEW_CUT_MARGIN = 16;

/**
 * The story's opening as one line of plain text, long enough for a preview of `length` characters. Only
 * the opening can reach the preview, and cards show many stories at once: it reads a window of the text a
 * few times the preview's length, widened only while markup or blank space leaves too little of it. The
 * margin keeps anything the cut itself disturbs (half a `**` pair, a split line break) out of the preview.
 */
function readableOpening(content: string, length: number): string {
  for (let window = length * 4; ; window *= 2) {
    const opening = content.slice(0, window);
    const text = storyParagraphs(opening).join(' ').replace(/\s+/g, ' ').trim();
    if (opening.length === content.length || Array.from(text).length > length + PREVIEW_CUT_MARGIN) return text;
  }
}

// Windows and most file systems cap names at 255 bytes; a story title is never meant to get near that.
const FILE_NAME_MAX = 100;

/**
 * SPEC §7: the export is saved under its title with non-alphanumerics replaced by underscores, lowercased
 * ("Pip's Big Adventure!" → "pip_s_big_adventure_.html"), one underscore per character (an emoji is one).
 * An empty title gives "story.html".
 */
export function exportFileName(title: string): string {
  if (!title.trim()) return 'story.html';
  return `${title
    .replace(/[^a-zA-Z0-9]/gu, '_')
    .toLowerCase()
    .slice(0, FILE_NAME_MAX)}.html`;
}
