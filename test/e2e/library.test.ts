import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, readyStory } from '../support/api.js';
import { e2eSetup, newFamily, stack, toast, webUrl, type Account } from '../support/e2e.js';
import { MOBILE, screenshot, signInThroughForm } from '../support/pages.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const table = tableClient(stack);
const storyKey = (id: string) => ({ PK: `STORY#${id}`, SK: 'META' });

/** The browser globals the in-page checks read. */
type BrowserGlobals = { getComputedStyle(element: unknown): { opacity: string }; document: { activeElement: unknown } };

type Call = ReturnType<typeof apiClient>;

const HEROES = ['Maya', 'Leo', 'Zara', 'Finn', 'Nia', 'Omar', 'Ivy', 'Kai', 'Rosa', 'Theo'];
const MISSIONS = ['Treasure', 'Rescue', 'Protect', 'Ranch', 'Escape'] as const;

/** Generates a story through the API (the workflow runs in the stack) and waits until it is ready. */
async function makeStory(call: Call, index: number): Promise<{ id: string; title: string }> {
  const choices = { heroName: HEROES[index % HEROES.length], mission: MISSIONS[index % 5] };
  const story = await readyStory(call, choices);
  // The generator may give two stories the same title; cards are found by title, so make each one unique.
  const title = `${String(story.title)} (${index + 1})`;
  await table.set(storyKey(String(story.id)), { title });
  return { id: String(story.id), title };
}

const signInBrowser = (page: Page, account: Account) => signInThroughForm(page, webUrl, account);

/** A phone: 375 px wide, touch, no hover (so the card buttons always show). */
async function openPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** The card of a saved story, found by its title. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const toolsOpacity = (page: Page, title: string) =>
  cardOf(page, title)
    .locator('.library-card__tools')
    .evaluate(
      // Runs in the page (the test tsconfig has no DOM library, hence the cast).
      (element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).opacity,
    );

