import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState } from 'react';
import { FlipbookPageContent } from './FlipbookPageContent';
import type { ReaderViewProps } from './reader-view';

/** Roughly the signed-in layout's sticky header: a page top above this line is out of sight. */
const STICKY_HEADER_PX = 72;

/**
 * SPEC §2 flipbook on a narrow screen: one page per slide of an Embla carousel, swiped or turned with the
 * reader's buttons, with a row of dots that go straight to a page. Pages out of sight are inert, so a screen
 * reader and the Tab key stay on the page in view.
 */
export function CarouselView({
  ref,
  pages,
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
  const turned = useRef(false);

  const reportSelect = useEffectEvent((index: number, turning: boolean) => {
    setSelected(index);
    onPositionChange(index, index);
    if (turning) {
      turned.current = true;
      onTurnStart();
    }
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

  // The carousel is as tall as the page in view (pages grow with their text), following it as it changes.
  useEffect(() => {
    const slide = embla?.slideNodes()[selected];
    if (!embla || !slide) return;
    const viewport = embla.rootNode();
    const fit = () => {
      viewport.style.height = `${slide.offsetHeight}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(slide);
    return () => observer.disconnect();
  }, [embla, selected]);

  // After a turn from the bottom of a long page, bring the new page's top back into view (below the sticky
  // header of the signed-in layout).
  useEffect(() => {
    if (!turned.current || !embla) return;
    const viewport = embla.rootNode();
    if (viewport.getBoundingClientRect().top < STICKY_HEADER_PX) {
      viewport.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
    }
  }, [embla, selected, reducedMotion]);

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
      <div className="flipbook-dots" role="group" aria-label="Pages">
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
