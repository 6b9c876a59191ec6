import { ACCOUNT_DATA_MESSAGES, MESSAGES, WRONG_CURRENT_PASSWORD } from '#common/validation/account-messages.js';
import { FAMILY_MESSAGES, FAMILY_TEXTS } from '#common/family.js';
import { ADMIN_MESSAGES, IMAGE_MESSAGES } from '#common/validation/messages.js';

/**
 * What the use cases refuse, as errors the caller can tell apart. They name a rule, never a transport:
 * the API maps each to its status and code in one table (lambdas/api/errors.ts). The message is the one
 * the caller is shown (the SPEC's wording where it has one).
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** SPEC §8's wording for a rate limit. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** A rate limit's window is used up (lambdas/data/repositories/rate-limits.ts counts the calls). */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMIT_MESSAGE);
    this.name = 'RateLimitedError';
  }
}

/** No such story, or none the caller may see: the two are never told apart. */
export class StoryNotFoundError extends DomainError {
  constructor(readonly storyId: string) {
    super(ADMIN_MESSAGES.storyNotFound);
  }
}

/** The story is still being written or painted, so its pictures cannot change yet. */
export class StoryNotReadyError extends DomainError {
  constructor() {
    super('This story is still being made.');
  }
}

/** The workflow is still writing the story: deleting it now would leave the workflow writing into nothing. */
export class StoryGeneratingError extends DomainError {
  constructor() {
    super('This story is still being made. You can remove it once it is ready.');
  }
}

/** The family's library holds 10 stories already (a new story takes a slot too). */
export class LibraryFullError extends DomainError {
  constructor(readonly currentCount: number) {
    super('LIBRARY_FULL');
  }
}

/** A story page holds at most 3 pictures (SPEC §5), those being painted included. */
export class ImageLimitError extends DomainError {
  constructor() {
    super(IMAGE_MESSAGES.maximum);
  }
}

/** The picture type asked for is held by another picture or job of the story. */
export class ImageTypeTakenError extends DomainError {
  constructor() {
    super('This picture is already being painted.');
  }
}

export class ImageNotFoundError extends DomainError {
  constructor() {
    super(IMAGE_MESSAGES.notFound);
  }
}

/** Only a failed picture job can be dismissed. */
export class JobNotFoundError extends DomainError {
  constructor() {
    super('Nothing to dismiss');
  }
}

/** A narration part past the story's end (the story's parts are counted from its text). */
export class NarrationPartNotFoundError extends DomainError {
  constructor() {
    super('This part of the story has no words to read.');
  }
}

/** A page cursor that is not one this API handed out (forged or stale). */
export class InvalidCursorError extends DomainError {
  constructor() {
    super('Invalid page cursor');
  }
}

/** Input that passed the request's schema but not a rule that needs more (the family's age band). */
export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A token that outlived its account (deleted by its owner or an admin). */
export class AccountGoneError extends DomainError {
  constructor() {
    super(ACCOUNT_DATA_MESSAGES.accountGone);
  }
}

export class UserNotFoundError extends DomainError {
  constructor() {
    super(ADMIN_MESSAGES.userNotFound);
  }
}

/** An admin cannot suspend, demote or delete themselves (they could lock everyone out). */
export class NotYourselfError extends DomainError {
  constructor() {
    super(ADMIN_MESSAGES.notYourself);
  }
}

export class TemplateNotFoundError extends DomainError {
  constructor() {
    super(ADMIN_MESSAGES.templateNotFound);
  }
}

export class NoteNotFoundError extends DomainError {
  constructor() {
    super('Note not found');
  }
}

/** A password change whose current password was wrong (nothing changed). */
export class WrongPasswordError extends DomainError {
  constructor() {
    super(WRONG_CURRENT_PASSWORD);
  }
}

/** Cognito refused a password change for too many attempts. */
export class TooManyAttemptsError extends DomainError {
  constructor() {
    super(MESSAGES.tooManyAttempts);
  }
}

/** An admin account cannot delete itself from "My account" (the last admin could lock everyone out). */
export class AdminAccountError extends DomainError {
  constructor() {
    super(ACCOUNT_DATA_MESSAGES.adminAccount);
  }
}

/** A family holds at most six children (issue 36). */
export class TooManyChildrenError extends DomainError {
  constructor() {
    super(FAMILY_MESSAGES.tooManyChildren);
  }
}

/** A family keeps at least one child: every screen reads for one. */
export class LastChildError extends DomainError {
  constructor() {
    super(FAMILY_MESSAGES.lastChild);
  }
}

/** A call named a child that is not (or no longer) in the caller's family. */
export class ChildNotFoundError extends DomainError {
  constructor() {
    super(FAMILY_MESSAGES.childNotFound);
  }
}

/** A "Grown-ups only" call without a valid grown-up grant (issue 36: the server enforces the gate). */
export class GrownUpRequiredError extends DomainError {
  constructor() {
    super(FAMILY_MESSAGES.grownUpRequired);
  }
}

/** A wrong PIN or password at the grown-up gate; `locked` once too many PINs were wrong. */
export class UnlockRefusedError extends DomainError {
  constructor(
    message: string,
    readonly locked = false,
  ) {
    super(message);
  }
}

/** A story made for a child whose stories wait for a grown-up's yes: not shown to the child until then. */
export class AwaitingApprovalError extends DomainError {
  constructor() {
    super(FAMILY_TEXTS.waitingForGrownUp);
  }
}
