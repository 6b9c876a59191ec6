import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { s3ConnectionOf } from '../../lambdas/adapters/media.js';
import { NO_CDN } from '../../lambdas/adapters/media-cdn.js';
import { S3Client, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCodeDeliveries } from '../../bin/local/cognito-local.js';
import type {
  AdminStatsView,
  AdminStoryPage,
  AdminUserDetail,
  AdminUserPage,
  TemplateView,
} from '#common/api/admin-views.js';
import type { StoryView } from '#common/api/views.js';
import { routes } from '../../lambdas/api/app.js';
import { cognitoAccounts, cognitoConnectionOf } from '../../lambdas/adapters/cognito-accounts.js';
import { deleteAccount } from '../../lambdas/use-cases/accounts/delete-account.js';
import { deletionRepository } from '../../lambdas/data/repositories/deletions.js';
import { libraryRepository } from '../../lambdas/data/repositories/library.js';
import { profileRepository } from '../../lambdas/data/repositories/profiles.js';
import { storyRepository } from '../../lambdas/data/repositories/stories.js';
import { apiClient, grownUpClient, mediaObjectStatus, readyStory, storyChoices, waitForStory } from '../support/api.js';
import { CHILD_HEADER } from '#common/family.js';
import { cognitoClient, createSignedInUser, signIn, signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';
import { accountInGroup } from '../support/groups.js';

const stack = inject('stack');
const table = tableClient(stack);
const userIdOf = (token: string) => String(decodePayload(token).sub);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

let adminCall: ReturnType<typeof apiClient>;
let adminId: string;
beforeAll(async () => {
  const admin = await signIn(stack, stack.admin.email, stack.admin.password);
  adminCall = apiClient(stack, admin.accessToken);
  adminId = userIdOf(admin.accessToken);
});

describe('who may call the admin API', () => {
  const adminRoutes = routes.filter((route) => route.access === 'admin');

  it('declares every /admin route admin-only, and no other route admin', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(18);
    for (const route of routes) expect(route.path.startsWith('/admin/')).toBe(route.access === 'admin');
  });

  it('refuses every admin route to a visitor, a family, a moderator and a suspended admin; lets an admin through', async () => {
    const family = await createSignedInUser(stack);
    const moderator = await accountInGroup(stack, 'moderator');
    const suspendedAdmin = await accountInGroup(stack, 'admin');
    await table.set(
      { PK: `USER#${userIdOf(suspendedAdmin.accessToken)}`, SK: 'PROFILE' },
      {
        suspended_at: new Date().toISOString(),
      },
    );
    const callers = {
      visitor: { call: apiClient(stack), expected: [401] },
      user: { call: apiClient(stack, family.accessToken), expected: [403] },
      moderator: { call: apiClient(stack, moderator.accessToken), expected: [403] },
      suspendedAdmin: { call: apiClient(stack, suspendedAdmin.accessToken), expected: [403] },
    };
    for (const route of adminRoutes) {
      // Made-up ids: the refusal must come before any lookup, and an admin gets a 4xx about the id instead.
      const path = route.path.replace(/:(\w+)/g, 'no-such-$1');
      const init = route.method === 'GET' ? { method: 'GET' } : json({}, route.method);
      for (const [who, { call, expected }] of Object.entries(callers)) {
        const answer = await call(path, init);
        expect(expected, `${who} ${route.method} ${route.path}`).toContain(answer.status);
        expect(answer.body.error?.message).toBeTruthy();
      }
      const asAdmin = await adminCall(path, init);
      expect([200, 201, 202, 400, 404], `admin ${route.method} ${route.path}`).toContain(asAdmin.status);
    }
    expect((await callers.suspendedAdmin.call('/admin/stats')).body.error?.code).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('users', () => {
  it('finds families by name or e-mail, filters by role and status, and pages without repeats', async () => {
    const tag = `Zebra${Date.now().toString(36)}`;
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(stack, { displayName: `${tag} Family ${i}` })),
    );
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await adminCall(
        `/admin/users?q=${tag.toLowerCase()}&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      const page = answer.body as unknown as AdminUserPage;
      for (const user of page.users) {
        expect(seen.has(user.id)).toBe(false);
        seen.add(user.id);
        expect(user.displayName).toContain(tag);
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.size).toBe(12);
    expect(pages).toBe(3);

    const byEmail = (await adminCall(`/admin/users?q=${encodeURIComponent(made[3]?.email ?? '')}`))
      .body as unknown as AdminUserPage;
    expect(byEmail.users.map((u) => u.email)).toEqual([made[3]?.email]);

    const target = userIdOf(made[0]?.accessToken ?? '');
    expect((await adminCall(`/admin/users/${target}`, json({ suspended: true }, 'PATCH'))).status).toBe(200);
    const suspended = (await adminCall(`/admin/users?q=${tag}&status=suspended`)).body as unknown as AdminUserPage;
    expect(suspended.users.map((u) => u.id)).toEqual([target]);
    const active = (await adminCall(`/admin/users?q=${tag}&status=active&limit=100`)).body as unknown as AdminUserPage;
    expect(active.users).toHaveLength(11);
    const admins = (await adminCall(`/admin/users?role=admin&limit=100`)).body as unknown as AdminUserPage;
    expect(admins.users.map((u) => u.id)).toContain(adminId);
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);

    expect((await adminCall('/admin/users?cursor=forged')).body.error?.code).toBe('INVALID_CURSOR');
    expect((await adminCall('/admin/users?role=wizard')).status).toBe(400);
  });

  it('suspends (the family is signed out and cannot sign in), re-activates, and logs both', async () => {
    const family = await signUp(stack, { displayName: 'Paused Family' });
    const id = userIdOf(family.accessToken);
    expect((await adminCall(`/admin/users/${id}`, json({ suspended: true }, 'PATCH'))).body).toMatchObject({
      suspended: true,
    });
    expect((await apiClient(stack, family.accessToken)('/me')).status).toBe(403);
    await expect(signIn(stack, family.email, family.password)).rejects.toThrow();

    expect((await adminCall(`/admin/users/${id}`, json({ suspended: false }, 'PATCH'))).body).toMatchObject({
      suspended: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a token of a new second
    const again = await signIn(stack, family.email, family.password);
    // The API may serve the old status for up to 3 s (its per-container cache).
    await expect
      .poll(async () => (await apiClient(stack, again.accessToken)('/me')).status, { timeout: 5000 })
      .toBe(200);
    const detail = (await adminCall(`/admin/users/${id}`)).body as unknown as AdminUserDetail;
    expect(detail.activity.map((a) => a.action)).toEqual(['activate_user', 'suspend_user']);
    expect(detail.activity[0]?.adminId).toBe(adminId);
  });

  it('makes a family admin: the old token stops working, a new sign-in opens the admin API', async () => {
    const family = await signUp(stack, { displayName: 'Promoted Family' });
    const id = userIdOf(family.accessToken);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokens are refused by the second
    expect((await adminCall(`/admin/users/${id}`, json({ role: 'admin' }, 'PATCH'))).body).toMatchObject({
      role: 'admin',
    });
    expect((await apiClient(stack, family.accessToken)('/me')).body.error?.code).toBe('SESSION_REVOKED');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await signIn(stack, family.email, family.password);
    expect((await apiClient(stack, fresh.accessToken)('/admin/stats')).status).toBe(200);
  });

  it('refuses to suspend, demote or delete yourself', async () => {
    for (const [path, init] of [
      [`/admin/users/${adminId}`, json({ suspended: true }, 'PATCH')],
      [`/admin/users/${adminId}`, json({ role: 'user' }, 'PATCH')],
      [`/admin/users/${adminId}`, { method: 'DELETE' }],
    ] as const) {
      const answer = await adminCall(path, init);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe('You cannot do that to your own account');
    }
    const bulk = await adminCall('/admin/users/bulk', json({ action: 'suspend', userIds: [adminId] }));
    expect(bulk.body).toEqual({
      results: [{ userId: adminId, ok: false, error: 'You cannot do that to your own account' }],
    });
    expect((await table.get({ PK: `USER#${adminId}`, SK: 'PROFILE' }))?.suspended_at).toBeUndefined();
  });

  it('bulk-changes roles and statuses, one result per user', async () => {
    const families = await Promise.all([1, 2, 3].map((i) => signUp(stack, { displayName: `Bulk ${i}` })));
    const ids = families.map((f) => userIdOf(f.accessToken));
    const roles = await adminCall('/admin/users/bulk', json({ action: 'set-role', role: 'moderator', userIds: ids }));
    expect((roles.body.results as { ok: boolean }[]).every((r) => r.ok)).toBe(true);
    for (const id of ids) expect((await table.get({ PK: `USER#${id}`, SK: 'PROFILE' }))?.role).toBe('moderator');
    const suspend = await adminCall('/admin/users/bulk', json({ action: 'suspend', userIds: [...ids, 'nobody'] }));
    expect(suspend.body.results).toContainEqual({ userId: 'nobody', ok: false, error: 'User not found' });
    for (const id of ids) expect((await table.get({ PK: `USER#${id}`, SK: 'PROFILE' }))?.suspended_at).toBeTruthy();
  });

  it('adds notes (never empty) and deletes them; sends a password-reset e-mail', async () => {
    const family = await signUp(stack, { displayName: 'Noted Family' });
    const id = userIdOf(family.accessToken);
    const empty = await adminCall(`/admin/users/${id}/notes`, json({ note: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe('Note cannot be empty');
    const added = await adminCall(`/admin/users/${id}/notes`, json({ note: 'Asked about printing' }));
    expect(added.status).toBe(201);
    let detail = (await adminCall(`/admin/users/${id}`)).body as unknown as AdminUserDetail;
    expect(detail.notes.map((n) => n.note)).toEqual(['Asked about printing']);
    expect(detail.notes[0]?.adminName).toBeTruthy();
    expect((await adminCall(`/admin/users/${id}/notes/${String(added.body.id)}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    detail = (await adminCall(`/admin/users/${id}`)).body as unknown as AdminUserDetail;
    expect(detail.notes).toEqual([]);

    expect((await adminCall(`/admin/users/${id}/reset-password`, { method: 'POST' })).body).toEqual({ sent: true });
    const delivered = () =>
      parseCodeDeliveries(readFileSync(join(stack.logDir, 'cognito-local.log'), 'utf8')).some(
        (d) => d.destination === family.email,
      );
    await expect.poll(delivered, { timeout: 5000 }).toBe(true);
  });
});

describe('a family in the user dialog', () => {
  it('shows each child’s library, not the parent’s (issue 45)', async () => {
    const family = await signUp(stack, { displayName: 'Two Readers' });
    const grownUp = await grownUpClient(stack, family);
    const added = await grownUp('/children', json({ name: 'Ben', ageBand: 'A', emoji: '🦊', colour: 'sky' }));
    expect(added.status).toBe(201);
    const ben = String(added.body.id);
    // One story in the first child's library, two in Ben's (a story is saved to its child's library).
    await readyStory(apiClient(stack, family.accessToken));
    const asBen = apiClient(stack, family.accessToken, { [CHILD_HEADER]: ben });
    await readyStory(asBen);
    await readyStory(asBen);
    const detail = (await adminCall(`/admin/users/${userIdOf(family.accessToken)}`)).body as unknown as AdminUserDetail;
    expect(detail).toMatchObject({ children: 2, childLibraries: [1, 2] });
  });
});

describe('deleting a user', () => {
  async function familyWithStories() {
    const family = await signUp(stack, { displayName: 'Leaving Family' });
    const call = apiClient(stack, family.accessToken);
    const storyIds: string[] = [];
    for (const heroName of ['Maya', 'Theo']) {
      const created = await call('/stories', json({ ...storyChoices, heroName, requestId: crypto.randomUUID() }));
      storyIds.push(String(created.body.storyId));
    }
    const stories = await Promise.all(storyIds.map((id) => waitForStory(call, id)));
    const urls = stories.flatMap((s) => (s as unknown as StoryView).images.map((i) => i.imageUrl));
    expect(urls.length).toBeGreaterThan(0);
    // Another family saved one of them once it was made public.
    expect((await adminCall(`/admin/stories/${storyIds[0]}`, json({ isPublic: true }, 'PATCH'))).status).toBe(200);
    const reader = await signUp(stack, { displayName: 'Reader Family' });
    expect((await apiClient(stack, reader.accessToken)(`/library/${storyIds[0]}`, { method: 'PUT' })).status).toBe(200);
    return { family, userId: userIdOf(family.accessToken), storyIds, urls, readerId: userIdOf(reader.accessToken) };
  }

  it('leaves nothing of the user behind, frees the slots of families who saved their stories, and uncounts them', async () => {
    const { family, userId, storyIds, urls, readerId } = await familyWithStories();
    const before = (await adminCall('/admin/stats')).body as unknown as AdminStatsView;
    expect((await adminCall(`/admin/users/${userId}`, { method: 'DELETE' })).body).toEqual({ deleted: userId });

    expect(await table.traces(userId, storyIds)).toEqual([]);
    for (const url of urls) expect(await mediaObjectStatus(stack, url)).toBe(404);
    await expect(
      cognitoClient(stack).send(
        new AdminGetUserCommand({ UserPoolId: stack.appConfig.userPoolId, Username: family.email }),
      ),
    ).rejects.toThrow();
    expect(await table.countLibrary(readerId)).toBe(0);
    expect((await table.get({ PK: `USER#${readerId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
    const after = (await adminCall('/admin/stats')).body as unknown as AdminStatsView;
    expect(after.profiles).toBe(before.profiles - 1);
    expect(after.stories).toBe(before.stories - 2);
    expect(after.publicStories).toBe(before.publicStories - 1);
    expect((await adminCall(`/admin/users/${userId}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('finishes on a second run after failing half-way (storage down while deleting pictures)', async () => {
    const { userId, storyIds, urls } = await familyWithStories();
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: stack.s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    let deletes = 0;
    const failingS3 = {
      send: async (command: { constructor: { name: string } }) => {
        if (command.constructor.name === 'DeleteObjectsCommand' && ++deletes === 2)
          throw new Error('storage unavailable');
        return s3.send(command as never) as Promise<ServiceOutputTypes>;
      },
    } as unknown as S3Client & { send(input: ServiceInputTypes): Promise<ServiceOutputTypes> };
    const db = table.documents;
    const deps = {
      stories: storyRepository(db, stack.tableName),
      library: libraryRepository(db, stack.tableName),
      deletions: deletionRepository(db, stack.tableName),
      profiles: profileRepository(db, stack.tableName),
      s3: s3ConnectionOf(failingS3),
      mediaBucket: stack.mediaBucket,
      cdn: NO_CDN,
      accounts: cognitoAccounts(
        cognitoConnectionOf(cognitoClient(stack)),
        stack.appConfig.userPoolId,
        stack.appConfig.userPoolClientId,
      ),
    };
    await expect(deleteAccount(deps, userId)).rejects.toThrow('storage unavailable');
    // Half-way: the account is disabled and something is left to finish.
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.suspended_at).toBeTruthy();
    expect((await table.traces(userId, storyIds)).length).toBeGreaterThan(0);

    expect((await adminCall(`/admin/users/${userId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await table.traces(userId, storyIds)).toEqual([]);
    for (const url of urls) expect(await mediaObjectStatus(stack, url)).toBe(404);
  });
});

describe('prompt templates', () => {
  it('saves edits as new versions and leaves exactly one active per type under 20 racing activations', async () => {
    const list = async () => ((await adminCall('/admin/templates')).body.templates ?? []) as TemplateView[];
    const story = (await list()).filter((t) => t.type === 'story_system');
    const active = story.find((t) => t.isActive);
    if (!active) throw new Error('no active story template');
    const saved = await adminCall(
      `/admin/templates/${active.id}`,
      json(
        {
          content: `${active.content}\nKeep every chapter short.`,
          parameters: { ...active.parameters, temperature: 0.4 },
        },
        'PUT',
      ),
    );
    const edited = saved.body as unknown as TemplateView;
    expect(edited).toMatchObject({ isActive: true, version: Math.max(...story.map((t) => t.version)) + 1 });
    const bad = await adminCall(
      `/admin/templates/${active.id}`,
      json({ content: 'x', parameters: { ...active.parameters, temperature: 1.5 } }, 'PUT'),
    );
    expect(bad.body.error?.message).toBe('Temperature must be between 0 and 1');
    // Only catalogue models of the template's kind, and no more tokens than the model can answer.
    const refusals = await Promise.all(
      [
        { ...active.parameters, max_tokens: 32_000 },
        { ...active.parameters, model: 'gpt-4o' },
        { ...active.parameters, model: 'stability.stable-image-core-v1:1' },
      ].map(async (parameters) => {
        const answer = await adminCall(`/admin/templates/${active.id}`, json({ content: 'x', parameters }, 'PUT'));
        return [answer.status, answer.body.error?.message];
      }),
    );
    expect(refusals).toEqual([
      [400, 'Max tokens must be 5000 or less for Amazon Nova Lite'],
      [400, expect.stringMatching(/^Model must be one of: .*amazon\.nova-lite-v1:0/)],
      [400, expect.stringMatching(/^Model must be one of: /)],
    ]);

    const versions = (await list()).filter((t) => t.type === 'story_system');
    expect(versions.find((t) => t.id === active.id)?.content).toBe(active.content); // older version readable
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminCall(`/admin/templates/${versions[i % versions.length]?.id}/activate`, { method: 'POST' }),
      ),
    );
    expect(racing.every((r) => r.status === 200)).toBe(true);
    const after = await list();
    for (const type of ['story_system', 'image_generation']) {
      expect(after.filter((t) => t.type === type && t.isActive)).toHaveLength(1);
    }
    // Leave the edited version active for the rest of the run, and check generation uses it.
    await adminCall(`/admin/templates/${edited.id}/activate`, { method: 'POST' });
    const family = await signUp(stack, { displayName: 'Template Family' });
    const call = apiClient(stack, family.accessToken);
    const created = await call('/stories', json({ ...storyChoices, requestId: crypto.randomUUID() }));
    const ready = (await waitForStory(call, String(created.body.storyId))) as unknown as StoryView;
    expect(ready.templateVersion).toBe(edited.version);
    // Give the run back its original template (other files expect the seeded version).
    expect((await adminCall(`/admin/templates/${active.id}/activate`, { method: 'POST' })).status).toBe(200);
  });
});

describe('dashboard counters', () => {
  /** The truth, counted from the items (what the counters spare us from doing on every dashboard view). */
  async function recount() {
    const count = async (
      index: string,
      key: string,
      value: string,
      filter?: { expression: string; values: Record<string, unknown> },
    ) => {
      let total = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await table.documents.send(
          new QueryCommand({
            TableName: stack.tableName,
            IndexName: index,
            KeyConditionExpression: `${key} = :v`,
            ...(filter
              ? {
                  FilterExpression: filter.expression,
                  ...(filter.expression.includes('#s') ? { ExpressionAttributeNames: { '#s': 'status' } } : {}),
                  ExpressionAttributeValues: { ':v': value, ...filter.values },
                }
              : { ExpressionAttributeValues: { ':v': value } }),
            Select: 'COUNT',
            ExclusiveStartKey: startKey,
          }),
        );
        total += page.Count ?? 0;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return total;
    };
    return {
      profiles: await count('entity', 'entity_pk', 'PROFILE'),
      stories: await count('entity', 'entity_pk', 'STORY', {
        expression: '#s = :ready',
        values: { ':ready': 'ready' },
      }),
      featuredStories: await count('featured', 'featured_pk', 'FEATURED'),
      // Readable by anyone: public, or shared by an open link (a shared story is ready, so listed as STORY).
      publicStories:
        (await count('public', 'public_pk', 'PUBLIC')) +
        (await count('entity', 'entity_pk', 'STORY', {
          expression: 'link_open = :yes AND is_public <> :yes',
          values: { ':yes': true },
        })),
    };
  }

  /**
   * The counters minus the recount. Other files write items straight into the shared table (a story marked
   * featured or generating by hand, without its counters), so the whole table's drift depends on which files
   * ran first; the product's own writes must leave it where it was.
   */
  async function drift() {
    const [counted, truth] = [(await adminCall('/admin/stats')).body as Record<string, number>, await recount()];
    return Object.fromEntries(Object.entries(truth).map(([name, value]) => [name, (counted[name] ?? NaN) - value]));
  }

  it('count a story shared by its open link as public, once, from opening to deleting', async () => {
    const family = await signUp(stack, { displayName: 'Sharing Family' });
    const familyId = userIdOf(family.accessToken);
    const grownUp = await grownUpClient(stack, family);
    const story = await readyStory(grownUp, { requestId: crypto.randomUUID() });
    const publicStories = async () =>
      ((await adminCall('/admin/stats')).body as unknown as AdminStatsView).publicStories;
    const row = async () => {
      const page = (await adminCall(`/admin/stories?q=${encodeURIComponent(story.title)}&limit=100`))
        .body as unknown as AdminStoryPage;
      return page.stories.find((s) => s.id === story.id);
    };
    const link = async (open: boolean) =>
      expect((await grownUp(`/stories/${story.id}/sharing`, json({ open }, 'PUT'))).body).toEqual({ linkOpen: open });
    const flag = async (isPublic: boolean) =>
      expect((await adminCall(`/admin/stories/${story.id}`, json({ isPublic }, 'PATCH'))).status).toBe(200);
    const before = await publicStories();
    expect(await row()).toMatchObject({ isPublic: false, linkOpen: false });

    await link(true);
    expect(await publicStories()).toBe(before + 1);
    expect(await row()).toMatchObject({ isPublic: false, linkOpen: true });
    const detail = (await adminCall(`/admin/users/${familyId}`)).body as unknown as AdminUserDetail;
    expect(detail).toMatchObject({ storyCount: 1, openLinkCount: 1 });
    await link(true); // opened again: nothing more to count
    expect(await publicStories()).toBe(before + 1);

    await flag(true); // public as well: still one story anyone may read
    expect(await publicStories()).toBe(before + 1);
    await link(false);
    expect(await publicStories()).toBe(before + 1);
    await link(true);
    expect(await publicStories()).toBe(before + 1);
    await flag(false); // the link still open
    expect(await publicStories()).toBe(before + 1);
    expect(await row()).toMatchObject({ isPublic: false, linkOpen: true });

    await link(false);
    expect(await publicStories()).toBe(before);
    expect(await row()).toMatchObject({ isPublic: false, linkOpen: false });
    expect((await adminCall(`/admin/users/${familyId}`)).body).toMatchObject({ storyCount: 1, openLinkCount: 0 });
    await link(false);
    expect(await publicStories()).toBe(before);

    await link(true);
    expect(await publicStories()).toBe(before + 1);
    expect((await adminCall(`/admin/stories/${story.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await publicStories()).toBe(before);
  });

  it('match a full recount after a random run of creates, toggles, shared links and deletes', async () => {
    const before = await drift();
    let seed = 20261122;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const storyIds: string[] = [];
    // A family's stories too, whose share link opens and closes between the admin's flags.
    const sharer = await signUp(stack, { displayName: 'Counted Sharers' });
    const sharing = await grownUpClient(stack, sharer);
    for (let i = 0; i < 3; i++) storyIds.push((await readyStory(sharing, { requestId: crypto.randomUUID() })).id);
    const familyStories = [...storyIds];
    let shares = 0;
    const ok = (answer: { status: number }) => expect(answer.status).toBeLessThan(300);
    for (let step = 0; step < 40; step++) {
      const roll = random();
      const target = storyIds[Math.floor(random() * storyIds.length)];
      if (roll < 0.25 || !target) {
        const created = await adminCall(
          '/admin/stories',
          json({ title: `Tale ${step}`, heroName: 'Ana', content: 'Once upon a time.', excerpt: 'Once.' }),
        );
        storyIds.push(String((created.body.story as { id: string }).id));
      } else if (roll < 0.45) {
        ok(await adminCall(`/admin/stories/${target}`, json({ isFeatured: random() < 0.5 }, 'PATCH')));
      } else if (roll < 0.65) {
        ok(
          await adminCall(
            `/admin/stories/${target}`,
            json({ isPublic: random() < 0.5, isFeatured: random() < 0.5 }, 'PATCH'),
          ),
        );
      } else if (roll < 0.85 && familyStories.length > 0) {
        const shared = familyStories[Math.floor(random() * familyStories.length)];
        ok(await sharing(`/stories/${shared}/sharing`, json({ open: random() < 0.6 }, 'PUT')));
        shares++;
      } else if (roll < 0.9) {
        ok(await adminCall(`/admin/stories/${target}`, { method: 'DELETE' }));
        storyIds.splice(storyIds.indexOf(target), 1);
        if (familyStories.includes(target)) familyStories.splice(familyStories.indexOf(target), 1);
      } else {
        await signUp(stack, { displayName: `Counted ${step}` });
      }
    }
    expect(shares).toBeGreaterThanOrEqual(4);
    // End with every family story shared and not public, so a link left uncounted shows.
    expect(familyStories.length).toBeGreaterThan(0);
    for (const id of familyStories) {
      ok(await adminCall(`/admin/stories/${id}`, json({ isPublic: false }, 'PATCH')));
      ok(await sharing(`/stories/${id}/sharing`, json({ open: true }, 'PUT')));
    }
    expect(await drift()).toEqual(before);
  });
});
