import { GROWN_UP_HEADER } from '#common/family.js';
import type { StackContext } from './stack-context.js';

/**
 * Calls the local API over real HTTP as a signed-in family (or anonymously without a token); `headers` go
 * with every call (a child header, a grown-up grant).
 */
export function apiClient(stack: StackContext, token?: string, headers: Record<string, string> = {}) {
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.apiUrl}/api${path}`, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...headers,
        ...init.headers,
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & {
        error?: { code: string; message: string };
      },
    };
  };
}

export const storyChoices = {
  heroName: 'Maya',
  characterType: 'Explorer',
  storyType: 'Adventure',
  mission: 'Treasure',
  artStyle: 'watercolor',
  generationMode: 'express',
} as const;

/**
 * Polls a story until its workflow is done (the local workflow runs in the stack's process): it left
 * `generating`, and the cover it queued when it became ready is painted or has failed (a creator sees the
 * picture jobs; anyone else gets the story as soon as it is ready).
 */
export async function waitForStory(call: ReturnType<typeof apiClient>, storyId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await call(`/stories/${storyId}`);
    if (status !== 200) throw new Error(`GET story answered ${status}: ${JSON.stringify(body)}`);
    const jobs = (body.imageJobs ?? []) as { status: string }[];
    if (body.status !== 'generating' && !jobs.some((job) => job.status === 'pending')) return body;
    if (Date.now() > deadline) throw new Error(`Story ${storyId} still being made after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The HTTP status of a picture's object in the media bucket (a `/media/...` address): 404 once deleted. */
export const mediaObjectStatus = async (stack: StackContext, url: string) =>
  (await fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${url}`)).status;

/**
 * A grown-up of the family passes the gate with the account password (POST /api/grown-up/unlock) and calls
 * the API with the grant, as the SPA does once "Grown-ups only" is answered.
 */
export async function grownUpClient(
  stack: StackContext,
  account: { accessToken: string; password: string },
  headers: Record<string, string> = {},
) {
  const unlock = await apiClient(stack, account.accessToken)('/grown-up/unlock', {
    method: 'POST',
    body: JSON.stringify({ password: account.password }),
  });
  if (unlock.status !== 200) throw new Error(`unlock answered ${unlock.status}: ${JSON.stringify(unlock.body)}`);
  return apiClient(stack, account.accessToken, { [GROWN_UP_HEADER]: String(unlock.body.token), ...headers });
}
