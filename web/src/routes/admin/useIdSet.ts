import { useState } from 'react';

/**
 * A set of row ids as state (rows being changed, rows selected): the set, a function that adds (`on`) or removes
 * one id, and the setter for replacing the whole set. Each change makes a new set, so React re-renders.
 */
export function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  function mark(id: string, on: boolean) {
    setIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  return [ids, mark, setIds] as const;
}
