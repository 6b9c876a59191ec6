import { PageFlip, type FlipSetting } from 'page-flip';
import { useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FlipbookBlankPage, FlipbookPageContent } from './FlipbookPageContent';
import { FLIP_MS, type ReaderViewProps } from './reader-view';

/** A book page: a story page's index, or the blank leaf before the end page of an open book. */
type Leaf = number | 'blank';

// Page proportions (3:4, a picture book's); page-flip scales the pages to the width it is given.
const PAGE_WIDTH = 450;
const PAGE_HEIGHT = 600;

/**
 * The book's pages. Open on two pages, the cover lies alone on the right and the inner pages pair up; when they
 * are odd in number the end page would share the last spread, so a blank leaf goes before it and the end page
 * closes the book on its own, like a back cover ("Page N of N" then always shows the end page).
 */
export function bookLeaves(pageCount: number, spread: boolean): Leaf[] {
  const leaves: Leaf[] = Array.from({ length: pageCount }, (_, index) => index);
  if (spread && pageCount >= 3 && (pageCount - 2) % 2 === 1) leaves.splice(pageCount - 1, 0, 'blank');
  return leaves;
}

/** The story pages on show when page-flip is at `leafIndex` (it reports a spread by its first page). */
export function storyPagesInSight(leaves: readonly Leaf[], leafIndex: number, spread: boolean): [number, number] {
  const inSight =
    spread && leafIndex > 0 ? leaves.slice(leafIndex, leafIndex + 2) : leaves.slice(leafIndex, leafIndex + 1);
  const pages = inSight.filter((leaf): leaf is number => leaf !== 'blank');
  const first = pages[0] ?? 0;
  return [first, pages[pages.length - 1] ?? first];
}

/**
 * SPEC §2 flipbook on a desktop: StPageFlip's book of HTML pages, open on two pages on wide screens and one
 * page at a time on medium ones. The pages are React content rendered through portals into elements that
 * page-flip owns (it moves, copies and restyles them), so React never reconciles nodes that page-flip moved.
 * With reduced motion the pages turn without the curl animation.
 */
export function BookView({
  ref,
  pages,
  box,
  storyTitle,
  startIndex,
  reducedMotion,
  spread,
  onPositionChange,
  onTurnStart,
}: ReaderViewProps & { spread: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const book = useRef<PageFlip | null>(null);
  const leaves = useMemo(() => bookLeaves(pages.length, spread), [pages.length, spread]);
  const leafIndex = useRef(Math.max(0, leaves.indexOf(startIndex)));
  const elements = useMemo(
    () =>
      leaves.map((leaf) => {
        const element = document.createElement('div');
        element.className = 'flipbook-book__leaf';
        // The cover and the end page are stiff, like a book's boards.
        if (leaf === 0 || leaf === pages.length - 1) element.dataset['density'] = 'hard';
        return element;
      }),
    [leaves, pages.length],
  );

  const reportPosition = useEffectEvent((index: number) => {
    leafIndex.current = index;
    const [first, last] = storyPagesInSight(leaves, index, spread);
    onPositionChange(first, last);
  });
  const reportTurnStart = useEffectEvent(() => onTurnStart());

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    // page-flip removes its root element when destroyed, so the root is its own, not one React renders.
    const root = document.createElement('div');
    root.className = 'flipbook-book__root';
    parent.append(root);
    const settings: Partial<FlipSetting> = {
      width: PAGE_WIDTH,
      height: PAGE_HEIGHT,
      size: 'stretch',
      // One page at a time below twice the minimum width: the single-page book is kept narrower than that.
      minWidth: spread ? 160 : 260,
      maxWidth: 720,
      minHeight: spread ? 213 : 347,
      maxHeight: 960,
      usePortrait: !spread,
      showCover: true,
      // page-flip refuses 0; a 1 ms turn is no animation at all.
      flippingTime: reducedMotion ? 1 : FLIP_MS,
      maxShadowOpacity: 0.45,
      showPageCorners: !reducedMotion,
      mobileScrollSupport: true,
      // The pages may have changed (an edit): stay in the book.
      startPage: Math.min(leafIndex.current, elements.length - 1),
    };
    const flipbook = new PageFlip(root, settings);
    flipbook.on('flip', (event) => {
      if (typeof event.data === 'number') reportPosition(event.data);
    });
    flipbook.on('changeState', (event) => {
      if (event.data === 'flipping' || event.data === 'user_fold') reportTurnStart();
    });
    flipbook.loadFromHTML(elements);
    book.current = flipbook;
    // page-flip sizes the pages from its block when it starts and on window resizes only: follow the block
    // itself, so pages drawn before the block had its size (a slow first layout) are drawn again at the size
    // they were laid out for.
    const resized = new ResizeObserver(() => flipbook.update());
    resized.observe(root);
    return () => {
      resized.disconnect();
      book.current = null;
      flipbook.destroy();
      // destroy() leaves page-flip's requestAnimationFrame loop drawing the pages forever: let it draw nothing
      // and hold on to nothing.
      flipbook.getPageCollection().destroy();
      Object.assign(flipbook.getRender(), { drawFrame: () => undefined });
    };
  }, [elements, spread, reducedMotion]);

  useImperativeHandle(
    ref,
    () => ({
      turn(direction) {
        const flipbook = book.current;
        if (!flipbook) return;
        const [first, last] = storyPagesInSight(leaves, leafIndex.current, spread);
        if (direction > 0 ? last >= pages.length - 1 : first <= 0) return;
        if (reducedMotion) {
          if (direction > 0) flipbook.turnToNextPage();
          else flipbook.turnToPrevPage();
        } else if (direction > 0) flipbook.flipNext('top');
        else flipbook.flipPrev('top');
      },
      goTo(index) {
        const flipbook = book.current;
        const target = leaves.indexOf(index);
        if (!flipbook || target < 0) return;
        if (reducedMotion) flipbook.turnToPage(target);
        else flipbook.flip(target, 'top');
      },
    }),
    [leaves, pages.length, reducedMotion, spread],
  );

  return (
    <>
      {/* As wide as the pages were laid out for: page-flip sizes the pages from this width. */}
      <div
        ref={host}
        className={`flipbook-book ${spread ? 'flipbook-book--spread' : 'flipbook-book--single'}`}
        style={{ width: box.bookWidth }}
      />
      {leaves.map((leaf, index) => {
        const element = elements[index];
        const page = leaf === 'blank' ? undefined : pages[leaf];
        if (!element) return null;
        return createPortal(
          page && leaf !== 'blank' ? (
            <FlipbookPageContent page={page} number={leaf + 1} storyTitle={storyTitle} />
          ) : (
            <FlipbookBlankPage />
          ),
          element,
          String(index),
        );
      })}
    </>
  );
}
