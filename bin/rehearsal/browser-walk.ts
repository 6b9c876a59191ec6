import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../local/chromium.js';
import type { CheckResult } from './checks.js';

/**
 * A family in Chromium on the rehearsed site: the deployed SPA under the deployed headers (the content
 * security policy CloudFront adds, with the hash of the page's one inline script), signing up through the
 * form, making a story in the wizard and seeing it written and its cover painted. Anything the browser
 * refused (a policy violation, a failed request, an uncaught error) fails the walk.
 */
export async function browserWalk(site: string, heroName: string, email: string): Promise<CheckResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  const problems: string[] = [];
  const results: CheckResult[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text().slice(0, 200)}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message.slice(0, 200)}`));
    page.on('response', (response) => {
      if (response.status() >= 500) problems.push(`${response.status()} from ${new URL(response.url()).pathname}`);
    });
    await step(results, 'the landing page loads', async () => {
      await page.goto(site);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    });
    await step(results, 'a family signs up through the form and reaches home', async () => {
      await page.goto(`${site}/auth?mode=signup`);
      await page.getByLabel('Your Name').fill('Walk');
      await page.getByLabel('Young Adventurers (8-10)').check();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Walking123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${site}/home`, { timeout: 30_000 });
    });
    await step(results, 'the wizard makes a story, written and shown with its cover', async () => {
      await page.goto(`${site}/create/01`);
      await page.getByLabel("What is your Main Character's Name?").fill(heroName);
      await page.getByRole('button', { name: "Let's Begin >" }).click();
      for (const option of ['Robot', 'Space', 'Rescue']) {
        await page.getByRole('radio', { name: option }).first().click();
        await page.getByRole('button', { name: 'Continue' }).click();
      }
      await page.waitForURL(`${site}/create/05`);
      await page.getByRole('radio').first().click();
      await page.getByRole('button', { name: "Yes, let's go!" }).click();
      await page.waitForURL(/\/story\/[0-9a-f-]+$/, { timeout: 60_000 });
      await page.getByText('~ The End ~').waitFor({ timeout: 120_000 });
      await coverShown(page);
    });
    await step(results, 'the browser refused nothing and no request failed', () => {
      if (problems.length) throw new Error(problems.join('; '));
      return Promise.resolve();
    });
    await context.close();
  } finally {
    await browser.close();
  }
  return results;
}

async function coverShown(page: Page): Promise<void> {
  // The cover arrives a moment after the text; the page polls for it by itself.
  await page.waitForFunction(
    () => {
      const images = (
        globalThis as unknown as {
          document: { images: ArrayLike<{ src: string; complete: boolean; naturalWidth: number }> };
        }
      ).document.images;
      return Array.from(images).some(
        (image) => image.src.includes('/media/stories/') && image.complete && image.naturalWidth > 0,
      );
    },
    undefined,
    { timeout: 120_000 },
  );
}

async function step(results: CheckResult[], what: string, run: () => Promise<void>): Promise<void> {
  if (results.some((result) => !result.ok)) return;
  try {
    await run();
    results.push({ ok: true, line: `✓ ${what}` });
  } catch (error) {
    results.push({ ok: false, line: `✗ ${what}: ${(error as Error).message.split('\n')[0]?.slice(0, 300) ?? ''}` });
  }
}
