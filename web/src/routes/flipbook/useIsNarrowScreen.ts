import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '#common/limits';

/** SPEC §9: narrower than 768 px is a narrow screen (the swipe carousel instead of the book). */
export const NARROW_SCREEN_QUERY = `(max-width: ${LIMITS.narrowScreenPx - 1}px)`;
/** Wide enough for the book to lie open on two pages; between this and narrow it shows one page at a time. */
export const BOOK_SPREAD_QUERY = '(min-width: 1024px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now, following its changes (resizing, rotating, a changed OS setting). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsNarrowScreen = () => useMediaQuery(NARROW_SCREEN_QUERY);
export const useIsBookSpread = () => useMediaQuery(BOOK_SPREAD_QUERY);
export const usePrefersReducedMotion = () => useMediaQuery(REDUCED_MOTION_QUERY);
