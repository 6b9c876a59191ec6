import { READER_CHOICE_KEY } from '#common/early-reads';
import { storedValue } from './stored-choice';

type Choice = { userId: string; childId: string };
const isChoice = (value: unknown): value is Choice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Choice).userId === 'string' &&
  typeof (value as Choice).childId === 'string';

/**
 * The child being read to on this device (issue 36): chosen on "Who's reading tonight?", named by every API
 * call (the child header) and by the page's early reads. Kept per account, forgotten at sign-in and sign-out
 * so a family with two or more children is asked again after signing in.
 */
const choice = storedValue(() => localStorage, READER_CHOICE_KEY, isChoice);

/** The child chosen on this device for this account, if any. */
export const chosenChild = (userId: string | undefined): string | undefined => {
  const current = choice.read();
  return userId && current?.userId === userId ? current.childId : undefined;
};

export const chooseChild = (userId: string, childId: string) => choice.set({ userId, childId });
export const forgetChosenChild = () => choice.clear();

/** The chosen child, re-rendering when another is chosen (here or in another tab). */
export function useChosenChild(userId: string | undefined): string | undefined {
  const current = choice.useStored();
  return userId && current?.userId === userId ? current.childId : undefined;
}
