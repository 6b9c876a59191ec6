/**
 * Lighting the word being read without touching the text's markup: the CSS Custom Highlight API paints a
 * Range of the text as it is shown (the story page's paragraphs, the flipbook's pages), so React's DOM is
 * left alone and nothing is announced to a screen reader. Word n is the n-th whitespace-separated word of the
 * paragraphs in reading order: the same count as the narration's (common/narration.ts).
 */
const HIGHLIGHT = 'narration-word';

/** Where the words are shown: the element holding them, and its paragraphs in reading order. */
export type WordSource = Readonly<{
  container: () => HTMLElement | null;
  paragraphs: (container: HTMLElement) => readonly HTMLElement[];
}>;

export type LocatedWord = Readonly<{ range: Range; paragraph: HTMLElement }>;

/** The text-node range of a paragraph's characters [from, to). */
function rangeIn(paragraph: HTMLElement, from: number, to: number): Range | undefined {
  const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && from < seen + length) {
      range.setStart(node, from - seen);
      started = true;
    }
    if (started && to <= seen + length) {
      range.setEnd(node, to - seen);
      return range;
    }
    seen += length;
  }
  return undefined;
}

export function locateWord(source: WordSource, index: number): LocatedWord | undefined {
  const container = source.container();
  if (!container || index < 0) return undefined;
  let count = 0;
  for (const paragraph of source.paragraphs(container)) {
    const words = [...(paragraph.textContent ?? '').matchAll(/\S+/g)];
    if (index < count + words.length) {
      const word = words[index - count];
      if (!word) return undefined;
      const range = rangeIn(paragraph, word.index, word.index + word[0].length);
      return range ? { range, paragraph } : undefined;
    }
    count += words.length;
  }
  return undefined;
}

const highlights = () => (typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined);

export function showWord(word: LocatedWord | undefined) {
  const registry = highlights();
  if (!registry) return;
  if (word) registry.set(HIGHLIGHT, new Highlight(word.range));
  else registry.delete(HIGHLIGHT);
}

/**
 * Keeps the word in view: scrolls only when it nears an edge of the part of the window nothing floats over
 * (the page's scroll padding keeps clear of its sticky header and floating buttons; `player`, the player's
 * own bar, is kept clear of too, above or below the text), at once for a reader who asks for less motion.
 */
export function keepInView(word: LocatedWord, player?: Element | null) {
  const rect = word.range.getBoundingClientRect();
  if (rect.height === 0) return;
  const padding = window.getComputedStyle(document.documentElement);
  let top = parseFloat(padding.scrollPaddingTop) || 0;
  let bottom = window.innerHeight - (parseFloat(padding.scrollPaddingBottom) || 0);
  const bar = player?.getBoundingClientRect();
  if (bar && bar.height > 0) {
    if (bar.top < window.innerHeight / 2) top = Math.max(top, bar.bottom);
    else bottom = Math.min(bottom, bar.top);
  }
  if (rect.top >= top && rect.bottom <= bottom) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({ top: rect.top - top - (bottom - top) / 3, behavior: reduced ? 'auto' : 'smooth' });
}
