import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { NarrationPlayerProps } from './NarrationPlayer';

// The player, its engine and its styles load only when "Read to me" is pressed: they cost a reader nothing before.
const NarrationPlayer = lazy(() => import('./NarrationPlayer'));

/** The "Read to me" button of the story page and the flipbook; pressed, it becomes the player. */
export function ReadToMe(props: Omit<NarrationPlayerProps, 'onClose'> & { className?: string }) {
  const { className, ...player } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);

  // Stopping brings the focus back to the button that started it.
  useEffect(() => {
    if (!open && closing.current) {
      closing.current = false;
      button.current?.focus();
    }
  }, [open]);

  if (open) {
    return (
      <Suspense fallback={<p role="status">Getting the story ready…</p>}>
        <NarrationPlayer
          {...player}
          onClose={() => {
            closing.current = true;
            setOpen(false);
          }}
        />
      </Suspense>
    );
  }
  return (
    <button
      ref={button}
      type="button"
      className={`button button--primary read-to-me ${className ?? ''}`}
      onClick={() => setOpen(true)}
    >
      <span aria-hidden="true">🔊</span> Read to me
    </button>
  );
}
