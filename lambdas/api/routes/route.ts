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

export type Env = { Variables: { caller: Caller | undefined } };

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

/** The caller of a `reader` route: undefined for a visitor without an account. */
export const readerOf = (c: Context<Env>): Caller | undefined => c.get('caller');
