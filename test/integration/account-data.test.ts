import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountDataExport, StoryView } from '#common/api/views.js';
import { cognitoClient, signIn, signUp } from '../support/accounts.js';
import { apiClient, grownUpClient, mediaObjectStatus, storyChoices, waitForStory } from '../support/api.js';
import { GROWN_UP_HEADER } from '#common/family.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const userIdOf = (token: string) => String(decodePayload(token).sub);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

let adminCall: ReturnType<typeof apiClient>;
beforeAll(async () => {
  const admin = await signIn(stack, stack.admin.email, stack.admin.password);
  // The family's data is Grown-ups only, an admin's own account's included.
  adminCall = await grownUpClient(stack, { ...admin, password: stack.admin.password });
});

/** A family (signed up as the form does) with ready stories of its own, calling as its grown-up. */
async function familyWithStories(displayName: string, heroes: string[]) {
  const family = await signUp(stack, { displayName, authorName: `${displayName} Writes` });
  const call = await grownUpClient(stack, family);
  const stories: StoryView[] = [];
  for (const heroName of heroes) {
    const created = await call('/stories', json({ ...storyChoices, heroName, requestId: crypto.randomUUID() }));
    expect(created.status).toBe(202);
    stories.push((await waitForStory(call, String(created.body.storyId))) as unknown as StoryView);
  }
  return { ...family, call, userId: userIdOf(family.accessToken), stories };
}

/** GET /api/me/export over real HTTP as the family's grown-up, keeping the headers and the raw text. */
async function download(account?: { accessToken: string; password: string }) {
  let headers: Record<string, string> = {};
  if (account) {
    const unlocked = await apiClient(stack, account.accessToken)(
      '/grown-up/unlock',
      json({ password: account.password }),
    );
    headers = { authorization: `Bearer ${account.accessToken}`, [GROWN_UP_HEADER]: String(unlocked.body.token) };
  }
  const response = await fetch(`${stack.apiUrl}/api/me/export`, { headers });
  return { response, text: await response.text() };
}

