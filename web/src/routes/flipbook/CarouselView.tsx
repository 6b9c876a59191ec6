import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState } from 'react';
import { FlipbookPageContent } from './FlipbookPageContent';
import type { ReaderViewProps } from './reader-view';

/**
 * SPEC §2 flipbook on a narrow screen: one page per slide of an Embla carousel, swiped or turned with the
 * reader's buttons, with one row of dots that go straight to a page. Pages out of sight are inert, so a screen
 * reader and the Tab key stay on the page in view.
 */
export function CarouselView({
  ref,
  pages,
  box,
  storyTitle,
  startIndex,
  reducedMotion,
  onPositionChange,
  onTurnStart,
  onRequestGoTo,
}: ReaderViewProps & {
  /** A dot was pressed: the reader decides whether the turn may happen now. */
  onRequestGoTo(index: number): void;
}) {
  // Read once: later positions come from the carousel itself, and new options would make it start over.
  const [options] = useState(() => ({ startIndex, duration: 22 }));
  const [viewportRef, embla] = useEmblaCarousel(options);
  const [selected, setSelected] = useState(startIndex);
  const dots = useRef<HTMLDivElement>(null);

  // The row of dots scrolls sideways in a long story: keep the current page's dot in the middle of it
  // (the row's own scroll only: scrollIntoView could move the whole screen).
  useEffect(() => {
    const row = dots.current;
    const dot = row?.children[selected];
    if (!row || !(dot instanceof HTMLElement)) return;
    row.scrollTo({
      left: dot.offsetLeft - (row.clientWidth - dot.offsetWidth) / 2,
      behavior: reducedMotion ? 'instant' : 'smooth',
    });
  }, [selected, reducedMotion]);

  const reportSelect = useEffectEvent((index: number, turning: boolean) => {
    setSelected(index);
    onPositionChange(index, index);
    if (turning) onTurnStart();
  });

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => reportSelect(embla.selectedScrollSnap(), true);
    // New slides (an edit changed the pages) may move the carousel without a turn.
    const onReInit = () => reportSelect(embla.selectedScrollSnap(), false);
    embla.on('select', onSelect);
    embla.on('reInit', onReInit);
    return () => {
      embla.off('select', onSelect);
      embla.off('reInit', onReInit);
    };
  }, [embla]);

  useImperativeHandle(
    ref,
    () => ({
      turn(direction) {
        if (direction > 0) embla?.scrollNext(reducedMotion);
        else embla?.scrollPrev(reducedMotion);
      },
      goTo(index) {
        embla?.scrollTo(index, reducedMotion);
      },
    }),
    [embla, reducedMotion],
  );

  return (
    <div className="flipbook-carousel">
      <div className="flipbook-carousel__viewport" ref={viewportRef}>
        <div className="flipbook-carousel__track">
          {pages.map((page, index) => (
            <div
              key={index}
              className="flipbook-carousel__slide"
              // Every page has the height its text was laid out for (measure-pages.ts).
              style={{ height: box.pageHeight }}
              role="group"
              aria-roledescription="page"
              aria-label={`Page ${index + 1} of ${pages.length}`}
              inert={index !== selected}
            >
              <FlipbookPageContent page={page} number={index + 1} storyTitle={storyTitle} />
            </div>
          ))}
        </div>
      </div>
      <div className="flipbook-dots" role="group" aria-label="Pages" ref={dots}>
        {pages.map((_, index) => (
          <button
            key={index}
            type="button"
            className="flipbook-dots__dot"
            aria-label={`Go to page ${index + 1}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => onRequestGoTo(index)}
          />
        ))}
      </div>
    </div>
  );
}
