import { useEffect, useRef } from 'react';

/** A native modal <dialog> opened as soon as it mounts (focus trap, Escape and backdrop come with it). */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return dialog;
}
