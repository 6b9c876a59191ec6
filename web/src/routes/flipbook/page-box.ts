/** How the reader shows the book: a swipe carousel (narrow screens), one page at a time, or an open book. */
export type ReaderMode = 'carousel' | 'single' | 'spread';

/** The size of one page, and of the whole book (two pages side by side when it lies open), in CSS pixels. */
export type PageBox = { pageWidth: number; pageHeight: number; bookWidth: number };

const REM = 16;
/**
 * Height below the book: the gap, the controls (the counter with the keys tip or "Read to me" between Previous
 * and Next) and a little of the flipbook's padding. What lies above it (the header, a "Grown-up mode is on"
 * strip, the toolbar) is measured: the stage's top.
 */
const BELOW_STAGE_PX = 97;
/**
 * On a phone, the floating Feedback button (signed-in-layout.css, smaller below 768 px) sits in the bottom
 * right corner, where the Next button is: the page is this much shorter, so the controls sit above it.
 */
const FEEDBACK_BUTTON_PX = REM;
/** A picture book's page: 3 wide, 4 tall. */
const PAGE_RATIO = 4 / 3;
/** The carousel slide's side padding (flipbook.css, .flipbook-carousel__slide). */
const SLIDE_PADDING_PX = 0.35 * REM * 2;

/**
 * The page size for a stage `stageWidth` wide whose top is `stageTop` down the page, in a window
 * `viewportHeight` tall: as large as fits between the stage's top and the controls at the window's bottom,
 * within reading sizes. Whole pixels, so the measured page and the shown one agree.
 */
export function pageBox(mode: ReaderMode, stageWidth: number, viewportHeight: number, stageTop: number): PageBox {
  const room = Math.max(0, viewportHeight - stageTop - BELOW_STAGE_PX);
  if (mode === 'carousel') {
    const pageWidth = Math.floor(Math.max(0, stageWidth - SLIDE_PADDING_PX));
    const pageHeight = Math.floor(Math.min(40 * REM, Math.max(22 * REM, room - 3 * REM - FEEDBACK_BUTTON_PX)));
    return { pageWidth, pageHeight, bookWidth: pageWidth };
  }
  if (mode === 'single') {
    const bookWidth = Math.floor(Math.min(stageWidth, 32 * REM, Math.max(18 * REM, room / PAGE_RATIO)));
    return { pageWidth: bookWidth, pageHeight: Math.floor(bookWidth * PAGE_RATIO), bookWidth };
  }
  // Two pages side by side, each half the book: an even width keeps both pages whole pixels.
  const bookWidth = 2 * Math.floor(Math.min(stageWidth, 68 * REM, Math.max(24 * REM, (room * 2) / PAGE_RATIO)) / 2);
  const pageWidth = bookWidth / 2;
  return { pageWidth, pageHeight: Math.floor(pageWidth * PAGE_RATIO), bookWidth };
}
