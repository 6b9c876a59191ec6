import { useEffect, useState } from 'react';
import { storedValue } from './stored-choice';

type Grant = { userId: string; token: string; expiresAt: string };
const isGrant = (value: unknown): value is Grant =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Grant).userId === 'string' &&
  typeof (value as Grant).token === 'string' &&
  typeof (value as Grant).expiresAt === 'string';

/**
 * The grown-up grant of this tab (POST /api/grown-up/unlock): in sessionStorage, so it survives a reload
 * but not the tab, and is sent with every API call until it expires (the server checks it; see the README's
 * "A family"). One account's grant is never another's.
 */
const grant = storedValue(() => sessionStorage, 'story-magic:grown-up', isGrant);

const live = (value: Grant | undefined, userId: string | undefined, now = Date.now()) =>
  value && userId && value.userId === userId && Date.parse(value.expiresAt) > now ? value : undefined;

/** This account's live grant token, if a grown-up unlocked this tab. */
export const grownUpToken = (userId: string | undefined): string | undefined => live(grant.read(), userId)?.token;

export const keepGrant = (userId: string, token: string, expiresAt: string) => grant.set({ userId, token, expiresAt });
export const dropGrant = () => grant.clear();

/** Whether a grown-up unlocked this tab for this account: false again once the grant's time is up. */
export function useGrownUpUnlocked(userId: string | undefined): boolean {
  const stored = grant.useStored();
  const current = live(stored, userId);
  const [, expired] = useState(0);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => expired((n) => n + 1), Math.max(0, Date.parse(current.expiresAt) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [current]);
  return current !== undefined;
}
