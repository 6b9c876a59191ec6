import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storyAdminRepository } from '../../lambdas/data/repositories/story-admin.js';
import { WELCOME_VIDEO } from '#common/welcome-video.js';
import { apiClient, readyStory } from '../support/api.js';
import { e2eSetup, newFamily, offlineVideoHost, stack, toast, webUrl, type Account } from '../support/e2e.js';
import { closeWelcomeVideo, MOBILE, screenshot, signInThroughForm } from '../support/pages.js';
import { tableClient } from '../support/table.js';

const table = tableClient(stack);
// What an admin's "toggle featured" does.
const admin = storyAdminRepository(table.documents, stack.tableName);
const feature = (storyId: string) => admin.setFlag(storyId, 'featured', true);

type Story = { id: string; title: string; content: string };

const signIn = (page: Page, account: Account) => signInThroughForm(page, webUrl, account);
const newStory = (account: Account): Promise<Story> => readyStory(apiClient(stack, account.accessToken));

const welcomeDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Story Magic!' });
/** A featured story's card, found by the story it opens (titles may repeat). */
const card = (page: Page, storyId: string) =>
  page.locator('.featured-grid > li').filter({ has: page.locator(`a[href="/story/${storyId}"]`) });

describe('home: the welcome video, the hero video and the featured stories, in Chromium', () => {
  const chromium = e2eSetup();

  it('shows the welcome video once after sign-in, says plainly that it cannot load offline, and closes cleanly', async () => {
    const { context, page } = await chromium.open();
    const videoRequests = await offlineVideoHost(context);
    const family = await newFamily({ displayName: 'Wren' });
    await signIn(page, family);

    const dialog = welcomeDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('alert').filter({ hasText: WELCOME_VIDEO.failedMessage }).waitFor();
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Close');
    // The player's script was asked for only now, by the dialog.
    expect(videoRequests.some((url) => url.startsWith('https://www.youtube.com/iframe_api'))).toBe(true);
    await screenshot(page, 'welcome-video-dialog');

    // Trying again asks again (still offline) and says so again; focus stays in the dialog.
    const asked = videoRequests.length;
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('alert').filter({ hasText: WELCOME_VIDEO.failedMessage }).waitFor();
    expect(videoRequests.length).toBeGreaterThan(asked);
    expect(await page.evaluate("Boolean(document.activeElement?.closest('dialog'))")).toBe(true);

    // Escape closes it; focus continues from the page's content, which is usable again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event (which moves focus) follows its closing by a task: wait for it.
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('main');
    expect(await page.evaluate("sessionStorage.getItem('story-magic:welcome-video')")).toBeNull();
    await page.getByRole('link', { name: 'My Library' }).first().waitFor();

    // Not again after a reload, and the page alone never loads the player's script.
    const beforeReload = videoRequests.length;
    await page.reload();
    await page.getByRole('heading', { name: 'Featured Stories' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Create Your Own Magical Story' }).waitFor();
    await page.getByRole('link', { name: 'Start Creating!' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await welcomeDialog(page).count()).toBe(0);
    expect(await page.locator('script[src^="https://www.youtube.com"]').count()).toBe(0);
    expect(videoRequests.length).toBe(beforeReload);

    // The hero video loads its player only when asked to play, in place, and says when it cannot.
    await page.getByRole('button', { name: 'Watch the Story Magic video' }).click();
    const hero = page.getByRole('region', { name: 'Story Magic video' });
    await hero.getByRole('alert').filter({ hasText: WELCOME_VIDEO.failedMessage }).waitFor();
    expect(videoRequests.length).toBeGreaterThan(beforeReload);
    await screenshot(page, 'home-hero-video-offline');
    await context.close();
  });

  it('closes the welcome video with its Close button on a phone', async () => {
    const { context, page } = await chromium.open(MOBILE);
    await offlineVideoHost(context);
    await signIn(page, await newFamily({ displayName: 'Juno' }));
    const dialog = welcomeDialog(page);
    await dialog.getByRole('alert').filter({ hasText: WELCOME_VIDEO.failedMessage }).waitFor();
    await screenshot(page, 'welcome-video-dialog-mobile');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Start Creating!' }).click();
    await page.waitForURL(`${webUrl}/create/01`);
    await context.close();
  });

  it('shows featured stories as cards that open, share and save', async () => {
    const writer = await newFamily({ displayName: 'Writer', authorName: 'Grandpa Joe' });
    const withCover = await newStory(writer);
    const withoutCover = await newStory(writer);
    const unfeatured = await newStory(writer);
    await table.set({ PK: `STORY#${withoutCover.id}`, SK: 'META' }, { cover_image_url: null });
    await feature(withCover.id);
    await feature(withoutCover.id);

    const reader = await newFamily({ displayName: 'Pip' });
    const { context, page } = await chromium.open();
    await offlineVideoHost(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signIn(page, reader);
    await closeWelcomeVideo(page);

    await page.getByText('Coming Soon').waitFor();
    const first = card(page, withCover.id);
    await first.waitFor();
    await expect(first.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(withCover.title);
    await first.getByText('By Grandpa Joe').waitFor();
    const preview = (await first.locator('.featured-card__preview').textContent()) ?? '';
    expect(Array.from(preview).length).toBeLessThanOrEqual(121);
    expect(withCover.content.replace(/\s+/g, ' ')).toContain(preview.replace(/…$/, '').slice(0, 60));
    await expect(first.locator('img').count()).resolves.toBe(1);
    // No cover: the theme's emoji stands in (Treasure → treasure-hunt, 💎).
    const second = card(page, withoutCover.id);
    await expect(second.locator('img').count()).resolves.toBe(0);
    await second.getByText('💎').waitFor();
    // Newest first; a story that is not featured is not there.
    const order = await page
      .locator('.featured-grid a[href^="/story/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(order.indexOf(`/story/${withoutCover.id}`)).toBeLessThan(order.indexOf(`/story/${withCover.id}`));
    expect(order).not.toContain(`/story/${unfeatured.id}`);
    await page.evaluate('document.fonts.ready');
    await screenshot(page, 'home-featured');

    // The card's share button opens the Share Story dialog for that story.
    await first.getByRole('button', { name: `Share ${withCover.title}` }).click();
    const share = page.getByRole('dialog', { name: 'Share Story' });
    await share.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Link copied to clipboard!');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${webUrl}/story/${withCover.id}`);
    await share.getByRole('button', { name: 'Close', exact: true }).click();
    await share.waitFor({ state: 'hidden' });

    // "Begin This Adventure" opens the story.
    await first.getByRole('link', { name: 'Begin This Adventure' }).click();
    await page.waitForURL(`${webUrl}/story/${withCover.id}`);
    await page.getByRole('heading', { level: 1, name: withCover.title }).waitFor();

    // Saved from its story page, the featured story is in the family's library.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved to library!');
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await page.goto(`${webUrl}/library`);
    await page.getByRole('list', { name: 'Saved stories' }).getByRole('heading', { name: withCover.title }).waitFor();
    const library = (await apiClient(stack, reader.accessToken)('/library')).body.stories as { id: string }[];
    expect(library.map((s) => s.id)).toEqual([withCover.id]);
    await context.close();

    // The same grid on a phone.
    const phone = await chromium.open(MOBILE);
    await offlineVideoHost(phone.context);
    await signIn(phone.page, reader);
    await closeWelcomeVideo(phone.page);
    await card(phone.page, withCover.id).waitFor();
    await screenshot(phone.page, 'home-featured-mobile');
    await phone.context.close();
  });

  it('says so when the featured stories cannot load', async () => {
    const { context, page } = await chromium.open();
    await offlineVideoHost(context);
    await context.route(`${webUrl}/api/featured`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL"}}' }),
    );
    await signIn(page, await newFamily({ displayName: 'Ada' }));
    await closeWelcomeVideo(page);
    await toast(page, 'Failed to load stories');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });
});
