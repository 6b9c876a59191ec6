import { describe, expect, it } from 'vitest';
import { sweeper } from '../support/axe.js';
import { BOTH_WIDTHS, e2eSetup, familyWithStory, toast, webUrl } from '../support/e2e.js';
import { passGrownUpGate, screenshot } from '../support/pages.js';

/**
 * Issue 36, child profiles, at a laptop's and a phone's width: a one-child family sees nothing new; the parent
 * (past "Grown-ups only") adds a second child with the other age band, staying on the profile with the same
 * reader; "Who's reading tonight?" asks who reads; each child's library is their own; the menu switches child; handing back locks the profile again.
 */
describe.each(BOTH_WIDTHS)('a family with two children, at %s in Chromium', (label, viewport) => {
  const chromium = e2eSetup();

  it('adds a child, asks who is reading, and keeps each child’s library their own', async () => {
    const {
      account,
      story: { title },
    } = await familyWithStory({ displayName: 'Ama', ageBand: 'A' });

    // One child: straight home, no picker.
    const { page } = await chromium.signedIn(account, viewport);
    const axe = sweeper(page);
    expect(await page.getByRole('heading', { name: "Who's reading tonight?" }).count()).toBe(0);

    // The parent adds a second child, of the other band.
    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, account.password);
    await page.getByRole('button', { name: 'Add a child' }).click();
    const form = page.getByRole('form', { name: 'Add a child' });
    await form.getByLabel('First name or nickname').fill('Kofi');
    await form.getByLabel('Young Adventurers (8-10)').check();
    await axe.sweep('profile, adding a child');
    await form.getByRole('button', { name: 'Add a child' }).click();
    await toast(page, 'Kofi is added');

    // Two children: the parent stays on the profile, and Ama, who was reading, still is (the picker comes at
    // the next sign-in); the menu asks who is reading tonight.
    await page.getByRole('button', { name: 'Done' }).waitFor();
    expect(await page.getByRole('heading', { name: "Who's reading tonight?" }).count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    // Ama's library, her story in it (home would first show a new family its welcome video).
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: "Who's reading tonight?" }).click();
    await page.getByRole('heading', { level: 1, name: "Who's reading tonight?" }).waitFor();
    await axe.sweep("who's reading tonight");
    await screenshot(page, `who-is-reading-${viewport.width}`, { fullPage: false });
    await page.getByRole('button', { name: 'Kofi' }).click();
    await page.waitForURL(`${webUrl}/home`);
    // (The greeting is folded away on a phone: present, not shown.)
    await page.getByText('Welcome back, Kofi!').waitFor({ state: 'attached' });

    // Kofi's library is his own: empty, Ama's story not in it.
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { name: 'Your Library is Empty' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);

    // The menu switches to Ama: her story is in her library.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: "Who's reading tonight?" }).click();
    await page.getByRole('button', { name: 'Ama' }).click();
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { level: 2, name: title }).waitFor();

    // Handed back: the profile asks again.
    await page.goto(`${webUrl}/profile`);
    await page.getByRole('heading', { name: 'Grown-ups only' }).waitFor();

    // Past the gate again: removing a child asks first (the shared confirmation dialog); Cancel keeps him.
    await passGrownUpGate(page, account.password);
    await page.getByRole('button', { name: 'Remove Kofi' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Kofi?' });
    await remove.getByText('This cannot be undone.').waitFor();
    await axe.sweep('remove a child, asked first');
    await screenshot(page, `remove-child-dialog-${viewport.width}`, { fullPage: false });
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Remove Kofi' }).count()).toBe(1);
    // The family PIN's fields keep digits only.
    const pin = page.getByRole('form', { name: 'Family PIN' });
    await pin.getByLabel('PIN (4 digits)').fill('1a2b');
    expect(await pin.getByLabel('PIN (4 digits)').inputValue()).toBe('12');
    await pin.scrollIntoViewIfNeeded();
    await screenshot(page, `family-pin-${viewport.width}`, { fullPage: false });
    expect(axe.found, axe.summary('family', label)).toEqual([]);
  });
});
