import { randomUUID } from 'node:crypto';
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
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Sign-up's confirmation (issue 36): the person signing up is a parent or guardian and at least 18. */
export async function confirmGuardian(page: Page): Promise<void> {
  await page.getByLabel('I am a parent or guardian and at least 18').check();
}

/**
 * "Grown-ups only" (issue 36) before the profile, feedback and the parent's other screens: with no PIN set,
 * the grown-up types the account password and unlocks; the screen behind it then shows.
 */
export async function passGrownUpGate(page: Page, password: string): Promise<void> {
  const gate = page.getByRole('heading', { name: 'Grown-ups only' });
  await gate.waitFor();
  await page.getByLabel('Account password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await gate.waitFor({ state: 'hidden' });
}

export type BandLabel = 'Little Storytellers (5-7)' | 'Young Adventurers (8-10)';

export type SignUpForm = { name: string; band: BandLabel; email?: string; password?: string };

/**
 * Opens the sign-up form and fills it as a grown-up would (the guardian box ticked), without sending it.
 * Answers the e-mail and password it typed (a unique e-mail and 'Wizards123' unless told).
 */
export async function fillSignUp(
  page: Page,
  webUrl: string,
  family: SignUpForm,
): Promise<{ email: string; password: string }> {
  const email = family.email ?? `${family.name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@storymagic.test`;
  const password = family.password ?? 'Wizards123';
  await page.goto(`${webUrl}/auth?mode=signup`);
  await page.getByLabel('Your Name').fill(family.name);
  await page.getByLabel(family.band).check();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await confirmGuardian(page);
  return { email, password };
}

/**
 * A new family through the real sign-up form, on /home with the welcome video closed. Answers the e-mail and
 * password it used. `timeout`: how long /home may take (a crowd signing up at once on a busy machine).
 */
export async function signUpThroughForm(
  page: Page,
  webUrl: string,
  family: SignUpForm,
  options: { timeout?: number } = {},
): Promise<{ email: string; password: string }> {
  const account = await fillSignUp(page, webUrl, family);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${webUrl}/home`, options);
  await closeWelcomeVideo(page);
  return account;
}

/** Fills the sign-in form already shown and sends it. */
export async function fillSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the real form (the SPA keeps its session in the browser) and waits for /home. */
export async function signInThroughForm(page: Page, webUrl: string, account: { email: string; password: string }) {
  await page.goto(`${webUrl}/auth?mode=login`);
  await fillSignIn(page, account);
  await page.waitForURL(`${webUrl}/home`);
}

/** The seeded admin signs in where the guard sends them (the dashboard, by way of /auth), and lands there. */
export async function adminSignInThroughForm(page: Page, webUrl: string, admin: { email: string; password: string }) {
  await page.goto(`${webUrl}/admin/dashboard`);
  await page.waitForURL(`${webUrl}/auth`);
  await fillSignIn(page, admin);
  await page.waitForURL(`${webUrl}/admin/dashboard`);
}

/** Where a screen change left the reader: how far down the window is scrolled and what has the focus. */
export type ScreenState = { scrollY: number; focusedTag: string; focusedText: string };

export function screenState(page: Page): Promise<ScreenState> {
  return page.evaluate(() => {
    // Runs in the page (the test tsconfig has no DOM library, hence the cast).
    const window = globalThis as unknown as {
      scrollY: number;
      document: { activeElement: { tagName: string; textContent: string | null } | null };
    };
    const active = window.document.activeElement;
    return {
      scrollY: Math.round(window.scrollY),
      focusedTag: active?.tagName.toLowerCase() ?? '',
      focusedText: active?.textContent?.trim() ?? '',
    };
  });
}

/** Scrolls the window to the bottom, as a reader does before pressing a button at the end of a screen. */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const window = globalThis as unknown as {
      scrollTo(x: number, y: number): void;
      document: { documentElement: { scrollHeight: number } };
    };
    window.scrollTo(0, window.document.documentElement.scrollHeight);
  });
}

export type WizardStory = { hero: string; choices: readonly string[]; artStyle: RegExp };

/**
 * A family's way through the wizard (steps 01-05) to "Yes, let's go!": answers the id of the story page it
 * opened (the story may still be being made, or wait for a grown-up).
 */
export async function startStoryThroughWizard(page: Page, webUrl: string, story: WizardStory): Promise<string> {
  await page.goto(`${webUrl}/create/01`);
  await page.getByLabel("What is your Main Character's Name?").fill(story.hero);
  await page.getByRole('button', { name: "Let's Begin >" }).click();
  for (const option of story.choices) {
    await page.getByRole('radio', { name: option }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL(`${webUrl}/create/05`);
  await page.getByRole('radio', { name: story.artStyle }).click();
  await page.getByRole('button', { name: "Yes, let's go!" }).click();
  await page.waitForURL(/\/story\/[0-9a-f-]+$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** A family's way through the wizard (steps 01-05) to its new story's page, once the story is written. */
export async function createStoryThroughWizard(page: Page, webUrl: string, story: WizardStory): Promise<void> {
  await startStoryThroughWizard(page, webUrl, story);
  await page.getByText('~ The End ~').waitFor({ timeout: 30_000 });
}
