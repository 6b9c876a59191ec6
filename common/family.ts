import { DATA_POLICY_TITLE } from './data-policy.js';

/**
 * A family: the account belongs to a grown-up, who keeps up to six child profiles (issue 36). Shared by the
 * SPA and the server, with no zod (the schemas are in validation/family.ts), so every signed-in screen can
 * read these without downloading validation code.
 */

/** A family holds at most this many child profiles. */
export const MAX_CHILDREN = 6;
/** A child's first name or nickname, at most this long. */
export const CHILD_NAME_MAX = 30;

/**
 * The request header naming the child a call acts for (the one being read to). A call without it acts for
 * the family's first child, so a family with one child (and every client older than child profiles) never
 * sends it.
 */
export const CHILD_HEADER = 'x-story-magic-child';

/** The request header carrying a grown-up grant (POST /api/grown-up/unlock), for "Grown-ups only" calls. */
export const GROWN_UP_HEADER = 'x-story-magic-grown-up';

/** A grant lasts this long: long enough to set things up, short enough that a child who finds the device later does not. */
export const GROWN_UP_GRANT_SECONDS = 10 * 60;

/** A PIN is four digits. */
export const PIN_LENGTH = 4;
/** Wrong PINs in a row before the PIN is locked for PIN_LOCK_MINUTES (the password still works). */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;

/** A child's picture: an emoji on a colour, chosen from these (never a photo). */
export const CHILD_EMOJIS = ['🦊', '🐼', '🦄', '🐯', '🐸', '🐙', '🦁', '🐧', '🐢', '🚀', '🌈', '⭐'] as const;
export type ChildEmoji = (typeof CHILD_EMOJIS)[number];
/** The colours, by name: the SPA paints each with its own design token (--child-<colour>). */
export const CHILD_COLOURS = ['sun', 'sky', 'leaf', 'berry', 'coral', 'lilac'] as const;
export type ChildColour = (typeof CHILD_COLOURS)[number];

/** The picture of a child nobody has chosen one for yet (a family's first child, before child profiles). */
export const DEFAULT_CHILD_AVATAR = { emoji: '⭐' as ChildEmoji, colour: 'sky' as ChildColour };

/**
 * The version of "How we keep your family's data" a parent agreed to when signing up: recorded on the
 * account with the time of the confirmation. Change it whenever the policy changes.
 */
export const DATA_POLICY_VERSION = '2026-11-27';

/** The client metadata a sign-up carries for the confirmation; the server refuses a sign-up without it. */
export const GUARDIAN_METADATA_KEY = 'guardianConfirmed';

/** The user's words (issue 36). */
export const FAMILY_TEXTS = {
  guardianConfirmation: 'I am a parent or guardian and at least 18',
  whoIsReading: "Who's reading tonight?",
  addChild: 'Add a child',
  grownUpsOnly: 'Grown-ups only',
  waitingForYou: 'Waiting for you',
  waitingForGrownUp: 'Waiting for a grown-up to say yes',
  anyoneWithLink: 'Anyone with the link can read this story',
  dataPolicy: DATA_POLICY_TITLE,
} as const;

/** Messages of ours for the family's rules (not SPEC texts), the same on both sides. */
export const FAMILY_MESSAGES = {
  guardianRequired: 'Please confirm you are a parent or guardian and at least 18.',
  childNameRequired: "Please enter the child's first name or nickname",
  childNameTooLong: `Name must be ${CHILD_NAME_MAX} characters or less`,
  tooManyChildren: `A family can have up to ${MAX_CHILDREN} children.`,
  lastChild: 'A family keeps at least one child. Add another child before removing this one.',
  childNotFound: 'That child is not in this family.',
  grownUpRequired: 'Grown-ups only: ask a grown-up to unlock this.',
  pinFormat: `The PIN is ${PIN_LENGTH} digits.`,
  wrongPin: 'That PIN is not right.',
  pinLocked: `Too many wrong PINs. Try again in ${PIN_LOCK_MINUTES} minutes, or use the account password.`,
  wrongPassword: 'That password is not right.',
} as const;
