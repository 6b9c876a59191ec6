import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = join('.local', 'screenshots');
export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Full-page screenshot for a person to look at (not compared by the tests). `fullPage: false` keeps to the
 * viewport, as a person sees a modal dialog over the page.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * Sign-in and sign-up open the welcome video dialog on /home once (SPEC §2, §4). It is modal, so a test that
 * goes on using the home page after signing in closes it first (offline it reports that the player could
 * not load; its Close button is there either way).
 */
export async function closeWelcomeVideo(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome to Story Magic!' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