describe('GET /api/me/export', () => {
  it("holds exactly the caller's profile, stories with their picture addresses and library, and nothing of another family", async () => {
    const family = await familyWithStories('Export Family', ['Maya', 'Theo']);
    const other = await familyWithStories('Neighbour Family', ['Zed', 'Quill']);
    // The neighbour shares one story; the family saves it. Their other story stays private.
    const [shared, secret] = other.stories as [StoryView, StoryView];
    expect((await adminCall(`/admin/stories/${shared.id}`, json({ isPublic: true }, 'PATCH'))).status).toBe(200);
    expect((await family.call(`/library/${shared.id}`, { method: 'PUT' })).status).toBe(200);
    const note = json({ note: 'Prefers short stories' });
    expect((await adminCall(`/admin/users/${family.userId}/notes`, note)).status).toBe(201);

    const { response, text } = await download(family);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="story-magic-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(text) as AccountDataExport;

    expect(data.about).toMatch(/Story Magic/);
    expect(Date.now() - Date.parse(data.exportedAt)).toBeLessThan(60_000);
    expect(response.headers.get('content-disposition')).toContain(data.exportedAt.slice(0, 10));
    expect(data.profile).toEqual({
      id: family.userId,
      email: family.email,
      displayName: 'Export Family',
      authorName: 'Export Family Writes',
      ageBand: 'B',
      role: 'user',
      createdAt: expect.any(String),
      lastLogin: expect.any(String),
      libraryCount: 3,
    });
    // The parent's confirmation at sign-up, and the one child every family starts with.
    expect(data.guardianConfirmedAt).toEqual(expect.any(String));
    expect(data.children).toEqual([expect.objectContaining({ id: family.userId, name: 'Export Family' })]);

    // Their stories, newest first, with the full text and the same pictures the story page shows.
    expect(data.stories.map((s) => s.id)).toEqual(family.stories.map((s) => s.id).reverse());
    for (const story of family.stories) {
      const exported = data.stories.find((s) => s.id === story.id);
      expect(exported).toMatchObject({
        title: story.title,
        heroName: story.heroName,
        content: story.content,
        status: 'ready',
        coverImageUrl: story.coverImageUrl,
      });
      expect(exported?.content.length).toBeGreaterThan(100);
      expect(exported?.images.map((i) => i.imageUrl)).toEqual(story.images.map((i) => i.imageUrl));
      expect(story.images.length).toBeGreaterThan(0);
    }
    expect(data.pictures.map((p) => p.imageUrl).sort()).toEqual(
      family.stories.flatMap((s) => s.images.map((i) => i.imageUrl)).sort(),
    );
    for (const picture of data.pictures) expect(picture.imageUrl).toMatch(/^\/media\/stories\//);

    // The library: their own two and the neighbour's shared one, by id, title and date only.
    expect(data.library).toHaveLength(3);
    expect(data.library.find((e) => e.storyId === shared.id)).toEqual({
      childId: family.userId,
      storyId: shared.id,
      title: shared.title,
      savedAt: expect.any(String),
      createdByYou: false,
    });
    expect(
      data.library
        .filter((e) => e.createdByYou)
        .map((e) => e.storyId)
        .sort(),
    ).toEqual(family.stories.map((s) => s.id).sort());

    // Nothing of the neighbour beyond the shared story's id and title: no private story, no name, no e-mail.
    expect(text).not.toContain(secret.id);
    expect(text).not.toContain(secret.heroName); // Quill (titles can repeat between stories; heroes here do not)
    expect(text.split(shared.id)).toHaveLength(2); // only its library entry, not as a story of theirs
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Neighbour Family');
    expect(text).not.toContain(other.userId);
    // Nor the operator's notes, tokens, or anything internal (table keys, seeds, object keys).
    expect(text).not.toContain('Prefers short stories');
    expect(text).not.toContain(family.accessToken);
    expect(text).not.toMatch(/(USER|STORY|CREATOR)#/);
    const fields = new Set<string>();
    JSON.parse(text, (key: string, value: unknown) => (fields.add(key), value));
    for (const internal of [
      'PK',
      'SK',
      'seed',
      'object_key',
      'objectKey',
      'sessions_revoked_at',
      'created_by',
      'pin_hash',
    ]) {
      expect(fields).not.toContain(internal);
    }
  });

  it('gives a family without stories an empty export, and refuses a visitor', async () => {
    const family = await signUp(stack, { displayName: 'Quiet Family' });
    const { response, text } = await download(family);
    expect(response.status).toBe(200);
    const data = JSON.parse(text) as AccountDataExport;
    expect(data.profile.displayName).toBe('Quiet Family');
    expect([data.stories, data.library, data.pictures]).toEqual([[], [], []]);

    const visitor = await download();
    expect(visitor.response.status).toBe(401);
    expect(JSON.parse(visitor.text)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('DELETE /api/me', () => {
  it('refuses a missing or wrong confirmation and changes nothing', async () => {
    const family = await familyWithStories('Careful Family', ['Maya']);
    const before = await table.traces(family.userId, [family.stories[0]?.id ?? '']);
    const refused = [
      { method: 'DELETE' },
      json({}, 'DELETE'),
      json({ confirm: 'delete' }, 'DELETE'),
      json({ confirm: 'DELETE ' }, 'DELETE'),
      json({ confirm: 'DELETE', extra: true }, 'DELETE'),
      { method: 'DELETE', body: 'DELETE' },
    ];
    for (const init of refused) {
      const answer = await family.call('/me', init);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.code).toMatch(/VALIDATION_FAILED|INVALID_JSON/);
    }
    expect(await table.traces(family.userId, [family.stories[0]?.id ?? ''])).toEqual(before);
    expect((await family.call('/me')).status).toBe(200);
    expect((await apiClient(stack)('/me', json({ confirm: 'DELETE' }, 'DELETE'))).status).toBe(401);
  });

  it('deletes every item, picture and the sign-in of the caller, frees readers’ slots, and answers a second call without a 500', async () => {
    const family = await familyWithStories('Leaving Family', ['Maya', 'Theo']);
    const storyIds = family.stories.map((s) => s.id);
    const urls = family.stories.flatMap((s) => s.images.flatMap((i) => [i.imageUrl, i.thumbnailUrl]));
    for (const url of urls) expect(await mediaObjectStatus(stack, url)).toBe(200);
    // A reader saved one of their stories once it was public.
    expect((await adminCall(`/admin/stories/${storyIds[0]}`, json({ isPublic: true }, 'PATCH'))).status).toBe(200);
    const reader = await signUp(stack, { displayName: 'Reader Family' });
    const readerCall = apiClient(stack, reader.accessToken);
    expect((await readerCall(`/library/${storyIds[0]}`, { method: 'PUT' })).status).toBe(200);
    // An admin's note about the family goes with the account.
    expect(
      (await adminCall(`/admin/users/${family.userId}/notes`, json({ note: 'Asked about printing' }))).status,
    ).toBe(201);

    const answer = await family.call('/me', json({ confirm: 'DELETE' }, 'DELETE'));
    expect(answer).toEqual({ status: 200, body: { deleted: true } });

    expect(await table.traces(family.userId, storyIds)).toEqual([]);
    for (const url of urls) expect(await mediaObjectStatus(stack, url)).toBe(404);
    await expect(
      cognitoClient(stack).send(
        new AdminGetUserCommand({ UserPoolId: stack.appConfig.userPoolId, Username: family.email }),
      ),
    ).rejects.toThrow();
    await expect(signIn(stack, family.email, family.password)).rejects.toThrow();
    expect(await table.countLibrary(userIdOf(reader.accessToken))).toBe(0);
    expect((await readerCall('/library')).body).toMatchObject({ stories: [], count: 0 });

    // The deleted account's token has not expired yet: it is refused, never a 500, and recreates nothing.
    for (const [path, init] of [
      ['/me', json({ confirm: 'DELETE' }, 'DELETE')],
      ['/me', {}],
      ['/me/export', {}],
    ] as const) {
      const again = await family.call(path, init);
      expect([401, 403, 404]).toContain(again.status);
    }
    expect(await table.traces(family.userId, storyIds)).toEqual([]);
  });

  it('refuses an admin deleting their own account', async () => {
    const answer = await adminCall('/me', json({ confirm: 'DELETE' }, 'DELETE'));
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('ADMIN_ACCOUNT');
    expect((await adminCall('/me')).status).toBe(200);
  });
});
