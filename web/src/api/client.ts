import { fetchAuthSession } from 'aws-amplify/auth';
import { CHILD_HEADER, GROWN_UP_HEADER } from '#common/family';
import { MESSAGES } from '#common/validation/account-messages';
import { dropGrant, grownUpToken } from '../family/grown-up-grant';
import { chosenChild, forgetChosenChild } from '../family/reader-choice';
import { takeEarlyRead } from './early-reads';

/** An API refusal, with the server's code and its message (safe to show). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Listener = (error: ApiRequestError) => void;
const accountListeners = new Set<Listener>();

/** Called when the server says the account itself can no longer be used (suspended, session ended). */
export function onAccountRefused(listener: Listener): () => void {
  accountListeners.add(listener);
  return () => accountListeners.delete(listener);
}

/** A revocation refuses tokens to the second; one second after its refusal, that second is over. */
const REVOCATION_SETTLE_MS = 1000;

async function accessToken(forceRefresh = false): Promise<{ token: string; userId: string } | undefined> {
  const session = await fetchAuthSession({ forceRefresh });
  const access = session.tokens?.accessToken;
  return access ? { token: access.toString(), userId: String(access.payload.sub) } : undefined;
}

/** What a call is the second try of: the same session without a removed child, or a refreshed session. */
type Retry = 'none' | 'without-child' | 'refreshed';

/**
 * Calls the HTTP API on the same origin with the signed-in user's access token. A revoked session is
 * refreshed once (a role change needs a new token); a suspended account is reported to the listeners.
 */
async function request(path: string, init: RequestInit, retried: Retry = 'none'): Promise<Response> {
  let session: Awaited<ReturnType<typeof accessToken>>;
  try {
    session = await accessToken(retried === 'refreshed');
  } catch (cause) {
    if (retried !== 'refreshed') throw cause;
    // Cognito refused the refresh: the account was signed out everywhere (a password change elsewhere).
    const ended = new ApiRequestError(401, 'SESSION_REVOKED', MESSAGES.sessionEnded);
    for (const listener of accountListeners) listener(ended);
    throw ended;
  }
  const token = session?.token;
  // The child being read to, and a grown-up's grant, as this device holds them for this account.
  const child = chosenChild(session?.userId);
  const grant = grownUpToken(session?.userId);
  // A first read the page's early script already sent with this token is its answer (see early-reads.ts).
  const early = token && !init.method && !init.body ? await takeEarlyRead(path, token, child) : undefined;
  const response =
    early ??
    (await fetch(`/api${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(child ? { [CHILD_HEADER]: child } : {}),
        ...(grant ? { [GROWN_UP_HEADER]: grant } : {}),
        ...init.headers,
      },
    }));
  if (response.ok) return response;

  const body = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string } & Record<string, unknown>;
  };
  // A refusal that is not the app's own (API Gateway's stage throttling answers 429 {"message": …}): a
  // too-busy answer reads as SPEC's "Too many requests", never "Something went wrong".
  const busy = response.status === 429;
  const {
    code = busy ? 'RATE_LIMITED' : 'HTTP_' + response.status,
    message = busy ? MESSAGES.tooManyAttempts : 'Something went wrong',
    ...details
  } = body.error ?? {};
  const retryAfter = Number(response.headers.get('retry-after'));
  const error = new ApiRequestError(response.status, code, message, {
    ...details,
    ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  });
  // The child chosen here was removed (on another device): read for the family's first child instead. The
  // session is as good as before, so it is not refreshed for this.
  if (code === 'CHILD_NOT_FOUND' && child && retried === 'none') {
    forgetChosenChild();
    return request(path, init, 'without-child');
  }
  // The grant ran out (or was ended): the screen asks a grown-up again.
  if (code === 'GROWN_UP_REQUIRED') dropGrant();
  if (code === 'SESSION_REVOKED' && retried !== 'refreshed') {
    // A role change ended this token; a fresh one carries the new groups (after a password change elsewhere
    // the refresh is refused: see above). The server refuses every token of the revocation's second, so
    // the refresh waits until that second is surely over.
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_SETTLE_MS));
    return request(path, init, 'refreshed');
  }
  if (code === 'ACCOUNT_SUSPENDED' || code === 'SESSION_REVOKED' || code === 'UNAUTHENTICATED') {
    for (const listener of accountListeners) listener(error);
  }
  throw error;
}

/** A JSON call to the API (see `request`). */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await request(path, init);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A file the API serves as an attachment: its bytes and the name its Content-Disposition gives it. */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await request(path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}
