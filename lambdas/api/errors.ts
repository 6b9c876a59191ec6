import type { ContentfulStatusCode } from 'hono/utils/http-status';

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
