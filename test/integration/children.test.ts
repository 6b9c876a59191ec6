import { describe, expect, inject, it } from 'vitest';
import type { AccountDataExport, ChildView, LibraryCardView, ProfileView } from '#common/api/views.js';
import { CHILD_HEADER, GROWN_UP_HEADER, MAX_CHILDREN, PIN_ATTEMPTS } from '#common/family.js';
import { signIn, signUp } from '../support/accounts.js';
import type { AdminUserPage } from '#common/api/admin-views.js';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { MARKUP_MESSAGE } from '#common/safety/check.js';
import { decodePayload } from '../support/tokens.js';

/** Child profiles and the grown-up gate (issue 36), over real HTTP against the local stack. */

const stack = inject('stack');
const table = tableClient(stack);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

async function family(ageBand: 'A' | 'B' = 'A') {
  const account = await signUp(stack, { displayName: 'Sam Parent', ageBand });
  const userId = String(decodePayload(account.accessToken).sub);
  const call = apiClient(stack, account.accessToken);
  const asChild = (childId: string) => apiClient(stack, account.accessToken, { [CHILD_HEADER]: childId });
  return { ...account, userId, call, asChild, grownUp: () => grownUpClient(stack, account) };
}

async function addChild(grownUp: ReturnType<typeof apiClient>, name: string, ageBand: 'A' | 'B' = 'B') {
  const { status, body } = await grownUp('/children', json({ name, ageBand, emoji: '🦊', colour: 'sun' }));
  expect(status).toBe(201);
  return body as unknown as ChildView;
}

async function makeStory(call: ReturnType<typeof apiClient>, heroName = 'Maya') {
  const { body } = await call('/stories', json({ ...storyChoices, heroName }));
  return (await waitForStory(call, String(body.storyId))) as { id: string; ageRange: string };
}

describe('the grown-up gate', () => {
  it('refuses every Grown-ups only call without a grant, changing nothing', async () => {
    const { call, userId } = await family();
    const refusals = await Promise.all([
      call('/me', json({ displayName: 'Child Was Here' }, 'PATCH')),
      call('/me/password', json({ currentPassword: 'Adventure123', newPassword: 'Adventure456' })),
      call('/me/export'),
      call('/me', json({ confirm: 'DELETE' }, 'DELETE')),
      call('/feedback', json({ kind: 'idea', message: 'hi' })),
      call('/children', json({ name: 'Tom', ageBand: 'B', emoji: '🦊', colour: 'sun' })),
      call(`/children/${userId}`, json({ name: 'Renamed' }, 'PATCH')),
      call(`/children/${userId}`, { method: 'DELETE' }),
      call(`/children/${userId}/export`),
      call('/grown-up/pin', json({ pin: '1234' }, 'PUT')),
    ]);
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('GROWN_UP_REQUIRED');
    }
    const me = (await call('/me')).body as unknown as ProfileView;
    expect(me).toMatchObject({
      displayName: 'Sam Parent',
      children: [expect.objectContaining({ name: 'Sam Parent' })],
    });
    // A made-up grant is no grant.
    const forged = apiClient(stack, (await family()).accessToken, { [GROWN_UP_HEADER]: 'x'.repeat(43) });
    expect((await forged('/me/export')).status).toBe(403);
  });

  it('opens with the password before a PIN exists, then with the PIN; a wrong one opens nothing', async () => {
    const parent = await family();
    const wrong = await parent.call('/grown-up/unlock', json({ password: 'NotThePassword1' }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.code).toBe('UNLOCK_REFUSED');
    expect((await parent.call('/grown-up/unlock', json({ pin: '1234' }))).status).toBe(403); // no PIN yet

    const grownUp = await parent.grownUp();
    expect((await grownUp('/grown-up/pin', json({ pin: '12a4' }, 'PUT'))).status).toBe(400);
    expect((await grownUp('/grown-up/pin', json({ pin: '2468' }, 'PUT'))).status).toBe(200);
    expect((await parent.call('/me')).body.hasPin).toBe(true);
    // Only the hash is kept.
    const profile = await table.get({ PK: `USER#${parent.userId}`, SK: 'PROFILE' });
    expect(String(profile?.pin_hash)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(profile)).not.toContain('2468');

    const unlocked = await parent.call('/grown-up/unlock', json({ pin: '2468' }));
    expect(unlocked.status).toBe(200);
    const token = String(unlocked.body.token);
    expect(Date.parse(String(unlocked.body.expiresAt)) - Date.now()).toBeGreaterThan(9 * 60_000);
    const withGrant = apiClient(stack, parent.accessToken, { [GROWN_UP_HEADER]: token });
    expect((await withGrant('/me/export')).status).toBe(200);
    // The grant is this account's: another family's token with it is refused.
    const other = await family();
    expect((await apiClient(stack, other.accessToken, { [GROWN_UP_HEADER]: token })('/me/export')).status).toBe(403);
    // "Done" ends it at once.
    expect((await withGrant('/grown-up', { method: 'DELETE' })).status).toBe(200);
    expect((await withGrant('/me/export')).status).toBe(403);
  });

  it('ends a grant when its time is up', async () => {
    const parent = await family();
    const unlocked = await parent.call('/grown-up/unlock', json({ password: parent.password }));
    const token = String(unlocked.body.token);
    const withGrant = apiClient(stack, parent.accessToken, { [GROWN_UP_HEADER]: token });
    expect((await withGrant('/me/export')).status).toBe(200);
    const { createHash } = await import('node:crypto');
    const key = { PK: `USER#${parent.userId}`, SK: `GRANT#${createHash('sha256').update(token).digest('hex')}` };
    await table.set(key, { expires_at: Math.floor(Date.now() / 1000) - 1 });
    expect((await withGrant('/me/export')).status).toBe(403);
  });

  it(`locks the PIN after ${PIN_ATTEMPTS} wrong ones, while the password still opens`, async () => {
    const parent = await family();
    await (
      await parent.grownUp()
    )('/grown-up/pin', json({ pin: '1357' }, 'PUT'));
    for (let i = 1; i <= PIN_ATTEMPTS; i++) {
      const wrong = await parent.call('/grown-up/unlock', json({ pin: '0000' }));
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toMatchObject({ code: 'UNLOCK_REFUSED', locked: i === PIN_ATTEMPTS });
    }
    const right = await parent.call('/grown-up/unlock', json({ pin: '1357' }));
    expect(right.body.error).toMatchObject({ code: 'UNLOCK_REFUSED', locked: true });
    expect((await parent.call('/grown-up/unlock', json({ password: parent.password }))).status).toBe(200);
  });
});

