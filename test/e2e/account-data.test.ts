import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AccountDataExport } from '#common/api/views.js';
import { signIn } from '../support/accounts.js';
import { apiClient, mediaObjectStatus, storyChoices, waitForStory } from '../support/api.js';
import { e2eSetup, stack, toast, webUrl } from '../support/e2e.js';
import {
  closeWelcomeVideo,
  DESKTOP,
  fillSignIn,
  MOBILE,
  passGrownUpGate,
  screenshot,
  signUpThroughForm,
} from '../support/pages.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const table = tableClient(stack);

/** The browser globals the in-page checks read (the test tsconfig has no DOM library). */
type BrowserGlobals = { document: { activeElement: unknown } };
const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === (globalThis as unknown as BrowserGlobals).document.activeElement);

describe("a parent's control of the account's data, in Chromium", () => {
  const chromium = e2eSetup();

  it('downloads the data from the profile page, then deletes the account by typing the word', async () => {
    // Sign up through the form, then make a story through the API as the same account.
    const { context, page } = await chromium.open(DESKTOP);
    const { email, password } = await signUpThroughForm(page, webUrl, {
      name: 'Rowan',
      band: 'Young Adventurers (8-10)',
      password: 'Lanterns123',
    });

    const { accessToken } = await signIn(stack, email, password);
    const userId = String(decodePayload(accessToken).sub);
    const call = apiClient(stack, accessToken);
    const created = await call('/stories', {
      method: 'POST',
      body: JSON.stringify({ ...storyChoices, heroName: 'Juniper', requestId: randomUUID() }),
    });
    const story = await waitForStory(call, String(created.body.storyId));
    expect(story.status).toBe('ready');
    const pictureUrls = (story.images as { imageUrl: string }[]).map((image) => image.imageUrl);
    expect(pictureUrls.length).toBeGreaterThan(0);

    // Download my data (Grown-ups only): a dated JSON file holding the story, its text and its pictures.
    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, password);
    const dataSection = page.getByRole('region', { name: 'Your data' });
    await dataSection.waitFor();
    await screenshot(page, 'profile-data-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dataSection.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^story-magic-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountDataExport;
    expect(data.profile).toMatchObject({ id: userId, email, displayName: 'Rowan', ageBand: 'B' });
    expect(data.stories).toHaveLength(1);
    expect(data.stories[0]).toMatchObject({ id: story.id, title: story.title, heroName: 'Juniper' });
    expect(data.stories[0]?.content).toBe(story.content);
    expect(data.pictures.map((p) => p.imageUrl)).toEqual(pictureUrls);
    expect(data.library).toEqual([
      { childId: userId, storyId: story.id, title: story.title, savedAt: expect.any(String), createdByYou: true },
    ]);
    await toast(page, 'Your data has been downloaded');

    // The danger zone at a phone's width (a second device of the same family), dialog open too.
    const phone = await chromium.signedIn({ email, password }, MOBILE);
    await closeWelcomeVideo(phone.page);
    await phone.page.goto(`${webUrl}/profile`);
    await passGrownUpGate(phone.page, password);
    await phone.page.getByRole('region', { name: 'Your data' }).waitFor();
    await screenshot(phone.page, 'profile-data-mobile');
    await phone.page.getByRole('button', { name: 'Delete my account' }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Delete your account for good?' });
    await phoneDialog.waitFor();
    await phoneDialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await screenshot(phone.page, 'profile-delete-dialog-mobile', { fullPage: false });
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneDialog.waitFor({ state: 'hidden' });
    await phone.context.close();

    // Keyboard: open the dialog, the field has focus, Escape closes it and focus returns to the button.
    const openButton = page.getByRole('button', { name: 'Delete my account' });
    await openButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    const word = dialog.getByLabel('Type DELETE to confirm');
    await expect(hasFocus(word)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(hasFocus(openButton)).resolves.toBe(true);

    // The delete button waits for the exact word (case-sensitive).
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await screenshot(page, 'profile-delete-dialog-empty-desktop', { fullPage: false });
    await word.fill('delete');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Enter'); // submitting the form without the word does nothing
    await expect(dialog.isVisible()).resolves.toBe(true);
    await word.fill('DELETE');
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'profile-delete-dialog-desktop', { fullPage: false });
    await confirm.click();

    // Signed out, on the landing page, told so; and everything of the account is gone.
    await page.waitForURL(`${webUrl}/`);
    await toast(page, 'Your account has been deleted');
    await page.getByRole('heading', { level: 1, name: 'Story Magic' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForTimeout(600); // the toast's entrance animation, for the picture
    await screenshot(page, 'landing-after-account-deleted');
    // Nothing of the session or the wizard's draft is left on this device.
    const stored = await page.evaluate(() =>
      Object.keys((globalThis as unknown as { localStorage: Record<string, string> }).localStorage),
    );
    expect(stored.filter((key) => key.startsWith('CognitoIdentityServiceProvider.') || key === 'story-config')).toEqual(
      [],
    );
    expect(await table.traces(userId, [String(story.id)])).toEqual([]);
    for (const url of pictureUrls) expect(await mediaObjectStatus(stack, url)).toBe(404);

    // The session is gone from this browser: /profile asks for a sign-in, which now fails as a wrong password.
    await page.goto(`${webUrl}/profile`);
    await page.waitForURL(`${webUrl}/auth`);
    await page.goto(`${webUrl}/auth?mode=login`);
    await fillSignIn(page, { email, password });
    await toast(page, 'Incorrect email or password.');
    expect(page.url()).toContain('/auth');
    await context.close();
  });
});
