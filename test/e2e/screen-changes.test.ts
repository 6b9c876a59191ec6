import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOTH_WIDTHS, e2eSetup, newFamily, webUrl } from '../support/e2e.js';
import { closeWelcomeVideo, screenshot, screenState, scrollToBottom, type ScreenState } from '../support/pages.js';

/** Waits until the screen has settled at its top with the focus on its heading, and returns where it was. */
async function arrivesAtHeading(page: Page, heading: string | RegExp): Promise<ScreenState> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expect
    .poll(() => screenState(page))
    .toMatchObject({ scrollY: 0, focusedTag: 'h1', focusedText: expect.stringMatching(heading) as unknown });
  return screenState(page);
}

/** The wizard's "in your own words" field of the step on show. */
const customField = (page: Page) => page.locator('.wizard-custom input');

/**
 * SPEC §2 screens, as a family moves through them at a phone's and a laptop's width (issue 15, findings 1 and
 * 2): every screen change starts at the new screen's top with the focus on its heading, and each wizard step's
 * field holds only that step's words. Each move is made from the bottom of the screen before, where its button is.
 */
describe.each(BOTH_WIDTHS)('screen changes at %s, in Chromium', (label, viewport) => {
  const chromium = e2eSetup();

  it('the wizard opens each step at its top, focused on its heading, with only that step’s words', async () => {
    const account = await newFamily({ displayName: 'Scroller' });
    const { context, page } = await chromium.signedIn(account, viewport);
    await closeWelcomeVideo(page);
    const figures: Record<string, number> = {};

    await page.getByRole('link', { name: 'Start Creating!' }).click();
    figures['01'] = (await arrivesAtHeading(page, "Let's Craft Story Magic…")).scrollY;
    await page.getByLabel("What is your Main Character's Name?").fill('Pip');
    await scrollToBottom(page);
    await page.getByRole('button', { name: "Let's Begin >" }).click();

    const steps: [string, string, string][] = [
      ['Who is Your Character?', 'Robot', 'made of shiny tin'],
      ['What Kind of Story?', 'Space', 'with a comet'],
      ['What is the Mission?', 'Rescue', 'save the moon cat'],
    ];
    for (const [heading, option, words] of steps) {
      figures[heading] = (await arrivesAtHeading(page, heading)).scrollY;
      // Finding 2: the step before's words do not show in this step's field.
      await expect(customField(page).inputValue()).resolves.toBe('');
      await page.getByRole('radio', { name: option }).check();
      await customField(page).fill(words);
      if (heading === 'Who is Your Character?' && label === '375 px') await screenshot(page, 'wizard-02-mobile');
      await scrollToBottom(page);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    figures['05'] = (await arrivesAtHeading(page, 'Choose Your Art Style')).scrollY;

    // Back to step 03 (the slot row): it shows its own words, not step 04's.
    await page
      .getByRole('region', { name: 'Your Story Magic' })
      .getByRole('button', { name: /Go back to Story/ })
      .click();
    await arrivesAtHeading(page, 'What Kind of Story?');
    await expect(customField(page).inputValue()).resolves.toBe('with a comet');
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await arrivesAtHeading(page, 'What is the Mission?');
    await expect(customField(page).inputValue()).resolves.toBe('save the moon cat');
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // "Yes, let's go!" from the bottom of step 05: the progress screen, then the story, each at its top.
    await arrivesAtHeading(page, 'Choose Your Art Style');
    await page.getByRole('radio', { name: /Comic Book/ }).check();
    await scrollToBottom(page);
    await page.getByRole('button', { name: "Yes, let's go!" }).click();
    await page.waitForURL(/\/story\/[0-9a-f-]+$/);
    await page.getByText('~ The End ~').waitFor();
    const story = await screenState(page);
    expect(story).toMatchObject({ scrollY: 0, focusedTag: 'h1' });
    figures['new story'] = story.scrollY;
    const title = story.focusedText;

    // "Continue Reading" from the bottom of My Library opens the story at its top. The "Story Created!" toast
    // sits over the story's buttons for its 5 s (and stays while the pointer is on it): it goes first.
    const shownToast = page.locator('[data-sonner-toast][data-visible="true"]').first();
    await shownToast.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('link', { name: 'My Library' }).first().click();
    await arrivesAtHeading(page, 'Your Saved Stories');
    await scrollToBottom(page);
    await page.getByRole('link', { name: 'Continue Reading' }).first().click();
    await page.getByText('~ The End ~').waitFor();
    figures['story from library'] = (await arrivesAtHeading(page, title)).scrollY;

    console.info(`scrollY after each screen change at ${label}: ${JSON.stringify(figures)}`);
    await context.close();
  });

  it('the first screen keeps the browser’s focus, and a redirect before any action does not move it', async () => {
    const { context, page } = await chromium.open(viewport);
    await page.goto(`${webUrl}/library`);
    await page.waitForURL(`${webUrl}/auth`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(screenState(page)).resolves.toMatchObject({ scrollY: 0, focusedTag: 'body' });
    await context.close();
  });
});