describe('child profiles', () => {
  it('keeps each child’s library and stories their own, in their own age band', async () => {
    const parent = await family('A');
    const grownUp = await parent.grownUp();
    const tom = await addChild(grownUp, 'Tom', 'B');
    const first = await makeStory(parent.call, 'Maya');
    const toms = await makeStory(parent.asChild(tom.id), 'Toby');
    expect(first.ageRange).toBe('5-7');
    expect(toms.ageRange).toBe('8-10');

    const library = async (call: ReturnType<typeof apiClient>) =>
      ((await call('/library')).body.stories as LibraryCardView[]).map((card) => card.id);
    expect(await library(parent.call)).toEqual([first.id]);
    expect(await library(parent.asChild(tom.id))).toEqual([toms.id]);
    expect(await library(parent.asChild(parent.userId))).toEqual([first.id]);

    // Tom may save his sister's story; removing it from his library only unsaves it.
    expect((await parent.asChild(tom.id)(`/library/${first.id}`, { method: 'PUT' })).status).toBe(200);
    expect((await parent.asChild(tom.id)(`/library/${first.id}`, { method: 'DELETE' })).body).toEqual({
      removed: first.id,
      deleted: false,
    });
    expect((await parent.call(`/stories/${first.id}`)).status).toBe(200);
    const me = (await parent.asChild(tom.id)('/me')).body as unknown as ProfileView;
    expect(me).toMatchObject({ childId: tom.id, ageBand: 'B', libraryCount: 1 });

    // One child's data alone: their profile, their stories, their library.
    const tomsData = (await grownUp(`/children/${tom.id}/export`)).body as unknown as AccountDataExport;
    expect(tomsData.children.map((child) => child.id)).toEqual([tom.id]);
    expect(tomsData.stories.map((story) => story.id)).toEqual([toms.id]);
    expect(tomsData.library.map((entry) => entry.storyId)).toEqual([toms.id]);
    expect(JSON.stringify(tomsData)).not.toContain(first.id);
  });

  it('refuses a child header naming no child of the family', async () => {
    const parent = await family();
    const other = await family();
    const theirs = await addChild(await other.grownUp(), 'Not Yours');
    for (const childId of [theirs.id, other.userId, 'no-such-child']) {
      const refused = await parent.asChild(childId)('/library');
      expect(refused.status).toBe(404);
      expect(refused.body.error?.code).toBe('CHILD_NOT_FOUND');
    }
  });

  it(`holds at most ${MAX_CHILDREN} children, each named kindly`, async () => {
    const parent = await family();
    const grownUp = await parent.grownUp();
    for (let i = 2; i <= MAX_CHILDREN; i++) await addChild(grownUp, `Child ${'I'.repeat(i)}`);
    const seventh = await grownUp('/children', json({ name: 'Seven', ageBand: 'A', emoji: '🦊', colour: 'sun' }));
    expect(seventh.status).toBe(409);
    expect(seventh.body.error?.code).toBe('TOO_MANY_CHILDREN');
    expect(((await parent.call('/me')).body.children as unknown[]).length).toBe(MAX_CHILDREN);
    // The admin users list says how many children the family has, and nothing of them (issue 36).
    const admin = await signIn(stack, stack.admin.email, stack.admin.password);
    const listed = (await apiClient(stack, admin.accessToken)(`/admin/users?q=${encodeURIComponent(parent.email)}`))
      .body as unknown as AdminUserPage;
    expect(listed.users).toHaveLength(1);
    expect(listed.users[0]?.children).toBe(MAX_CHILDREN);
    expect(JSON.stringify(listed)).not.toContain('Child II');

    const other = await (await family()).grownUp();
    const badNames = [{ name: '<img src=x onerror=alert(1)>' }, { name: 'Tom\uD800' }];
    for (const bad of [
      { name: ' ' },
      { name: 'x'.repeat(31) },
      ...badNames,
      { emoji: '📷' },
      { colour: 'plaid' },
      { photo: 'x' },
    ]) {
      const refused = await other('/children', json({ name: 'Tom', ageBand: 'A', emoji: '🦊', colour: 'sun', ...bad }));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    // A name is checked the same way when it changes, and the refusal changes nothing.
    const founding = String(((await other('/me')).body.children as ChildView[])[0]?.id);
    for (const bad of badNames) {
      const refused = await other(`/children/${founding}`, json(bad, 'PATCH'));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error?.message).toBe(MARKUP_MESSAGE);
    }
    expect(((await other('/me')).body.children as ChildView[]).map((child) => child.name)).toEqual(['Sam Parent']);
  });

  it('removes a child with their stories, pictures and library at once; never the last child', async () => {
    const parent = await family();
    const grownUp = await parent.grownUp();
    const tom = await addChild(grownUp, 'Tom');
    const toms = await makeStory(parent.asChild(tom.id), 'Toby');
    const sisters = await makeStory(parent.call, 'Maya');
    // Tom's story saved in his sister's library too: its slot there is freed with it.
    expect((await parent.call(`/library/${toms.id}`, { method: 'PUT' })).status).toBe(200);
    expect((await parent.call('/me')).body.libraryCount).toBe(2);

    expect((await grownUp(`/children/${tom.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await parent.call(`/stories/${toms.id}`)).status).toBe(404);
    expect(
      await table
        .traces(parent.userId, [toms.id])
        .then((items) => items.filter((i) => String(i.PK).startsWith('STORY#'))),
    ).toEqual([]);
    expect((await parent.call('/me')).body).toMatchObject({
      libraryCount: 1,
      children: [expect.objectContaining({ id: parent.userId })],
    });
    expect((await parent.call(`/stories/${sisters.id}`)).status).toBe(200);
    expect((await parent.asChild(tom.id)('/library')).body.error?.code).toBe('CHILD_NOT_FOUND');

    const last = await grownUp(`/children/${parent.userId}`, { method: 'DELETE' });
    expect(last.status).toBe(409);
    expect(last.body.error?.code).toBe('LAST_CHILD');
  });

  it('hands "first child" on when the first child is removed, so calls naming none still have a child', async () => {
    const parent = await family('A');
    const grownUp = await parent.grownUp();
    const first = await makeStory(parent.call);
    const tom = await addChild(grownUp, 'Tom', 'B');
    expect((await grownUp(`/children/${parent.userId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await parent.call(`/stories/${first.id}`)).status).toBe(404);
    const me = (await parent.call('/me')).body as unknown as ProfileView;
    expect(me).toMatchObject({ childId: tom.id, ageBand: 'B', children: [expect.objectContaining({ id: tom.id })] });
    const next = await makeStory(parent.call, 'Toby');
    expect(next.ageRange).toBe('8-10');
    expect(((await parent.asChild(tom.id)('/library')).body.stories as { id: string }[]).map((c) => c.id)).toEqual([
      next.id,
    ]);
    expect((await parent.asChild(parent.userId)('/me')).body.error?.code).toBe('CHILD_NOT_FOUND');
  });

  it("changes a child's name, picture, band and approval switch; the first child's band is the profile's", async () => {
    const parent = await family('A');
    const grownUp = await parent.grownUp();
    const changed = await grownUp(
      `/children/${parent.userId}`,
      json({ name: 'Maya', emoji: '🐙', colour: 'berry', ageBand: 'B', approvalRequired: true }, 'PATCH'),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Maya',
      emoji: '🐙',
      colour: 'berry',
      ageBand: 'B',
      approvalRequired: true,
    });
    expect((await table.get({ PK: `USER#${parent.userId}`, SK: 'PROFILE' }))?.age_band).toBe('B');
    expect((await parent.call('/me')).body).toMatchObject({ ageBand: 'B', displayName: 'Sam Parent' });
  });
});
