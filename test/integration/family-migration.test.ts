import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountDataExport, ChildView, LibraryCardView, ProfileView, StoryView } from '#common/api/views.js';
import { CHILD_HEADER } from '#common/family.js';
import { createSignedInUser } from '../support/accounts.js';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

/**
 * Existing accounts become a parent with one child profile, with nothing lost (issue 36). The data is what
 * the code before child profiles wrote (test/fixtures/family-before-children.json, recorded at commit
 * a1bc203 by its recorder): loaded as it was, re-keyed only to this run's Cognito users and fresh story
 * ids, then read and used through the API as it is now.
 */

const stack = inject('stack');
const table = tableClient(stack);

type Fixture = {
  commit: string;
  families: {
    parent: { userId: string; email: string; stories: string[]; saved: string[] };
    neighbour: { userId: string; email: string; stories: string[] };
  };
  items: Record<string, unknown>[];
  objects: { key: string; contentType: string; body: string }[];
};
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/family-before-children.json', import.meta.url), 'utf8'),
) as Fixture;

/** The fixture's ids and e-mails, swapped for this run's everywhere they appear (keys, fields, paths). */
function rekey(text: string, swaps: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of swaps) out = out.split(from).join(to);
  return out;
}

/** JSON's stand-in for a DynamoDB string set (the recorder's), back to a Set for the document client. */
const revive = (_: string, value: unknown) =>
  value && typeof value === 'object' && '$set' in value ? new Set((value as { $set: string[] }).$set) : value;

async function loadFixture() {
  const parent = await createSignedInUser(stack);
  const neighbour = await createSignedInUser(stack);
  const ids = {
    parent: String(decodePayload(parent.accessToken).sub),
    neighbour: String(decodePayload(neighbour.accessToken).sub),
  };
  const { families } = fixture;
  const storyIds = new Map(
    [...families.parent.stories, ...families.neighbour.stories].map((id) => [id, randomUUID()] as const),
  );
  const swaps = new Map<string, string>([
    [families.parent.userId, ids.parent],
    [families.neighbour.userId, ids.neighbour],
    [families.parent.email, parent.email],
    [families.neighbour.email, neighbour.email],
    ...storyIds,
  ]);
  const items = JSON.parse(rekey(JSON.stringify(fixture.items), swaps), revive) as Record<string, unknown>[];
  for (const item of items) await table.documents.send(new PutCommand({ TableName: stack.tableName, Item: item }));
  const s3 = new S3Client({
    region: stack.appConfig.region,
    endpoint: stack.s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const object of fixture.objects) {
    // A stored narration part names its audio by address: re-keyed with the rest.
    const body =
      object.contentType === 'application/json'
        ? rekey(Buffer.from(object.body, 'base64').toString('utf8'), swaps)
        : Buffer.from(object.body, 'base64');
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.mediaBucket,
        Key: rekey(object.key, swaps),
        Body: body,
        ContentType: object.contentType,
      }),
    );
  }
  const stories = (from: readonly string[]) => from.map((id) => storyIds.get(id) ?? id);
  return {
    parent: { ...parent, userId: ids.parent, call: apiClient(stack, parent.accessToken) },
    neighbour: { ...neighbour, userId: ids.neighbour, call: apiClient(stack, neighbour.accessToken) },
    own: stories(families.parent.stories),
    saved: stories(families.parent.saved),
    items,
  };
}

