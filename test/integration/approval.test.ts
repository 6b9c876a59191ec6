import { describe, expect, inject, it } from 'vitest';
import type { LibraryCardView, WaitingStoryView } from '#common/api/views.js';
import { signUp } from '../support/accounts.js';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { decodePayload } from '../support/tokens.js';

/** Approval before reading (issue 36), over real HTTP against the local stack. */

const stack = inject('stack');
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

/** A family whose child's stories wait for a grown-up's yes. */
async function familyWithApproval() {
  const account = await signUp(stack, { displayName: 'Robin Parent' });
  const userId = String(decodePayload(account.accessToken).sub);
  const child = apiClient(stack, account.accessToken);
  const parent = await grownUpClient(stack, account);
  expect((await parent(`/children/${userId}`, json({ approvalRequired: true }, 'PATCH'))).status).toBe(200);
  return { userId, child, parent };
}

/** The child asks for a story; the parent (who may read it) waits until it is made. */
async function storyFor(family: Awaited<ReturnType<typeof familyWithApproval>>, heroName = 'Maya') {
  const made = await family.child('/stories', json({ ...storyChoices, heroName }));
  expect(made.status).toBe(202);
  const storyId = String(made.body.storyId);
  await waitForStory(family.parent, storyId);
  return storyId;
}

describe('approval before reading (issue 36)', () => {
  it('a new story waits for the grown-up: hidden from the child, listed for the parent, readable once they say yes', async () => {
    const family = await familyWithApproval();
    const storyId = await storyFor(family);

    // The child sees only that it waits: not its text, title or picture.
    const refused = await family.child(`/stories/${storyId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'AWAITING_APPROVAL',
      message: 'Waiting for a grown-up to say yes',
    });
    const cards = (await family.child('/library')).body.stories as LibraryCardView[];
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      id: storyId,
      awaitingApproval: true,
      title: '',
      preview: '',
      coverImageUrl: null,
    });
    expect((await family.child(`/stories/${storyId}/narration/0`)).status).toBe(403);
    // Nor can anyone open it to others, or say yes without the grown-up's grant.
    expect((await family.parent(`/stories/${storyId}/sharing`, json({ open: true }, 'PUT'))).status).toBe(404);
    expect((await family.child('/approvals')).status).toBe(403);
    expect((await family.child(`/stories/${storyId}/approval`, json({ decision: 'yes' }))).status).toBe(403);
    const stranger = await grownUpClient(stack, await signUp(stack, { displayName: 'Stranger' }));
    expect((await stranger(`/stories/${storyId}/approval`, json({ decision: 'yes' }))).status).toBe(404);

    // "Waiting for you": the parent sees whose story waits, reads it, and says yes.
    const waiting = (await family.parent('/approvals')).body.stories as WaitingStoryView[];
    expect(waiting).toEqual([
      expect.objectContaining({
        id: storyId,
        status: 'ready',
        heroName: 'Maya',
        childId: family.userId,
        childName: 'Robin Parent',
      }),
    ]);
    expect((await family.parent(`/stories/${storyId}`)).status).toBe(200);
    expect((await family.parent(`/stories/${storyId}/approval`, json({ decision: 'maybe' }))).status).toBe(400);
    const yes = await family.parent(`/stories/${storyId}/approval`, json({ decision: 'yes' }));
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);

    const read = await family.child(`/stories/${storyId}`);
    expect(read.status).toBe(200);
    expect(read.body.approval).toBeNull();
    expect(((await family.child('/library')).body.stories as LibraryCardView[])[0]).toMatchObject({
      awaitingApproval: false,
    });
    expect((await family.parent('/approvals')).body.stories).toEqual([]);
    // Saying yes twice changes nothing more.
    expect((await family.parent(`/stories/${storyId}/approval`, json({ decision: 'yes' }))).status).toBe(404);
  });

  it('a story sent back is deleted and frees the child’s library slot', async () => {
    const family = await familyWithApproval();
    const storyId = await storyFor(family, 'Kofi');
    expect((await family.child('/me')).body.libraryCount).toBe(1);
    const back = await family.parent(`/stories/${storyId}/approval`, json({ decision: 'send-back' }));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await family.parent(`/stories/${storyId}`)).status).toBe(404);
    expect((await family.child('/library')).body.stories).toEqual([]);
    expect((await family.child('/me')).body.libraryCount).toBe(0);
    expect((await family.parent('/approvals')).body.stories).toEqual([]);
  });

  it('a child without the switch reads new stories at once, as before', async () => {
    const account = await signUp(stack, { displayName: 'Plain Family' });
    const call = apiClient(stack, account.accessToken);
    const { body } = await call('/stories', json(storyChoices));
    const story = await waitForStory(call, String(body.storyId));
    expect(story).toMatchObject({ status: 'ready', approval: null });
  });
});
