import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import type { ImageType } from '#common/story-choices';
import type { FlipbookPage } from '#common/story-layout';
import { ReadToMe } from '../../narration/ReadToMe';
import type { WordSource } from '../../narration/word-highlight';
import { BookView } from './BookView';
import { CarouselView } from './CarouselView';
import { measurePages, type BookText } from './measure-pages';
import { pageBox, type ReaderMode } from './page-box';
import { FLIP_MS, type ReaderViewHandle, type TurnDirection } from './reader-view';
import { useIsBookSpread, useIsNarrowScreen, usePrefersReducedMotion } from './useIsNarrowScreen';

/**
 * The counter (SPEC §2 "Page X of N"), counting every page the book has, the cover and the end included, as
 * the numbers printed on the pages do; an open book shows two pages at once and says so as a reader would.
 */
export function pageCounter(first: number, last: number, total: number): string {
  return first === last ? `Page ${first + 1} of ${total}` : `Pages ${first + 1} and ${last + 1} of ${total}`;
}

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const useViewportHeight = () =>
  useSyncExternalStore(
    subscribeToResize,
    () => window.innerHeight,
    () => 0,
  );

/**
 * How far down the page the stage starts (whatever lies above it: the header, a "Grown-up mode is on" strip,
 * the toolbar), followed as the page above it changes: anything shown or hidden there changes the body's size.
 */
