import { useSyncExternalStore } from 'react';

/**
 * A small value kept in browser storage that screens follow as it changes (the child being read to, a
 * grown-up's grant): read with `useStored`, written with `set`/`clear`, both also in other tabs' storage events.
 */
export function storedValue<T>(storage: () => Storage, key: string, isValid: (value: unknown) => value is T) {
  const listeners = new Set<() => void>();
  let cachedText: string | null | undefined;
  let cachedValue: T | undefined;

  function read(): T | undefined {
    let text: string | null;
    try {
      text = storage().getItem(key);
    } catch {
      return undefined; // storage refused (private mode, a sandboxed frame)
    }
    if (text === cachedText) return cachedValue;
    cachedText = text;
    try {
      const parsed: unknown = text === null ? undefined : JSON.parse(text);
      cachedValue = isValid(parsed) ? parsed : undefined;
    } catch {
      cachedValue = undefined;
    }
    return cachedValue;
  }
  const changed = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const fromOtherTab = (event: StorageEvent) => event.key === key && listener();
    window.addEventListener('storage', fromOtherTab);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', fromOtherTab);
    };
  };

  return {
    read,
    set(value: T) {
      storage().setItem(key, JSON.stringify(value));
      changed();
    },
    clear() {
      storage().removeItem(key);
      changed();
    },
    /** The value as it is now, re-rendering when it changes. */
    useStored: () => useSyncExternalStore(subscribe, read, () => undefined),
  };
}
