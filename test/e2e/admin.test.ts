import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation/account-messages.js';
import { ADMIN_MESSAGES } from '#common/validation/messages.js';
import { grownUpClient, type apiClient } from '../support/api.js';
import {
  adminApi,
  e2eSetup,
  familyWithStory,
  newFamily,
  offlineVideoHost,
  stack,
  webUrl,
  type Account,
  type Viewport,
} from '../support/e2e.js';
import {
  adminSignInThroughForm,
  closeWelcomeVideo,
  fillSignIn,
  MOBILE,
  SCREENSHOT_DIR,
  screenshot,
  signInThroughForm,
} from '../support/pages.js';

/** Unique to this run, so searches find only what this file made. */
const tag = randomUUID().slice(0, 8);
const chromium = e2eSetup();

/**
 * The app shows one toast at a time, so a quick second toast (a list reloading after an action) can hide
 * the first before a check sees it. Every page of this file records each toast it shows; a check looks there.
 */
async function recordToasts(context: BrowserContext) {
  // A script string: this file is compiled without the DOM's types.
  await context.addInitScript(`
    window.seenToasts = [];
    const counted = new WeakSet();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        if (counted.has(toast) || !toast.textContent) continue;
        counted.add(toast);
        window.seenToasts.push(toast.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
}

/** Waits for a toast with this text; each toast shown satisfies one check only. */
const toast = (page: Page, text: string, timeout = 30_000) =>
  expect
    .poll(
      () =>
        page.evaluate(
          ([wanted]) => {
            const seen = (globalThis as unknown as { seenToasts?: string[] }).seenToasts ?? [];
            const at = seen.findIndex((shown) => shown.includes(wanted ?? ''));
            if (at >= 0) seen.splice(at, 1);
            return at >= 0;
          },
          [text],
        ),
      { timeout },
    )
    .toBe(true);

/** A family signed in through the form in a fresh browser context, on /home with the welcome video closed. */
async function familyPage(account: Account) {
  const { context, page } = await chromium.open();
  await recordToasts(context);
  await offlineVideoHost(context);
  await signInThroughForm(page, webUrl, account);
  await closeWelcomeVideo(page);
  return { context, page };
}

/** The seeded admin, signed in: the guard sends the visitor to /auth and back to the admin screen. */
async function adminPage(viewport?: Viewport) {
  const { context, page } = await chromium.open(viewport);
  await recordToasts(context);
  await offlineVideoHost(context);
  await adminSignInThroughForm(page, webUrl, stack.admin);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  return { context, page };
}

const usersTable = (page: Page) => page.getByRole('table');
const userRow = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });

/** Searches the users table and waits until the row of that e-mail is there (and the list has settled). */
async function findUser(page: Page, query: string, email: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/admin/users' &&
      new URL(response.url()).searchParams.get('q') === query.trim(),
  );
  await page.getByLabel('Search users').fill(query);
  await answered;
  await page.getByText('Loading users...').waitFor({ state: 'hidden' });
  await userRow(page, email).waitFor();
}

/** Types into "Search stories..." and waits for the server's answer to exactly that search. */
async function searchStories(page: Page, query: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/admin/stories' &&
      new URL(response.url()).searchParams.get('q') === query.trim(),
  );
  await page.getByPlaceholder('Search stories...').fill(query);
  await answered;
  await page.getByText('Loading stories...').waitFor({ state: 'hidden' });
}

/** The open dialog, captured as the screen shows it (a full-page capture would show the page behind). */
async function screenshotView(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

async function openUser(page: Page, name: string) {
  await usersTable(page)
    .getByRole('button', { name: `${name}: open details` })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await dialog.getByRole('heading', { name: 'Recent activity' }).waitFor();
  await dialog.locator('[aria-busy="false"]').first().waitFor();
  return dialog;
}

describe('the admin area, in Chromium', () => {
  let adminCall: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    adminCall = await adminApi();
  });

  it('keeps families out, and shows the dashboard counts to the admin', async () => {
    const family = await newFamily({ displayName: 'Nosy' });
    const nosy = await familyPage(family);
    await nosy.page.goto(`${webUrl}/admin/users`);
    await nosy.page.waitForURL(`${webUrl}/home`);
    await nosy.context.close();

    // The dashboard shows the counts the API answered it. (That they match a recount of the table is the
    // integration layer's check, test/integration/admin.test.ts: here the other files make families and
    // stories meanwhile, so two reads a moment apart may differ.)
    const { context, page } = await adminPage();
    // The first load has settled, so every answer recorded below is the reloaded page's.
    await page.locator('[data-stat="profiles"]').filter({ hasText: /\d/ }).waitFor();
    const answers: { status: number; stats: Record<string, unknown> }[] = [];
    await page.route('**/api/admin/stats', async (route) => {
      const response = await route.fetch();
      answers.push({ status: response.status(), stats: (await response.json()) as Record<string, unknown> });
      await route.fulfill({ response });
    });
    await page.reload();
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    const { status, stats } = answers.at(-1) ?? { status: 0, stats: {} };
    expect(status).toBe(200);
    for (const [key, label] of [
      ['profiles', 'Total Users'],
      ['stories', 'Total Stories'],
      ['featuredStories', 'Featured Stories'],
      ['publicStories', 'Public Stories'],
    ] as const) {
      const value = page.locator(`[data-stat="${key}"]`);
      await expect.poll(() => value.textContent()).toBe(Number(stats[key]).toLocaleString('en-US'));
      await page.getByText(label, { exact: true }).waitFor();
    }
    expect(answers).toHaveLength(1);
    expect(Number(stats.profiles)).toBeGreaterThan(0);
    await screenshot(page, 'admin-dashboard');

    // /admin itself opens the dashboard; the sidebar reaches every screen.
    await page.goto(`${webUrl}/admin`);
    await page.waitForURL(`${webUrl}/admin/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('Settings configuration coming soon...').waitFor();
    await screenshot(page, 'admin-settings');
    await context.close();
  });

  it('finds a family, keeps notes, suspends them (they cannot sign in) and activates them again', async () => {
    const name = `Zelda ${tag}`;
    const family = await newFamily({ displayName: name, authorName: 'Aunt Z' });
    const { context, page } = await adminPage();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await findUser(page, `zelda ${tag}`, family.email);
    const row = userRow(page, family.email);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('User', { exact: true }).waitFor();
    await screenshot(page, 'admin-users');

    const dialog = await openUser(page, name);
    await dialog.getByText('Aunt Z').waitFor();
    await dialog.getByText('Young Adventurers (8-10)').waitFor();

    // Notes: an empty one is refused with the shared message; a real one is added, then deleted.
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await toast(page, ADMIN_MESSAGES.emptyNote);
    await dialog.getByLabel('Add a note').fill('Asked about printing stories for school.');
    await dialog.getByText('40/2000').waitFor();
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await toast(page, 'Note added');
    await dialog.getByText('Asked about printing stories for school.').waitFor();
    await dialog.getByLabel('Add a note').fill('Second note, to delete.');
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await dialog.getByText('Second note, to delete.').waitFor();
    await dialog
      .getByRole('listitem')
      .filter({ hasText: 'Second note, to delete.' })
      .getByRole('button', { name: /^Delete note/ })
      .click();
    await toast(page, 'Note deleted');
    await dialog.getByText('Second note, to delete.').waitFor({ state: 'hidden' });

    // Suspend: the row follows, the activity log records it, and the family cannot sign in.
    await dialog.getByRole('button', { name: 'Suspend User' }).click();
    await toast(page, 'User suspended');
    await dialog.getByRole('button', { name: 'Activate User' }).waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    await expect.poll(() => dialog.locator('.admin-activity__entry').count()).toBeGreaterThan(0);
    await screenshotView(page, 'admin-user-dialog');

    const blocked = await chromium.open();
    await recordToasts(blocked.context);
    await blocked.page.goto(`${webUrl}/auth?mode=login`);
    await fillSignIn(blocked.page, family);
    await toast(blocked.page, MESSAGES.accountSuspended);
    expect(blocked.page.url()).toContain('/auth');
    await screenshot(blocked.page, 'admin-suspended-sign-in');
    await blocked.context.close();

    // The status filter finds them among the suspended.
    await dialog.getByRole('button', { name: 'Close user details' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Status').selectOption('suspended');
    await userRow(page, family.email).waitFor();
    await page.getByLabel('Status').selectOption('active');
    await userRow(page, family.email).waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('');
    await userRow(page, family.email).waitFor();

    // Activate again: they sign in.
    const again = await openUser(page, name);
    await again.getByRole('button', { name: 'Activate User' }).click();
    await toast(page, 'User activated');
    await row.getByText('Active', { exact: true }).waitFor();
    await again.getByRole('button', { name: 'Send Password Reset' }).click();
    await toast(page, 'Password reset email sent to user');
    await again.getByRole('button', { name: 'Close user details' }).click();
    const back = await familyPage(family);
    await back.context.close();
    await context.close();
  });

  it('changes roles (single and bulk), suspends in bulk, and locks the admin’s own account', async () => {
    const helper = await newFamily({ displayName: `Helper ${tag}` });
    const twinA = await newFamily({ displayName: `Twin ${tag} A` });
    const twinB = await newFamily({ displayName: `Twin ${tag} B` });
    const { context, page } = await adminPage();
    await page.goto(`${webUrl}/admin/users`);

    // One user made an admin: the new role reaches their next sign-in.
    await findUser(page, `helper ${tag}`, helper.email);
    const dialog = await openUser(page, `Helper ${tag}`);
    await dialog.getByLabel('Role', { exact: true }).selectOption('admin');
    await dialog.getByRole('button', { name: 'Update Role' }).click();
    await toast(page, 'User role updated');
    await userRow(page, helper.email).getByText('Admin', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close user details' }).click();
    const promoted = await chromium.open();
    await recordToasts(promoted.context);
    await offlineVideoHost(promoted.context);
    await adminSignInThroughForm(promoted.page, webUrl, helper);
    await promoted.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await promoted.context.close();

    // Bulk: both twins suspended, made moderators, then activated.
    await findUser(page, `twin ${tag}`, twinA.email);
    await userRow(page, twinB.email).waitFor();
    await page.getByLabel('Select all on this page').check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Suspend selected' }).click();
    await toast(page, '2 users suspended');
    await userRow(page, twinA.email).getByText('Suspended', { exact: true }).waitFor();
    await userRow(page, twinB.email).getByText('Suspended', { exact: true }).waitFor();
    await userRow(page, twinA.email).getByRole('checkbox').check();
    await userRow(page, twinB.email).getByRole('checkbox').check();
    await page.getByLabel('Role for selected users').selectOption('moderator');
    await page.getByRole('button', { name: 'Set role' }).click();
    await toast(page, '2 user roles updated');
    await userRow(page, twinA.email).getByText('Moderator', { exact: true }).waitFor();
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Activate selected' }).click();
    await toast(page, '2 users activated');
    await userRow(page, twinB.email).getByText('Active', { exact: true }).waitFor();

    // The admin's own row: not selectable, and status, role and deletion are locked.
    await findUser(page, stack.admin.email, stack.admin.email);
    const own = userRow(page, stack.admin.email);
    await expect(own.getByRole('checkbox').isDisabled()).resolves.toBe(true);
    await own.getByText('You', { exact: true }).waitFor();
    const ownName = (await own.getByRole('button').first().textContent())?.replace(/: open details$/, '') ?? '';
    const self = await openUser(page, ownName);
    await expect(self.getByRole('button', { name: 'Suspend User' }).isDisabled()).resolves.toBe(true);
    await expect(self.getByRole('button', { name: 'Delete User' }).isDisabled()).resolves.toBe(true);
    await expect(self.getByLabel('Role', { exact: true }).isDisabled()).resolves.toBe(true);
    await self.getByRole('button', { name: 'Close user details' }).click();

    // Deleting a user asks first, and says what goes.
    await findUser(page, `twin ${tag} b`, twinB.email);
    const doomed = await openUser(page, `Twin ${tag} B`);
    await doomed.getByRole('button', { name: 'Delete User' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
    await confirm.getByText(/their stories and their pictures for good/).waitFor();
    await screenshotView(page, 'admin-user-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await toast(page, 'User deleted successfully');
    await userRow(page, twinB.email).waitFor({ state: 'detached' });
    expect((await adminCall(`/admin/users?q=${encodeURIComponent(twinB.email)}`)).body.users).toEqual([]);
    await context.close();
  });

  it('shows the users screen and its dialog on a phone, with the sidebar folded into a menu', async () => {
    const family = await newFamily({ displayName: `Phone ${tag}` });
    const { context, page } = await adminPage(MOBILE);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await screenshotView(page, 'admin-menu-mobile');
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expect(nav.isVisible()).resolves.toBe(false);
    await findUser(page, `phone ${tag}`, family.email);
    await screenshot(page, 'admin-users-mobile');
    await openUser(page, `Phone ${tag}`);
    await screenshotView(page, 'admin-user-dialog-mobile');
    await context.close();
  });

  it('shows a story its family shares by link as "Link open", not "Private", at 1280 and 375 px', async () => {
    const { account, story } = await familyWithStory({ displayName: `Sharing ${tag}` });
    const grownUp = await grownUpClient(stack, account);
    const opened = await grownUp(`/stories/${story.id}/sharing`, {
      method: 'PUT',
      body: JSON.stringify({ open: true }),
    });
    expect(opened.body).toEqual({ linkOpen: true });
    for (const [viewport, name] of [
      [undefined, 'admin-stories-link-open'],
      [MOBILE, 'admin-stories-link-open-mobile'],
    ] as const) {
      const { context, page } = await adminPage(viewport);
      await page.goto(`${webUrl}/admin/stories`);
      await searchStories(page, story.title);
      const row = page.getByRole('row').filter({ has: page.locator(`a[href="/story/${story.id}"]`) });
      await row.getByText('Link open', { exact: true }).waitFor();
      expect(await row.getByText('Private', { exact: true }).count()).toBe(0);
      await row.scrollIntoViewIfNeeded();
      await screenshotView(page, name);
      await context.close();
    }
  });

  it('creates a featured story with a cover picture that families see on their home page', async () => {
    const title = `The Guardian Lantern ${tag}`;
    const { context, page } = await adminPage();
    await page.goto(`${webUrl}/admin/stories`);
    await page.getByRole('heading', { level: 1, name: 'Featured Stories Management' }).waitFor();
    await page.getByText('Create and manage Guardian team stories').waitFor();
    await page.getByRole('link', { name: 'Create New Story' }).click();
    await page.waitForURL(`${webUrl}/admin/stories/new`);
    await page.getByRole('heading', { level: 1, name: 'Create Story' }).waitFor();
    await page.getByText('AI image generation requires the story to be saved first.').waitFor();

    // No pictures before the story exists.
    await page.getByRole('button', { name: /^Generate Image: Cover Image$/ }).click();
    await toast(page, ADMIN_MESSAGES.saveFirst);

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Hero Name').fill('Ranger Rosa');
    await page
      .getByLabel('Story Content')
      .fill(
        'Ranger Rosa found a lantern that glowed whenever a friend needed help.\n\n' +
          'She followed its light across the ranch, past the sleepy cows and over the creek.\n\n' +
          'At the old barn a lost foal was waiting, and together they walked home under the stars.',
      );
    await page.getByLabel('Excerpt (Preview Text)').fill('A glowing lantern leads Rosa to a friend in need.');
    await screenshot(page, 'admin-story-editor-new');
    await page.getByRole('button', { name: 'Create Story' }).first().click();
    await toast(page, 'Story created successfully');
    await page.waitForURL(`${webUrl}/library`);

    // The list finds it by title, case-insensitively, featured.
    await page.goto(`${webUrl}/admin/stories`);
    await searchStories(page, title.toUpperCase());
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('Featured', { exact: true }).waitFor();
    const href = (await row.getByRole('link', { name: title, exact: true }).getAttribute('href')) ?? '';
    const storyId = href.replace('/story/', '');
    expect(storyId).toMatch(/^[\w-]+$/);
    await screenshot(page, 'admin-stories');

    // Edit: paint the cover through the workflow and wait for it.
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await page.waitForURL(`${webUrl}/admin/stories/${storyId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title);
    await page.getByRole('button', { name: /^Generate Image: Cover Image$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Cover Image' });
    await dialog.getByLabel('Customization (optional)').fill('the lantern glowing gold at dusk');
    await dialog.getByText('32/500').waitFor();
    await dialog.getByRole('button', { name: 'Generate Image' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'cover image generated successfully', 30_000);
    const cover = page.getByRole('img', { name: `Cover Image of “${title}”` });
    await cover.waitFor();
    await expect
      .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Regenerate Image: Cover Image$/ }).waitFor();
    await screenshot(page, 'admin-story-editor');
    const phone = await adminPage(MOBILE);
    await phone.page.goto(`${webUrl}/admin/stories/${storyId}/edit`);
    await phone.page.getByRole('img', { name: `Cover Image of “${title}”` }).waitFor();
    await screenshot(phone.page, 'admin-story-editor-mobile');
    await phone.context.close();

    // Saving an edit goes through the sanitiser and back to the library.
    await page.getByLabel('Excerpt (Preview Text)').fill('A glowing lantern leads Rosa to a lost foal.');
    await page.getByRole('button', { name: 'Save Changes' }).last().click();
    await toast(page, 'Story updated successfully');
    await page.waitForURL(`${webUrl}/library`);

    // A family sees it among the featured stories, with its cover.
    const family = await familyPage(await newFamily({ displayName: 'Reader' }));
    const card = family.page.locator('.featured-grid > li').filter({ has: family.page.locator(`a[href="${href}"]`) });
    await card.getByRole('heading', { name: title }).waitFor();
    await expect(card.locator('img').count()).resolves.toBe(1);
    await family.context.close();

    // The list's toggles and delete.
    await page.goto(`${webUrl}/admin/stories`);
    await searchStories(page, tag);
    await row.waitFor();
    await row.getByRole('button', { name: `Make “${title}” public`, exact: true }).click();
    await toast(page, 'Story made public');
    await row.getByText('Public', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Unfeature “${title}”`, exact: true }).click();
    await toast(page, 'Story unfeatured');
    await row.getByText('Featured', { exact: true }).waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `Feature “${title}”`, exact: true }).click();
    await toast(page, 'Story featured');
    await row.getByRole('button', { name: `Make “${title}” private`, exact: true }).click();
    await toast(page, 'Story made private');

    const spare = await adminCall('/admin/stories', {
      method: 'POST',
      body: JSON.stringify({ title: `Spare ${tag}`, heroName: 'Spare', content: 'A short tale.', excerpt: '' }),
    });
    expect(spare.status).toBe(201);
    await searchStories(page, `spare ${tag}`);
    const spareRow = page.getByRole('row').filter({ hasText: `Spare ${tag}` });
    await spareRow.getByRole('button', { name: `Delete “Spare ${tag}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this story?' });
    await confirm.getByRole('button', { name: 'Delete Story' }).click();
    await toast(page, 'Story deleted');
    await spareRow.waitFor({ state: 'detached' });
    await context.close();
  });

  it('edits and activates a story template, and the next story records that version', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${webUrl}/admin/llm-settings`);
    const storyTab = page.getByRole('tab', { name: 'Story Generation' });
    const imageTab = page.getByRole('tab', { name: 'Image Generation' });
    await expect(storyTab.getAttribute('aria-selected')).resolves.toBe('true');

    // The tabs answer the arrow keys.
    await storyTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(imageTab.getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByText('{scene_description}', { exact: true }).waitFor();
    await page.getByText('{mood}', { exact: true }).waitFor();
    await screenshot(page, 'admin-llm-settings-image');
    await page.keyboard.press('ArrowLeft');
    await expect(storyTab.getAttribute('aria-selected')).resolves.toBe('true');

    const panel = page.getByRole('tabpanel', { name: 'Story Generation' });
    const active = panel.getByRole('article').filter({ has: page.getByText('Active', { exact: true }) });
    await active.waitFor();
    const version = Number(/Version (\d+)/.exec((await active.textContent()) ?? '')?.[1]);
    expect(version).toBeGreaterThan(0);
    await screenshot(page, 'admin-llm-settings');

    // Saving the active template makes a new, active version.
    const content = active.getByLabel('Prompt Content');
    await content.fill(`${await content.inputValue()} Give every story a friendly lantern. (${tag})`);
    await active.getByLabel('Temperature').fill('0.6');
    await active.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Template updated successfully');
    const newest = panel.getByRole('article').filter({ hasText: `Version ${version + 1}` });
    await newest.getByText('Active', { exact: true }).waitFor();
    await expect(newest.getByLabel('Temperature').inputValue()).resolves.toBe('0.6');

    // An older version can be made active, and the new one again.
    const previous = panel
      .getByRole('article')
      .filter({ hasText: `Version ${version}` })
      .first();
    await previous.getByRole('button', { name: 'Set as Active' }).click();
    await toast(page, 'Active template updated');
    await previous.getByText('Active', { exact: true }).waitFor();
    await newest.getByRole('button', { name: 'Set as Active' }).click();
    await newest.getByText('Active', { exact: true }).waitFor();

    // The next story a family makes records that version.
    const { story } = await familyWithStory({ displayName: 'Lantern' });
    expect(story.templateVersion).toBe(version + 1);

    // Logout from the sidebar.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${webUrl}/auth`);
    await toast(page, 'Signed out successfully');
    await context.close();
  });
});
