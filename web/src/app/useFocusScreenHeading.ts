import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * What had the focus at the person's last click or key press: the control that led to a new screen. Until the
 * first one, a change of address is the app's own (a guard's redirect, /create to /create/01) and the page is
 * still being read from its top, so the focus stays where the browser put it (an autofocused field keeps it).
 */
let interacted = false;
let focusAtLastAction: Element | null = null;
if (typeof window !== 'undefined') {
  const record = () => {
    interacted = true;
    focusAtLastAction = document.activeElement;
  };
  window.addEventListener('click', record, { capture: true });
  window.addEventListener('keydown', record, { capture: true });
}

/** The heading a screen is about: the main region's h1, else the page's. */
function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  // The screen's top was already brought into view; the heading may sit below a picture that belongs above it.
  heading.focus({ preventScroll: true });
}

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * On every change of screen after the person's first action, the focus moves to the new screen's h1, so a
 * screen reader announces where they arrived and Tab starts from the top of the new content. Screens that load
 * their content (a spinner first) get the focus when their heading appears. A screen that places the focus
 * itself (a field, a dialog, the flipbook's reader) keeps it. When a screen's content is replaced under the
 * focus without a change of address (the story page's progress, then the finished story), the new screen
 * starts at its top with the focus on its heading too.
 */
export function useFocusScreenHeading(): void {
  const location = useLocation();
  const initialKey = useRef(location.key);

  useEffect(() => {
    if (location.key === initialKey.current || !interacted) return;
    const before = focusAtLastAction;
    let placed: HTMLElement | undefined;
    // Whether the heading still holds the focus: only then is its removal a new screen taking its place.
    let headingFocused = false;
    let settled = false;
    const place = (heading: HTMLElement) => {
      placed = heading;
      focusHeading(heading);
      headingFocused = document.activeElement === heading;
    };

    const follow = () => {
      if (settled) return;
      if (!placed) {
        // The person acted again while the screen was loading: they have moved on, leave the focus to them.
        if (focusAtLastAction !== before) {
          settled = true;
          return;
        }
        const active = document.activeElement;
        // The new screen chose where the focus goes: something of its own (not the header's button a closing
        // dialog handed the focus back to) that had no focus when the person acted.
        if (!focusIsLost() && active !== before && active?.closest('main, dialog[open]')) {
          settled = true;
          return;
        }
        const heading = screenHeading();
        if (heading) place(heading); // else still loading: wait for the heading
      } else if (!placed.isConnected && headingFocused && focusIsLost()) {
        const heading = screenHeading();
        if (!heading) return;
        window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
        place(heading);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      headingFocused = event.target === placed;
    };

    const observer = new MutationObserver(follow);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    follow();
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [location.key]);
}
