import { flipbookPages, type FlipbookPage, type StoryIllustration } from '#common/story-layout';
import type { PageBox, ReaderMode } from './page-box';

/** What the book is made of (the layout decides the pages). */
export type BookText = {
  title: string;
  author: string;
  paragraphs: readonly string[];
  illustrations: readonly StoryIllustration[];
};

/**
 * SPEC §9's layout (paragraph pages of up to 200 words, illustrations after the page groups at 25, 50 and
 * 75 %), with each text page holding only what fits its box at the size it is shown: a hidden page with the
 * real pages' classes and size is filled paragraph by paragraph (sentence by sentence for a long one) and
 * measured, so nothing is clipped and nothing scrolls inside a page. `host` gives it the real pages' fonts.
 */
export function measurePages(host: HTMLElement, mode: ReaderMode, box: PageBox, text: BookText): FlipbookPage[] {
  const frame = document.createElement('div');
  frame.className = `flipbook-probe ${mode === 'carousel' ? 'flipbook-carousel' : 'flipbook-book'}`;
  frame.setAttribute('aria-hidden', 'true');
  const page = document.createElement('div');
  page.className = 'flipbook-page flipbook-page--content';
  // Exactly the box: no flex sizing from the carousel's rules.
  page.style.flex = 'none';
  page.style.width = `${box.pageWidth}px`;
  page.style.height = `${box.pageHeight}px`;
  const body = document.createElement('div');
  body.className = 'flipbook-page__text';
  page.append(body);
  frame.append(page);
  host.append(frame);
  try {
    return flipbookPages({
      ...text,
      fits: (paragraphs) => {
        body.replaceChildren(
          ...paragraphs.map((paragraph) => {
            const element = document.createElement('p');
            element.textContent = paragraph;
            return element;
          }),
        );
        return body.scrollHeight <= body.clientHeight;
      },
    });
  } finally {
    frame.remove();
  }
}
