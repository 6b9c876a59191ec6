import { describe, expect, inject, it } from 'vitest';
import { adminClient, signUp } from '../support/accounts.js';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';

const stack = inject('stack');
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const visitor = apiClient(stack);

/** A family with a ready story, its child's calls and its parent's (past "Grown-ups only"). */
async function familyWithStory(displayName = 'Sharer') {
  const account = await signUp(stack, { displayName });
  const call = apiClient(stack, account.accessToken);
  const { body } = await call('/stories', send('POST', storyChoices));
  const storyId = String(body.storyId);
  await waitForStory(call, storyId);
  return { account, call, parent: await grownUpClient(stack, account), storyId };
}

describe('"Anyone with the link can read this story" (issue 36)', () => {
  it('a private story reaches no one outside its family; open, a visitor and another family read it; closed, the link is dead at once', async () => {
    const { call, parent, storyId } = await familyWithStory();
    const other = apiClient(stack, (await signUp(stack, { displayName: 'Neighbours' })).accessToken);

    // Private by default: a visitor and another family are answered as if the story did not exist.
    expect((await call(`/stories/${storyId}`)).body.linkOpen).toBe(false);
    for (const reader of [visitor, other]) {
      expect((await reader(`/stories/${storyId}`)).status).toBe(404);
      expect((await reader(`/stories/${storyId}/status`)).status).toBe(404);
      expect((await reader(`/stories/${storyId}/narration/0`)).status).toBe(404);
    }

    // Opening it is Grown-ups only: the child's call is refused by the server and changes nothing.
    const childTry = await call(`/stories/${storyId}/sharing`, send('PUT', { open: true }));
    expect(childTry.status).toBe(403);
    expect(childTry.body.error?.code).toBe('GROWN_UP_REQUIRED');
    expect((await visitor(`/stories/${storyId}`)).status).toBe(404);
    expect((await visitor(`/stories/${storyId}/sharing`, send('PUT', { open: true }))).status).toBe(401);

    const opened = await parent(`/stories/${storyId}/sharing`, send('PUT', { open: true }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toEqual({ linkOpen: true });

    // A visitor without an account reads it, read-only, pictures and "Read to me" included.
    const read = await visitor(`/stories/${storyId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: storyId,
      status: 'ready',
      linkOpen: true,
      isCreator: false,
      inLibrary: false,
    });
    expect(String(read.body.content).length).toBeGreaterThan(200);
    expect((read.body.images as { imageType: string }[]).map((image) => image.imageType)).toContain('cover');
    expect(read.body.imageJobs).toEqual([]);
    const part = await visitor(`/stories/${storyId}/narration/0`);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(String(part.body.audioUrl)).toMatch(/^\/media\/stories\//);
    // Another family reads it too, and may save it, but changes nothing of it.
    expect((await other(`/stories/${storyId}`)).status).toBe(200);
    expect((await other(`/stories/${storyId}/images`, send('POST', { mode: 'express' }))).status).toBe(404);
    // SPEC's sign-in rule for the download stays.
    expect((await visitor(`/stories/${storyId}/export`)).status).toBe(401);
    // Only its own family opens or closes the link.
    const stranger = await grownUpClient(stack, await signUp(stack, { displayName: 'Strangers' }));
    expect((await stranger(`/stories/${storyId}/sharing`, send('PUT', { open: false }))).status).toBe(404);
    expect((await visitor(`/stories/${storyId}`)).status).toBe(200);

    // Closed: dead again on the very next read, for the visitor and the other family alike.
    const closed = await parent(`/stories/${storyId}/sharing`, send('PUT', { open: false }));
    expect(closed.body).toEqual({ linkOpen: false });
    for (const reader of [visitor, other]) {
      expect((await reader(`/stories/${storyId}`)).status).toBe(404);
      expect((await reader(`/stories/${storyId}/narration/0`)).status).toBe(404);
    }
    expect((await call(`/stories/${storyId}`)).status).toBe(200);
  });

  it('refuses a bad switch with a clear message, and a story that does not exist like one never shared', async () => {
    const { parent, storyId } = await familyWithStory('Careful');
    const bad = await parent(`/stories/${storyId}/sharing`, send('PUT', { open: 'yes' }));
    expect(bad.status).toBe(400);
    expect((await parent(`/stories/${storyId}`)).body.linkOpen).toBe(false);
    const missing = await parent('/stories/00000000-0000-4000-8000-000000000000/sharing', send('PUT', { open: true }));
    expect(missing.status).toBe(404);
  });

  it('deleting a shared story kills its link', async () => {
    const { parent, storyId } = await familyWithStory('Tidy');
    expect((await parent(`/stories/${storyId}/sharing`, send('PUT', { open: true }))).status).toBe(200);
    expect((await visitor(`/stories/${storyId}`)).status).toBe(200);
    // The family removes it from the library, which deletes a story they made (SPEC).
    const removed = await parent(`/library/${storyId}`, { method: 'DELETE' });
    expect(removed.body).toMatchObject({ deleted: true });
    expect((await visitor(`/stories/${storyId}`)).status).toBe(404);
  });

  it("signs the story for anyone outside the family with the author name it chose, never the parent's own name", async () => {
    const parentName = 'Priya Parentname';
    const { call, parent, storyId } = await familyWithStory(parentName);
    const other = apiClient(stack, (await signUp(stack, { displayName: 'Neighbours' })).accessToken);
    const admin = await adminClient(stack);
    expect((await parent(`/stories/${storyId}/sharing`, send('PUT', { open: true }))).status).toBe(200);

    // No author name chosen: the family and admins see the parent's name; a visitor and another family none.
    expect((await call(`/stories/${storyId}`)).body.authorName).toBe(parentName);
    expect((await admin(`/admin/stories/${storyId}`)).body.authorName).toBe(parentName);
    for (const reader of [visitor, other]) {
      const read = await reader(`/stories/${storyId}`);
      expect(read.status).toBe(200);
      expect(read.body.authorName).toBeNull();
      expect(JSON.stringify(read.body)).not.toContain(parentName);
    }
    // The download another family makes of it (SPEC: signed in) carries no name either; the family's does.
    const download = await other(`/stories/${storyId}/export`);
    expect(download.status).toBe(200);
    expect(JSON.stringify(download.body)).not.toContain(parentName);
    expect(String((await call(`/stories/${storyId}/export`)).body.html)).toContain(`By ${parentName}`);
    // Featured, its card on every family's home page is signed the same way.
    expect((await admin(`/admin/stories/${storyId}`, send('PATCH', { isFeatured: true }))).status).toBe(200);
    const cardFor = async (reader: typeof call) =>
      ((await reader('/featured')).body.stories as { id: string; authorName: string | null }[]).find(
        (card) => card.id === storyId,
      );
    expect(await cardFor(other)).toMatchObject({ authorName: null });
    expect(await cardFor(call)).toMatchObject({ authorName: parentName });
    expect((await admin(`/admin/stories/${storyId}`, send('PATCH', { isFeatured: false }))).status).toBe(200);

    // The family chooses an author name (Profile): that is what everyone reads.
    expect((await parent('/me', send('PATCH', { authorName: 'Captain Story' }))).status).toBe(200);
    for (const reader of [visitor, other, call]) {
      expect((await reader(`/stories/${storyId}`)).body.authorName).toBe('Captain Story');
    }
  });
});
