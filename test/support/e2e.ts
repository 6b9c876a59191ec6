import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { adminClient, signUp } from './accounts.js';
import { apiClient, readyStory } from './api.js';
import { launchBrowser } from './browser.js';
import { adminSignInThroughForm, DESKTOP, MOBILE, openPage, signInThroughForm } from './pages.js';

/** The local stack the e2e layer's global setup started (test/e2e/global-setup.ts), and its site. */
export const stack = inject('stack');
export const webUrl = stack.webUrl ?? '';

export type Viewport = { width: number; height: number };
/** A laptop's width and a phone's, for `describe.each(BOTH_WIDTHS)('… at %s', (label, viewport) => …)`. */
export const BOTH_WIDTHS: readonly (readonly [string, Viewport])[] = [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
];
export type Account = Awaited<ReturnType<typeof signUp>>;
export type SignUpDetails = Parameters<typeof signUp>[1];

/**
 * The set-up every e2e file shares (issue 38). One Chromium per file, launched before its first test and
 * closed after its last; each test opens fresh browser contexts (their own cookies and storage), so a test
 * sees nothing another left behind. Families are made through the API, as the SPA's sign-up makes them (the
 * sign-up form itself is walked where a family's first steps are the subject: accounts, create-story,
 * account-data, content-security-policy, bedrock, opening-night).
 *
 * Call it once at the top of a file or of a describe block:
 *   const chromium = e2eSetup();
 *   const { page } = await chromium.signedIn(account, MOBILE);
 */
export function e2eSetup() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('e2eSetup: Chromium is launched in beforeAll; use it inside a test or a hook');
    return browser;
  };

  return {
    /** The file's Chromium. */
    get browser(): Browser {
      return launched();
    },
    /** A fresh browser context and page, at 1280 × 800 unless told. */
    open: (viewport: Viewport = DESKTOP) => openPage(launched(), viewport),
    /** A fresh context with the family signed in through the real form, on /home. */
    async signedIn(account: { email: string; password: string }, viewport: Viewport = DESKTOP) {
      const opened = await openPage(launched(), viewport);
      await signInThroughForm(opened.page, webUrl, account);
      return opened;
    },
    /** A fresh context with the seeded admin signed in through the form, on the admin dashboard. */
    async admin(viewport: Viewport = DESKTOP) {
      const opened = await openPage(launched(), viewport);
      await adminSignInThroughForm(opened.page, webUrl, stack.admin);
      return opened;
    },
  };
}

/** A new family, signed up through cognito-local as the SPA signs up (band B unless told). */
export const newFamily = (details: SignUpDetails): Promise<Account> => signUp(stack, details);

/** A new family with one story made through the API and ready; `choices` change the wizard's defaults. */
export async function familyWithStory(details: SignUpDetails, choices: Record<string, unknown> = {}) {
  const account = await signUp(stack, details);
  const call = apiClient(stack, account.accessToken);
  const story = await readyStory(call, choices);
  return { account, call, story };
}

/** The API as the seeded admin. */
export const adminApi = () => adminClient(stack);

/** Waits for a toast with this text (the app's toasts are sonner's). */
export const toast = (page: Page, text: string, timeout?: number) =>
  page
    .locator('[data-sonner-toast]')
    .filter({ hasText: text })
    .first()
    .waitFor(timeout === undefined ? {} : { timeout });

/**
 * The test machine has no internet: the welcome video's host fails at once instead of hanging. Answers the
 * addresses the pages asked of it, so a test can tell when the player's script was asked for.
 */
export async function offlineVideoHost(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, async (route) => {
    requests.push(route.request().url());
    await route.abort('internetdisconnected');
  });
  return requests;
}