function useTopInPage(element: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setTop(Math.round(target.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/** The stage's width, following it as it changes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setWidth(Math.floor(target.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The paragraphs of the book's text pages in page order (each page once, whatever the view puts in the DOM). */
function pageParagraphs(container: HTMLElement): HTMLElement[] {
  const pages = new Map<number, HTMLElement>();
  for (const page of container.querySelectorAll<HTMLElement>('.flipbook-page--content[data-page]')) {
    const index = Number(page.dataset.page);
    if (!pages.has(index)) pages.set(index, page);
  }
  return [...pages.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, page]) => [...page.querySelectorAll<HTMLElement>('.flipbook-page__text p')]);
}

/** Keys typed into a field, or meant for an open dialog, are not page turns. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || Boolean(target.closest('input, textarea, select, dialog[open]'));
}

/**
 * SPEC §2/§4 reading mode: the book (desktop) or the carousel (narrow screens), the counter, previous and
 * next buttons and the arrow keys. Every turn, however started, holds the others off for 0.6 s.
 */
export function FlipbookReader({
  text,
  storyTitle,
  onRegenerate,
  readAloud,
}: {
  text: BookText;
  storyTitle: string;
  /** "Read to me" for this story (its age range sets the first speed). */
  readAloud?: { storyId: string; ageRange: string } | undefined;
  /** For the creator: repaint the illustration on the open page(s). */
  onRegenerate?: ((imageType: ImageType) => void) | undefined;
}) {
  const narrow = useIsNarrowScreen();
  const spread = useIsBookSpread();
  const reducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState({ first: 0, last: 0 });
  const view = useRef<ReaderViewHandle>(null);
  const region = useRef<HTMLElement>(null);
  const stage = useRef<HTMLDivElement>(null);

  // Pages are laid out for the size they are shown at, and again whenever that size changes.
  const mode: ReaderMode = narrow ? 'carousel' : spread ? 'spread' : 'single';
  const stageWidth = useWidth(stage);
  const stageTop = useTopInPage(stage);
  const viewportHeight = useViewportHeight();
  const box = useMemo(
    () => pageBox(mode, stageWidth, viewportHeight, stageTop),
    [mode, stageWidth, viewportHeight, stageTop],
  );
  const [pages, setPages] = useState<readonly FlipbookPage[]>([]);
  useLayoutEffect(() => {
    const host = region.current;
    if (!host || box.pageWidth <= 0) return;
    setPages(measurePages(host, mode, box, text));
  }, [mode, box, text]);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const locked = useRef(false);
  const lockTimer = useRef<number | undefined>(undefined);

  const total = pages.length;
  const visibleIllustration = pages
    .slice(position.first, position.last + 1)
    .find((page): page is Extract<FlipbookPage, { type: 'illustration' }> => page.type === 'illustration');
  const atStart = position.first <= 0;
  const atEnd = position.last >= total - 1;

  /** Starts a turn unless one is under way; the lock lifts 0.6 s later. */
  const beginTurn = useCallback(() => {
    if (locked.current) return false;
    locked.current = true;
    lockTimer.current = window.setTimeout(() => {
      locked.current = false;
    }, FLIP_MS);
    return true;
  }, []);
  useEffect(() => () => window.clearTimeout(lockTimer.current), []);

  const turn = (direction: TurnDirection) => {
    if (direction > 0 ? atEnd : atStart) return;
    if (beginTurn()) view.current?.turn(direction);
  };
  const goTo = (index: number) => {
    if (index < position.first || index > position.last) {
      if (beginTurn()) view.current?.goTo(index);
    }
  };

  // "Read to me": the words of the book's text pages, page by page; the book turns to the page being read.
  const [bookWords] = useState<WordSource>(() => ({ container: () => region.current, paragraphs: pageParagraphs }));
  const onReadParagraph = (paragraph: HTMLElement) => {
    const page = Number(paragraph.closest<HTMLElement>('[data-page]')?.dataset.page);
    if (Number.isInteger(page)) goTo(page);
  };

  const onPositionChange = useCallback((first: number, last: number) => setPosition({ first, last }), []);
  const onTurnStart = useCallback(() => void beginTurn(), [beginTurn]);

  // Gestures (a swipe, a drag or a click on the book) cannot start while a turn holds the lock: the press
  // stops here, before it reaches page-flip's or Embla's own listeners further down.
  const holdGestures = (event: SyntheticEvent) => {
    if (locked.current) event.stopPropagation();
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    if (isTypingOrInDialog(event.target)) return;
    event.preventDefault();
    turn(event.key === 'ArrowRight' ? 1 : -1);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // Entering reading mode takes the focus to the book, so the next Tab and a screen reader start there.
  useEffect(() => {
    region.current?.focus();
  }, []);

  // A button disabled under the focus would drop it to the page: hand it to the other one.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (atEnd && focused === nextButton.current) previousButton.current?.focus();
    else if (atStart && focused === previousButton.current) nextButton.current?.focus();
  }, [atStart, atEnd]);

  const viewProps = {
    ref: view,
    pages,
    box,
    storyTitle,
    startIndex: position.first,
    reducedMotion,
    onPositionChange,
    onTurnStart,
  };

  return (
    <section
      ref={region}
      className="flipbook-reader"
      aria-label={`${storyTitle}, the book`}
      aria-describedby="flipbook-keys-hint"
      tabIndex={-1}
    >
      <div ref={stage} className="flipbook-stage" onMouseDownCapture={holdGestures} onTouchStartCapture={holdGestures}>
        {pages.length === 0 ? null : narrow ? (
          <CarouselView key="carousel" {...viewProps} onRequestGoTo={goTo} />
        ) : (
          <BookView key={spread ? 'spread' : 'single'} {...viewProps} spread={spread} />
        )}
      </div>
      <div className="flipbook-controls">
        <button
          ref={previousButton}
          type="button"
          className="button button--primary flipbook-controls__turn"
          onClick={() => turn(-1)}
          disabled={atStart}
          aria-label="Previous page"
        >
          <span aria-hidden="true">←</span>
          <span className="flipbook-controls__label">Previous</span>
        </button>
        <div className="flipbook-controls__status">
          <p className="flipbook-controls__counter" aria-live="polite" aria-atomic="true">
            {pageCounter(position.first, position.last, total)}
          </p>
          <p id="flipbook-keys-hint" className="flipbook-controls__hint">
            {narrow ? 'Swipe or use the arrows.' : 'Tip: the ← and → keys turn the pages too.'}
          </p>
          {readAloud && (
            <div className="flipbook-read-aloud">
              <ReadToMe
                className="button--small"
                storyId={readAloud.storyId}
                ageRange={readAloud.ageRange}
                words={bookWords}
                onParagraph={onReadParagraph}
              />
            </div>
          )}
          {onRegenerate && visibleIllustration && (
            <button
              type="button"
              className="button button--small button--outline flipbook-controls__regenerate"
              onClick={() => onRegenerate(visibleIllustration.imageType)}
            >
              Regenerate picture
            </button>
          )}
        </div>
        <button
          ref={nextButton}
          type="button"
          className="button button--primary flipbook-controls__turn"
          onClick={() => turn(1)}
          disabled={atEnd}
          aria-label="Next page"
        >
          <span className="flipbook-controls__label">Next</span>
          <span aria-hidden="true">→</span>
        </button>
      </div>
    </section>
  );
}
