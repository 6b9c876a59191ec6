import type { Context } from 'hono';
import type { Caller } from '../auth/token-verifier.js';
import type { UseCases } from '../deps.js';

/**
 * Who may call a route. Every route declares one; the app refuses to register a route without it, and
 * the authorization tests walk the same list.
 * - `public`: anyone, no token needed.
 * - `reader`: anyone, signed in or not (a story whose share link is open); a token, when sent, is checked
 *   as for `user` and the handler sees the caller.
 * - `user`: any signed-in, active account (ownership is then checked by the handler).
 * - `grown-up`: a signed-in, active account whose call carries a live grown-up grant ("Grown-ups only").
 * - `admin`: a signed-in, active account whose token carries the `admin` group.
 */
export type Access = 'public' | 'reader' | 'user' | 'grown-up' | 'admin';

export type Env = {
  Variables: {
    caller: Caller | undefined;
    /** The stories whose media the answer shows (`showsMediaOf`): their signed cookies go with it. */
    mediaShown: readonly string[] | undefined;
  };
};

export type RouteDefinition = Readonly<{
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/api`, in Hono syntax (`/stories/:id`). */
  path: string;
  access: Access;
  /** A route calls use cases only (README "The server's layers"). */
  handle: (c: Context<Env>, deps: UseCases) => Response | Promise<Response>;
}>;

export const defineRoute = (route: RouteDefinition): RouteDefinition => route;

/** The verified caller of a route whose access is `user`, `grown-up` or `admin`. */
export function callerOf(c: Context<Env>): Caller {
  const caller = c.get('caller');
  if (!caller) throw new Error('callerOf() used on a public route');
  return caller;
}

/**
 * The answer shows these stories' media (pictures, a card's cover, a part's narration), which the use case
 * has let this caller see: the app hands the browser their signed cookies with it (app.ts). The ids come
 * from the views, never from the answer's text: a title can hold any story's folder.
 */
export function showsMediaOf(c: Context<Env>, storyIds: Iterable<string>): void {
  c.set('mediaShown', [...new Set([...(c.get('mediaShown') ?? []), ...storyIds])]);
}

/** The stories among these views that show a picture (a story's, a card's cover; a hidden card shows none). */
export const withPictures = (
  views: readonly { id: string; coverImageUrl: string | null; images?: readonly unknown[] }[],
) => views.filter((view) => view.coverImageUrl !== null || (view.images?.length ?? 0) > 0).map((view) => view.id);

/** The caller of a `reader` route: undefined for a visitor without an account. */
export const readerOf = (c: Context<Env>): Caller | undefined => c.get('caller');
