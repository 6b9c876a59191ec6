import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now, the last opened on top. A modal dialog sits in the browser's top layer and
 * makes the rest of the page inert, so a toast that should be seen (and read out) while one is open is
 * shown inside it (AppToaster).
 */
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** A native modal <dialog> opened as soon as it mounts (focus trap, Escape and backdrop come with it). */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    open.push(element);
    changed();
    return () => {
      open.splice(open.indexOf(element), 1);
      changed();
    };
  }, []);
  return dialog;
}

/** The modal dialog on top, or undefined when none is open. */
export const useTopModalDialog = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open.at(-1),
  );