describe('My Library and the Save / Saved button, in Chromium', () => {
  const chromium = e2eSetup();

  it('a family fills the library to 10, is stopped from creating, removes a story, then creates', async () => {
    // Three stories of the family's own and seven featured stories of another family, saved: 10 of 10.
    const family = await newFamily({ displayName: 'Collector' });
    const call = apiClient(stack, family.accessToken);
    const other = apiClient(stack, (await newFamily({ displayName: 'Storyteller' })).accessToken);
    const [own, featured] = await Promise.all([
      (async () => [await makeStory(call, 0), await makeStory(call, 1), await makeStory(call, 2)])(),
      (async () => {
        const made = [];
        for (let i = 3; i < 10; i++) made.push(await makeStory(other, i));
        return made;
      })(),
    ]);
    for (const [i, story] of featured.entries()) {
      // Two of them have no cover, so their cards show the theme emoji instead.
      await table.set(storyKey(story.id), {
        is_featured: true,
        ...(i < 2 ? { cover_image_url: null, cover_thumbnail_url: null } : {}),
      });
      expect((await call(`/library/${story.id}`, { method: 'PUT' })).status).toBe(200);
    }

    // On a phone: one column, and (no hover there) the share and remove buttons always show. One story is
    // shown as still being written for a moment: it offers its progress, and no removal.
    const writing = own[0] ?? { id: '', title: '' };
    await table.set(storyKey(writing.id), { status: 'generating' });
    const phone = await openPhone(chromium.browser);
    await signInBrowser(phone.page, family);
    await phone.page.goto(`${webUrl}/library`);
    await phone.page.getByText('10/10', { exact: true }).waitFor();
    await phone.page.getByRole('status').filter({ hasText: 'Library Full' }).waitFor();
    await expect(phone.page.evaluate<boolean>("matchMedia('(hover: none)').matches")).resolves.toBe(true);
    await expect(toolsOpacity(phone.page, featured[1]?.title ?? '')).resolves.toBe('1');
    const writingCard = cardOf(phone.page, writing.title);
    await writingCard.getByText('Being written…').waitFor();
    await writingCard.getByRole('link', { name: /^See Progress/ }).waitFor();
    await expect(writingCard.getByRole('button').count()).resolves.toBe(0);
    await screenshot(phone.page, 'library-full-mobile');
    await table.set(storyKey(writing.id), { status: 'ready' });
    await writingCard.getByRole('link', { name: /^Continue Reading/ }).waitFor(); // the list follows by itself
    await phone.context.close();

    const { context, page } = await chromium.signedIn(family);
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { level: 1, name: 'Your Saved Stories' }).waitFor();
    await page.getByText('10/10', { exact: true }).waitFor();
    await page.getByText('FULL', { exact: true }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'Library Full' });
    await banner.getByText("You have 10/10 stories in your library. To create a new story, you'll need").waitFor();
    const cards = page.getByRole('list', { name: 'Saved stories' }).getByRole('listitem');
    await expect(cards.count()).resolves.toBe(10);
    // Newest saved first: the last featured story saved leads, the family's first story (saved when made) ends.
    await expect(cards.first().getByRole('heading').textContent()).resolves.toBe(featured[6]?.title);
    await expect(cards.last().getByRole('heading').textContent()).resolves.toBe(own[0]?.title);
    await expect(cards.getByText('📖').count()).resolves.toBe(0); // every story has a theme
    await expect(page.locator('.library-card__emoji').count()).resolves.toBe(2);
    await screenshot(page, 'library-full');

    // Share and remove: hidden until the card is hovered or holds the keyboard focus.
    const first = own[2]?.title ?? '';
    await page.mouse.move(0, 0);
    await expect.poll(() => toolsOpacity(page, first)).toBe('0');
    await cardOf(page, first)
      .getByRole('link', { name: /^Continue Reading/ })
      .focus();
    await page.keyboard.press('Tab');
    await expect(
      page
        .getByRole('button', { name: `Share ${first}` })
        .evaluate((b) => b === (globalThis as unknown as BrowserGlobals).document.activeElement),
    ).resolves.toBe(true);
    await expect.poll(() => toolsOpacity(page, first)).toBe('1');

    // The banner goes away when dismissed; Create New Story is stopped by the Library Full dialog.
    await page.getByRole('button', { name: 'Dismiss Library Full message' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Create New Story' }).click();
    const fullDialog = page.getByRole('dialog', { name: 'Library Full' });
    await fullDialog.getByText('You have 10/10 stories in your library.').waitFor();
    await fullDialog.getByText('Deleted stories cannot be recovered').waitFor();
    await fullDialog.getByRole('button', { name: 'Cancel' }).click();
    await fullDialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${webUrl}/library`);

    // Removing someone else's story only unsaves it; the confirmation says so.
    const theirs = featured[0]?.title ?? '';
    await page.getByRole('button', { name: `Remove ${theirs}` }).click();
    const unsave = page.getByRole('dialog', { name: 'Remove from your library?' });
    await unsave.getByText('The story itself stays').waitFor();
    await unsave.getByRole('button', { name: 'Cancel' }).click();
    await unsave.waitFor({ state: 'detached' });

    // Removing the family's own story deletes it for good, after a clear warning.
    const mine = own[1] ?? { id: '', title: '' };
    await cardOf(page, mine.title).hover();
    await expect.poll(() => toolsOpacity(page, mine.title)).toBe('1');
    await page.getByRole('button', { name: `Remove ${mine.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this story for good?' });
    await confirm.getByText('Deleted stories cannot be recovered').waitFor();
    await confirm.getByText('deletes the story and all its pictures').waitFor();
    await screenshot(page, 'library-remove-dialog');
    await confirm.getByRole('button', { name: 'Delete Story' }).click();
    await toast(page, 'Removed from library');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('9/10', { exact: true }).waitFor();
    await expect(page.getByText('FULL', { exact: true }).count()).resolves.toBe(0);
    await expect(cards.count()).resolves.toBe(9);
    await expect(call(`/stories/${mine.id}`).then((r) => r.status)).resolves.toBe(404);

    // There is room again: Create New Story opens the wizard.
    await page.getByRole('link', { name: 'Create New Story' }).click();
    await page.waitForURL(`${webUrl}/create/01`);
    await context.close();
  }, 120_000);

  it('an empty library invites the family to create or explore', async () => {
    const family = await newFamily({ displayName: 'Newcomer' });
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { context, page } = viewport === 'desktop' ? await chromium.open() : await openPhone(chromium.browser);
      await signInBrowser(page, family);
      await page.goto(`${webUrl}/library`);
      await page.getByRole('heading', { name: 'Your Library is Empty' }).waitFor();
      await page.getByText('0/10', { exact: true }).waitFor();
      await expect(page.getByRole('link', { name: 'Create New Story' }).count()).resolves.toBe(0);
      await screenshot(page, viewport === 'desktop' ? 'library-empty' : 'library-empty-mobile');
      if (viewport === 'desktop') {
        await page.getByRole('link', { name: 'Explore Stories' }).click();
        await page.waitForURL(`${webUrl}/home`);
        await page.goBack();
        await page.getByRole('link', { name: 'Create Your First Story' }).click();
        await page.waitForURL(`${webUrl}/create/01`);
      }
      await context.close();
    }
  });

  it('Save / Saved on the story page: saves, unsaves, stops at 10, and asks before deleting your own', async () => {
    const family = await newFamily({ displayName: 'Saver' });
    const userId = String(decodePayload(family.accessToken).sub);
    const call = apiClient(stack, family.accessToken);
    const other = apiClient(stack, (await newFamily({ displayName: 'Author' })).accessToken);
    const [theirs, mine] = await Promise.all([makeStory(other, 4), makeStory(call, 5)]);
    await table.set(storyKey(theirs.id), { is_featured: true });

    const { context, page } = await chromium.signedIn(family);
    await page.goto(`${webUrl}/story/${theirs.id}`);
    const actions = page.getByRole('navigation', { name: 'Story actions' });
    await actions.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved to library!');
    await actions.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await screenshot(page, 'story-saved');
    await expect(table.countLibrary(userId)).resolves.toBe(2);
    await actions.getByRole('button', { name: 'Saved', exact: true }).click();
    await toast(page, 'Removed from library');
    await actions.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await expect(table.countLibrary(userId)).resolves.toBe(1);

    // At the cap the server refuses, and the Library Full dialog explains (count as the server reports it).
    await table.set({ PK: `USER#${userId}`, SK: 'PROFILE' }, { library_count: 10 });
    await actions.getByRole('button', { name: 'Save', exact: true }).click();
    const fullDialog = page.getByRole('dialog', { name: 'Library Full' });
    await fullDialog.getByText('You have 10/10 stories in your library.').waitFor();
    await fullDialog.getByRole('button', { name: 'Cancel' }).click();
    await actions.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await table.set({ PK: `USER#${userId}`, SK: 'PROFILE' }, { library_count: 1 });

    // The family's own story: Saved asks first, because taking it out deletes it; then on to the library.
    await page.goto(`${webUrl}/story/${mine.id}`);
    await actions.getByRole('button', { name: 'Saved', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this story for good?' });
    await confirm.getByText('Deleted stories cannot be recovered').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(call(`/stories/${mine.id}`).then((r) => r.status)).resolves.toBe(200);
    await actions.getByRole('button', { name: 'Saved', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete Story' }).click();
    await toast(page, 'Removed from library');
    await page.waitForURL(`${webUrl}/library`);
    await page.getByRole('heading', { name: 'Your Library is Empty' }).waitFor();
    await expect(call(`/stories/${mine.id}`).then((r) => r.status)).resolves.toBe(404);
    await context.close();
  }, 90_000);
});
