import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AccountGoneError,
  AdminAccountError,
  AwaitingApprovalError,
  ChildNotFoundError,
  GrownUpRequiredError,
  LastChildError,
  TooManyChildrenError,
  UnlockRefusedError,
  DomainError,
  ImageLimitError,
  ImageNotFoundError,
  ImageTypeTakenError,
  InvalidCursorError,
  NarrationPartNotFoundError,
  InvalidInputError,
  JobNotFoundError,
  LibraryFullError,
  NoteNotFoundError,
  NotYourselfError,
  StoryGeneratingError,
  StoryNotFoundError,
  StoryNotReadyError,
  TemplateNotFoundError,
  TooManyAttemptsError,
  UserNotFoundError,
  WrongPasswordError,
} from '../use-cases/errors.js';

/** An error whose message is safe and useful to show the caller. Anything else becomes a plain 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ErrorBody = { error: { code: string; message: string } & Record<string, unknown> };

export const errorBody = (code: string, message: string, details?: Record<string, unknown>): ErrorBody => ({
  error: { code, message, ...details },
});

type Answer<E> = readonly [status: ContentfulStatusCode, code: string, details?: (error: E) => Record<string, unknown>];
type DomainErrorClass<E extends DomainError> = abstract new (...args: never[]) => E;
const answer = <E extends DomainError>(type: DomainErrorClass<E>, ...how: Answer<E>) => ({ type, how });

/**
 * Every refusal of a use case, as the API answers it: the one place a domain rule becomes a status and a
 * code (the message is the error's own, the SPEC's wording where it has one).
 */
const DOMAIN_ERRORS = [
  answer(StoryNotFoundError, 404, 'STORY_NOT_FOUND'),
  answer(StoryNotReadyError, 409, 'STORY_NOT_READY'),
  answer(StoryGeneratingError, 409, 'STORY_GENERATING'),
  answer(LibraryFullError, 409, 'LIBRARY_FULL', (error) => ({ currentCount: error.currentCount })),
  answer(ImageLimitError, 409, 'IMAGE_LIMIT'),
  answer(ImageTypeTakenError, 409, 'IMAGE_BEING_PAINTED'),
  answer(ImageNotFoundError, 404, 'IMAGE_NOT_FOUND'),
  answer(JobNotFoundError, 404, 'JOB_NOT_FOUND'),
  answer(NarrationPartNotFoundError, 404, 'NARRATION_PART_NOT_FOUND'),
  answer(InvalidCursorError, 400, 'INVALID_CURSOR'),
  answer(InvalidInputError, 400, 'VALIDATION_FAILED', (error) => ({ field: error.field })),
  answer(AccountGoneError, 401, 'UNAUTHENTICATED'),
  answer(UserNotFoundError, 404, 'USER_NOT_FOUND'),
  answer(NotYourselfError, 400, 'NOT_YOURSELF'),
  answer(TemplateNotFoundError, 404, 'TEMPLATE_NOT_FOUND'),
  answer(NoteNotFoundError, 404, 'NOTE_NOT_FOUND'),
  answer(WrongPasswordError, 400, 'WRONG_PASSWORD'),
  answer(TooManyAttemptsError, 429, 'TOO_MANY_ATTEMPTS'),
  answer(AdminAccountError, 403, 'ADMIN_ACCOUNT'),
  answer(TooManyChildrenError, 409, 'TOO_MANY_CHILDREN'),
  answer(LastChildError, 409, 'LAST_CHILD'),
  answer(ChildNotFoundError, 404, 'CHILD_NOT_FOUND'),
  answer(GrownUpRequiredError, 403, 'GROWN_UP_REQUIRED'),
  answer(UnlockRefusedError, 403, 'UNLOCK_REFUSED', (error) => ({ locked: error.locked })),
  answer(AwaitingApprovalError, 403, 'AWAITING_APPROVAL'),
];

/** The API's answer to an error: its own ApiError, a use case's refusal, or undefined (an unexpected 500). */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (!(error instanceof DomainError)) return undefined;
  for (const { type, how } of DOMAIN_ERRORS) {
    if (!(error instanceof type)) continue;
    const [status, code, details] = how as Answer<DomainError>;
    return new ApiError(status, code, error.message, details?.(error));
  }
  return undefined;
}
