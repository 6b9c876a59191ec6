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
    // A busy machine can reset a kept-alive connection under a poll (ECONNRESET): that poll is asked again,
    // until the deadline; a stack that is really gone still fails there.
    const answer = await call(`/stories/${storyId}`).catch((error: unknown) => {
      if (Date.now() > deadline) throw error;
      return undefined;
    });
    if (!answer) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const { status, body } = answer;
    if (status !== 200) throw new Error(`GET story answered ${status}: ${JSON.stringify(body)}`);
    const jobs = (body.imageJobs ?? []) as { status: string }[];
    if (body.status !== 'generating' && !jobs.some((job) => job.status === 'pending')) return body;
    if (Date.now() > deadline) throw new Error(`Story ${storyId} still being made after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A story made through the API and ready (POST /stories, then polled until its workflow is done): the
 * set-up the e2e and integration files share. `choices` change the default ones.
 */
export async function readyStory(
  call: ReturnType<typeof apiClient>,
  choices: Record<string, unknown> = {},
  timeoutMs?: number,
) {
  const created = await call('/stories', { method: 'POST', body: JSON.stringify({ ...storyChoices, ...choices }) });
  if (created.status !== 202)
    throw new Error(`POST /stories answered ${created.status}: ${JSON.stringify(created.body)}`);
  const story = await waitForStory(call, String(created.body.storyId), timeoutMs);
  if (story.status !== 'ready') throw new Error(`Story ${String(created.body.storyId)} ended ${String(story.status)}`);
  return story as typeof story & { id: string; title: string; content: string };
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