describe('an account from before child profiles', () => {
  let family: Awaited<ReturnType<typeof loadFixture>>;
  beforeAll(async () => {
    expect(fixture.commit).toMatch(/^a1bc203/);
    family = await loadFixture();
  });

  it('is a parent with one child holding its age band and library, and names no child', async () => {
    const { status, body } = await family.parent.call('/me');
    expect(status).toBe(200);
    const me = body as unknown as ProfileView;
    const profileItem = family.items.find(
      (item) => item.PK === `USER#${family.parent.userId}` && item.SK === 'PROFILE',
    );
    expect(me).toMatchObject({
      id: family.parent.userId,
      displayName: 'Ada Lovelace',
      authorName: "Ada's Mum",
      ageBand: 'A',
      libraryCount: 3,
      childId: family.parent.userId,
      hasPin: false,
    });
    expect(me.children).toEqual([
      expect.objectContaining({
        id: family.parent.userId,
        name: 'Ada Lovelace',
        ageBand: 'A',
        libraryCount: 3,
        approvalRequired: false,
        createdAt: String(profileItem?.created_at),
      } satisfies Partial<ChildView>),
    ]);
  });

  it("keeps the child's library, stories, pictures and stored narration exactly as they were", async () => {
    const library = (await family.parent.call('/library')).body.stories as LibraryCardView[];
    expect(library.map((card) => card.id).sort()).toEqual([...family.own, ...family.saved].sort());
    expect(
      library
        .filter((card) => card.isCreator)
        .map((card) => card.id)
        .sort(),
    ).toEqual([...family.own].sort());

    for (const id of family.own) {
      const { status, body } = await family.parent.call(`/stories/${id}`);
      expect(status).toBe(200);
      const story = body as unknown as StoryView;
      const stored = family.items.find((item) => item.PK === `STORY#${id}` && item.SK === 'META');
      expect(story).toMatchObject({
        title: stored?.title,
        content: stored?.content,
        isCreator: true,
        inLibrary: true,
        approval: null,
        linkOpen: false,
      });
      const images = family.items.filter((item) => item.PK === `STORY#${id}` && String(item.SK).startsWith('IMAGE#'));
      expect(story.images.map((image) => image.imageUrl).sort()).toEqual(images.map((image) => image.image_url).sort());
    }
    // The first story's narration was made before: read back, not made again (its address is the stored one).
    const stored = fixture.objects.find((object) => object.key.endsWith('/0.json'));
    const part = await family.parent.call(`/stories/${family.own[0]}/narration/0`);
    expect(part.status).toBe(200);
    expect(String(part.body.audioUrl)).toContain(`/media/stories/${family.own[0]}/narration/`);
    expect(String(part.body.audioUrl).split('/narration/')[1]).toBe(
      stored?.key.split('/narration/')[1]?.replace('.json', '.wav'),
    );
  });

  it('makes a new story for its one child with the band it had, in the same library', async () => {
    const { status, body } = await family.parent.call('/stories', {
      method: 'POST',
      body: JSON.stringify(storyChoices),
    });
    expect(status).toBe(202);
    const story = (await waitForStory(family.parent.call, String(body.storyId))) as unknown as StoryView;
    expect(story.ageRange).toBe('5-7');
    expect((await family.parent.call('/me')).body.libraryCount).toBe(4);
    expect(await table.countLibrary(family.parent.userId)).toBe(4);
    // Removing a story it made still deletes it for good, freeing the slot.
    expect((await family.parent.call(`/library/${story.id}`, { method: 'DELETE' })).body).toEqual({
      removed: story.id,
      deleted: true,
    });
    expect((await family.parent.call('/me')).body.libraryCount).toBe(3);
  });

  it('gets a second child with a library and band of their own; the first child keeps theirs', async () => {
    const grownUp = await grownUpClient(stack, family.parent);
    const added = await grownUp('/children', {
      method: 'POST',
      body: JSON.stringify({ name: 'Tom', ageBand: 'B', emoji: '🐢', colour: 'leaf' }),
    });
    expect(added.status).toBe(201);
    const tom = added.body as unknown as ChildView;
    expect(tom).toMatchObject({ name: 'Tom', ageBand: 'B', libraryCount: 0, approvalRequired: false });

    const asTom = apiClient(stack, family.parent.accessToken, { [CHILD_HEADER]: tom.id });
    expect(((await asTom('/library')).body.stories as unknown[]).length).toBe(0);
    const made = await asTom('/stories', {
      method: 'POST',
      body: JSON.stringify({ ...storyChoices, heroName: 'Toby' }),
    });
    const story = (await waitForStory(asTom, String(made.body.storyId))) as unknown as StoryView;
    expect(story.ageRange).toBe('8-10');
    expect(((await asTom('/library')).body.stories as { id: string }[]).map((card) => card.id)).toEqual([story.id]);
    expect((await asTom('/me')).body).toMatchObject({ childId: tom.id, ageBand: 'B', libraryCount: 1 });

    // The first child, asked for by no header (today's clients), is untouched.
    const first = (await family.parent.call('/me')).body as unknown as ProfileView;
    expect(first).toMatchObject({ childId: family.parent.userId, ageBand: 'A', libraryCount: 3 });
    expect(first.children.map((child) => child.name)).toEqual(['Ada Lovelace', 'Tom']);
    const library = (await family.parent.call('/library')).body.stories as { id: string }[];
    expect(library.map((card) => card.id).sort()).toEqual([...family.own, ...family.saved].sort());

    const exported = (await grownUp('/me/export')).body as unknown as AccountDataExport;
    expect(exported.children.map((child) => child.id)).toEqual([family.parent.userId, tom.id]);
    expect(exported.stories.filter((each) => each.childId === tom.id).map((each) => each.id)).toEqual([story.id]);
    expect(
      exported.stories
        .filter((each) => each.childId === family.parent.userId)
        .map((each) => each.id)
        .sort(),
    ).toEqual([...family.own].sort());
  });

  it("leaves the other family's public story readable and theirs", async () => {
    const [saved] = family.saved;
    const { status, body } = await family.neighbour.call(`/stories/${saved}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ isCreator: true, isPublic: true });
    expect((await family.neighbour.call('/me')).body).toMatchObject({ ageBand: 'B', libraryCount: 1 });
  });
});
