import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { FeaturedStoryView } from '#common/api/views.js';
import { storyPreview } from '#common/story-layout.js';
import { storyAdminRepository } from '../../lambdas/data/repositories/story-admin.js';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';

const stack = inject('stack');
const table = tableClient(stack);
// What an admin's "toggle featured" does: the repository keeps the flag, the index key and the dashboard
// count together.
const admin = storyAdminRepository(table.documents, stack.tableName);
const featured = { setFeatured: (id: string, on: boolean) => admin.setFlag(id, 'featured', on) };

async function family(authorName = '') {
  const account = await signUp(stack, { displayName: 'Featured Family', authorName });
  return apiClient(stack, account.accessToken);
}

async function newStory(call: ReturnType<typeof apiClient>) {
  const { body } = await call('/stories', { method: 'POST', body: JSON.stringify(storyChoices) });
  return (await waitForStory(call, String(body.storyId))) as {
    id: string;
    title: string;
    content: string;
    coverImageUrl: string | null;
  };
}

const listFeatured = async (call: ReturnType<typeof apiClient>) => {
  const { status, body } = await call('/featured');
  expect(status).toBe(200);
  return body.stories as FeaturedStoryView[];
};

describe('featured stories on the home page', () => {
  it('shows featured stories newest first as cards, to every family; never a private one', async () => {
    const owner = await family('Auntie Bea');
    const reader = await family();
    const older = await newStory(owner);
    const newer = await newStory(owner);
    const secret = await newStory(owner);

    await featured.setFeatured(older.id, true);
    await featured.setFeatured(newer.id, true);

    const cards = await listFeatured(reader);
    const ids = cards.map((card) => card.id);
    expect(ids).not.toContain(secret.id);
    // Newest first (other tests may feature stories of their own in between).
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

    const card = cards.find((c) => c.id === newer.id);
    expect(card).toMatchObject({
      id: newer.id,
      title: newer.title,
      heroName: 'Maya',
      authorName: 'Auntie Bea',
      coverImageUrl: newer.coverImageUrl,
      theme: { id: 'treasure-hunt', name: 'Treasure Hunt', emoji: '💎' },
    });
    expect(Array.from(card?.preview ?? '').length).toBeLessThanOrEqual(121); // 120 characters and an ellipsis
    expect(newer.content.replace(/\s+/g, ' ')).toContain(card?.preview.replace(/…$/, '').trim() ?? '?');
    expect(Object.keys(card ?? {}).sort()).toEqual(
      ['authorName', 'coverImageUrl', 'heroName', 'id', 'preview', 'theme', 'title'].sort(),
    );

    // A featured story is readable (and can be saved) by a family that did not write it.
    expect((await reader(`/stories/${newer.id}`)).status).toBe(200);
    expect((await reader(`/stories/${secret.id}`)).status).toBe(404);
  });

  it('takes a story off the home page when it is unfeatured', async () => {
    const owner = await family();
    const story = await newStory(owner);
    const key = { PK: `STORY#${story.id}`, SK: 'META' };

    await featured.setFeatured(story.id, true);
    expect(await table.get(key)).toMatchObject({ is_featured: true, featured_pk: 'FEATURED' });
    expect((await listFeatured(owner)).map((c) => c.id)).toContain(story.id);

    await featured.setFeatured(story.id, false);
    expect(await table.get(key)).not.toHaveProperty('featured_pk'); // out of the sparse index
    expect((await listFeatured(owner)).map((c) => c.id)).not.toContain(story.id);
  });

  it("keeps a card's preview in step with the text, and makes one for a story stored before previews were", async () => {
    const owner = await family();
    const story = await newStory(owner);
    await featured.setFeatured(story.id, true);
    const previewOnHome = async () => (await listFeatured(owner)).find((card) => card.id === story.id)?.preview;
    expect(await previewOnHome()).toBe(storyPreview(story.content));

    // The family rewrites the opening: the card, which no longer reads the text, shows the new one.
    const rewritten = `Maya and the moon-whale sang all night. ${story.content}`;
    expect(
      (await owner(`/stories/${story.id}`, { method: 'PATCH', body: JSON.stringify({ content: rewritten }) })).status,
    ).toBe(200);
    expect(await previewOnHome()).toBe(storyPreview(rewritten));
    expect(await previewOnHome()).toMatch(/^Maya and the moon-whale sang all night\./);

    // A story written by an earlier version has no stored preview: its card still shows its opening.
    await table.documents.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `STORY#${story.id}`, SK: 'META' },
        UpdateExpression: 'REMOVE preview',
      }),
    );
    expect(await table.get({ PK: `STORY#${story.id}`, SK: 'META' })).not.toHaveProperty('preview');
    expect(await previewOnHome()).toBe(storyPreview(rewritten));
  });

  it('never shows a featured story that is not ready', async () => {
    const owner = await family();
    const story = await newStory(owner);
    await featured.setFeatured(story.id, true);
    await table.set({ PK: `STORY#${story.id}`, SK: 'META' }, { status: 'failed' });
    expect((await listFeatured(owner)).map((c) => c.id)).not.toContain(story.id);
  });

  it('refuses a visitor without a session', async () => {
    const { status, body } = await apiClient(stack)('/featured');
    expect(status).toBe(401);
    expect(body.error?.code).toBe('UNAUTHENTICATED');
  });
});
