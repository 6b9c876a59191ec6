import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * The app's toasts (SPEC §9). The toast library loads with the first toast of a visit rather than with
 * every screen, since most visits to home or a story show none. A toast asked for before the toaster
 * is on screen waits for it (the library drops toasts no toaster is listening for), and toasts show in
 * the order they were asked for.
 */
type Sonner = typeof SonnerModule;
type Show = (sonner: Sonner) => void;

const loadSonner = () => import('sonner');
let toasterMounted = false;
let toasterWanted = false;
const waiting: Show[] = [];
const listeners = new Set<() => void>();

function show(toastIt: Show): void {
  if (toasterMounted) {
    void loadSonner().then(toastIt);
    return;
  }
  waiting.push(toastIt);
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ExternalToast) => show(({ toast }) => toast.error(message, options)),
  info: (message: string, options?: ExternalToast) => show(({ toast }) => toast.info(message, options)),
};

/** For AppToaster: whether a toast has been asked for, so its toaster (and the library) should load. */
export const useToasterWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
  );

/** For AppToaster: its toaster is listening (or no longer is); toasts that waited for it show now. */
export function setToasterMounted(mounted: boolean): void {
  toasterMounted = mounted;
  if (!mounted) return;
  const shows = waiting.splice(0);
  void loadSonner().then((sonner) => {
    for (const toastIt of shows) toastIt(sonner);
  });
}
