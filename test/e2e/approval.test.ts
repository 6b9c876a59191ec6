import { describe, expect, it } from 'vitest';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { sweeper } from '../support/axe.js';
import { BOTH_WIDTHS, e2eSetup, newFamily, stack, toast, webUrl } from '../support/e2e.js';
import { passGrownUpGate, screenshot } from '../support/pages.js';
import { decodePayload } from '../support/tokens.js';

const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

/**
 * Issue 36, approval before reading, at a laptop's and a phone's width: with the child's switch on, a new
 * story is hidden from the child ("Waiting for a grown-up to say yes") until the parent says yes in
 * "Waiting for you" (behind "Grown-ups only").
 */
describe.each(BOTH_WIDTHS)('approval before reading, at %s in Chromium', (label, viewport) => {
  const chromium = e2eSetup();

  it('a new story waits for the parent’s yes, then the child reads it', async () => {
    const account = await newFamily({ displayName: 'Robin' });
    const userId = String(decodePayload(account.accessToken).sub);
    const parentApi = await grownUpClient(stack, account);
    expect((await parentApi(`/children/${userId}`, json({ approvalRequired: true }, 'PATCH'))).status).toBe(200);
    const made = await apiClient(stack, account.accessToken)('/stories', json(storyChoices));
    const storyId = String(made.body.storyId);
    const story = await waitForStory(parentApi, storyId);
    const title = String(story.title);

    const { page } = await chromium.signedIn(account, viewport);
    const axe = sweeper(page);
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { level: 2, name: 'Waiting for a grown-up to say yes' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    await axe.sweep('library, a story waiting');
    await page.goto(`${webUrl}/story/${storyId}`);
    await page.getByRole('heading', { level: 1, name: 'Waiting for a grown-up to say yes' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    await axe.sweep('story waiting for a grown-up');
    await screenshot(page, `story-waiting-${viewport.width}`, { fullPage: false });

    // The parent: "Grown-ups only", then "Waiting for you", and yes.
    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, account.password);
    const waiting = page.getByRole('region', { name: 'Waiting for you' });
    await waiting.locator('strong', { hasText: title }).waitFor();
    await waiting.getByText('For Robin').waitFor();
    await axe.sweep('profile, waiting for you');
    await screenshot(page, `waiting-for-you-${viewport.width}`, { fullPage: false });
    await waiting.getByRole('button', { name: /^Yes/ }).click();
    await toast(page, 'is ready to read');
    await waiting.waitFor({ state: 'detached' });

    // The child reads it now (the grown-up handed the device back).
    await page.getByRole('button', { name: 'Done' }).click();
    await page.goto(`${webUrl}/story/${storyId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(axe.found, axe.summary('family', label)).toEqual([]);
  });
});
