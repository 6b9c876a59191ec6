import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSetup, toast, webUrl } from '../support/e2e.js';
import { MOBILE, screenshot, signUpThroughForm, type BandLabel } from '../support/pages.js';

const signUpAs = (page: Page, name: string, band: BandLabel) => signUpThroughForm(page, webUrl, { name, band });

async function choose(page: Page, option: string) {
  await page.getByRole('radio', { name: option }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('the create wizard and the new story, in Chromium', () => {
  const chromium = e2eSetup();

  it('a band-A family builds a story step by step and reads it', async () => {
    const { context, page } = await chromium.open();
    await signUpAs(page, 'Tilly', 'Little Storytellers (5-7)');
    await page.getByRole('link', { name: 'Start Creating!' }).click();
    await page.waitForURL(`${webUrl}/create/01`);
    await page.getByRole('heading', { name: "Let's Craft Story Magic…" }).waitFor();

    // Name rules: band A allows 15 characters; the error shows after blur.
    const name = page.getByLabel("What is your Main Character's Name?");
    await name.fill('A');
    await name.blur();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await name.fill('Abcdefghijklmnop');
    await page.getByText('Name must be less than 15 characters').waitFor();
    await name.fill('Pip');
    await screenshot(page, 'wizard-01');
    await page.getByRole('button', { name: "Let's Begin >" }).click();

    await page.waitForURL(`${webUrl}/create/02`);
    await expect(page.getByRole('button', { name: 'Continue' }).isDisabled()).resolves.toBe(true);
    await choose(page, 'Robot');
    await choose(page, 'Space');
    await choose(page, 'Rescue');
    await page.waitForURL(`${webUrl}/create/05`);
    await page.getByRole('radio', { name: /Comic Book/ }).click();
    await screenshot(page, 'wizard-05');

    // The slot row shows every choice; a filled earlier slot jumps back to its step.
    const row = page.getByRole('region', { name: 'Your Story Magic' });
    await row.getByRole('button', { name: /Go back to Story: .*Space/ }).click();
    await page.waitForURL(`${webUrl}/create/03`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // A reload keeps every choice (browser storage).
    await page.reload();
    await page.getByRole('radio', { name: /Comic Book/, checked: true }).waitFor();
    await page.getByRole('button', { name: "Yes, let's go!" }).click();
    await page.waitForURL(/\/story\/[0-9a-f-]+$/);
    await toast(page, 'Story Created! ✨');
    await page.getByText('~ The End ~').waitFor();
    await expect(page.getByText(/Pip/).first().isVisible()).resolves.toBe(true);
    const cover = page.getByRole('img', { name: /^Hero Image of / });
    await expect
      .poll(() =>
        cover.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0),
      )
      .toBe(true);
    await screenshot(page, 'story-band-a');
    await context.close();
  });

  it('a band-B family on a phone lets "Surprise Me!" choose, picks studio quality, and reads the story', async () => {
    const { context, page } = await chromium.open(MOBILE);
    await signUpAs(page, 'Rafi', 'Young Adventurers (8-10)');
    await page.goto(`${webUrl}/create/01`);
    await page.getByLabel("What is your Main Character's Name?").fill("Rafi O'Neil");
    await page.getByRole('button', { name: "Let's Begin >" }).click();
    await choose(page, 'Surprise Me!');
    await choose(page, 'Mystery');
    await choose(page, 'Treasure');
    await page.getByRole('radio', { name: /Watercolor Dreams/ }).click();
    await page.getByLabel(/Big Time Studio/).check();
    await screenshot(page, 'wizard-05-mobile');
    await page.getByRole('button', { name: "Yes, let's go!" }).click();
    await page.waitForURL(/\/story\/[0-9a-f-]+$/);
    await page.getByText('~ The End ~').waitFor();
    await expect(page.getByText("Rafi O'Neil").first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'story-band-b-mobile');
    await context.close();
  });
});
