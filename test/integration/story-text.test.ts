import { describe, expect, inject, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';

const stack = inject('stack');
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

async function readyStory() {
  const account = await signUp(stack, { displayName: 'Editor' });
  const call = apiClient(stack, account.accessToken);
  const { body } = await call('/stories', send('POST', storyChoices));
  const storyId = String(body.storyId);
  await waitForStory(call, storyId);
  return { call, storyId };
}

describe('editing and exporting a story', () => {
  it('sanitises an edit on the server, word by whole word, and reports how many words it filtered', async () => {
    const { call, storyId } = await readyStory();
    const edited = await call(
      `/stories/${storyId}`,
      send('PATCH', {
        title: 'The Stupid Dragon',
        content: 'Maya met a stupid idiot in class.\n\nThe grasshopper hopped.',
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.filtered).toBe(3);
    const story = edited.body.story as { title: string; content: string };
    expect(story.title).toBe('The *** Dragon');
    expect(story.content).toBe('Maya met a *** *** in class.\n\nThe grasshopper hopped.');
    expect(((await call(`/stories/${storyId}`)).body as { content: string }).content).toBe(story.content);
  });

  it('exports a self-contained printable HTML file with the pictures inside and every user text escaped', async () => {
    const { call, storyId } = await readyStory();
    await call(`/stories/${storyId}`, send('PATCH', { title: '<img src=x onerror=alert(1)>' }));
    const exported = await call(`/stories/${storyId}/export`);
    expect(exported.status).toBe(200);
    const html = String(exported.body.html);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/src="data:image\/svg\+xml;base64,/);
    expect(html).toContain('Maya');
    expect(exported.body.fileName).toBe('_img_src_x_onerror_alert_1__.html');
  });

  it("refuses another family's edit and export of a private story, changing nothing", async () => {
    const { call, storyId } = await readyStory();
    const before = (await call(`/stories/${storyId}`)).body as { title: string };
    const other = apiClient(stack, (await signUp(stack, { displayName: 'Other' })).accessToken);
    expect((await other(`/stories/${storyId}`, send('PATCH', { title: 'Mine now' }))).status).toBe(404);
    expect((await other(`/stories/${storyId}/export`)).status).toBe(404);
    expect(((await call(`/stories/${storyId}`)).body as { title: string }).title).toBe(before.title);
  });

  it('refuses an empty or unknown edit with a clear message', async () => {
    const { call, storyId } = await readyStory();
    expect((await call(`/stories/${storyId}`, send('PATCH', {}))).status).toBe(400);
    const unknown = await call(`/stories/${storyId}`, send('PATCH', { isFeatured: true }));
    expect(unknown.status).toBe(400);
  });
});
