/**
 * What the use cases refuse, as errors the caller can tell apart. They name a rule, never a transport:
 * the API maps each to its status and SPEC message in one table (lambdas/api/errors.ts).
 */

/** The family's library holds 10 stories already (a new story takes a slot too). */
export class LibraryFullError extends Error {
  constructor(readonly currentCount: number) {
    super('LIBRARY_FULL');
    this.name = 'LibraryFullError';
  }
}

/** A story page holds at most 3 pictures (SPEC §5), those being painted included. */
export class ImageLimitError extends Error {
  constructor() {
    super('Maximum 3 images per story');
    this.name = 'ImageLimitError';
  }
}

/** The picture type asked for is held by another picture or job of the story. */
export class ImageTypeTakenError extends Error {
  constructor() {
    super('This picture is already there or being painted.');
    this.name = 'ImageTypeTakenError';
  }
}

/** No such story, or none the caller may see: the two are never told apart. */
export class StoryNotFoundError extends Error {
  constructor(readonly storyId: string) {
    super('Story not found');
    this.name = 'StoryNotFoundError';
  }
}

/** A page cursor that is not one this API handed out (forged or stale). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid page cursor');
    this.name = 'InvalidCursorError';
  }
}
