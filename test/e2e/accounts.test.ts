import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCodeDeliveries } from '../../bin/local/cognito-local.js';
import { e2eSetup, stack, toast, webUrl } from '../support/e2e.js';
import {
  closeWelcomeVideo,
  DESKTOP,
  fillSignIn,
  MOBILE,
  passGrownUpGate,
  screenshot,
  signUpThroughForm,
  fillSignUp,
} from '../support/pages.js';

describe('accounts in Chromium', () => {
  const chromium = e2eSetup();

  it('shows the auth screen in both modes at desktop and phone widths', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { context, page } = await chromium.open(viewport);
      await page.goto(`${webUrl}/auth?mode=signup`);
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      for (const field of ['Your Name', 'Your Author Display Name (optional)', 'Email', 'Password']) {
        await page.getByLabel(field, { exact: true }).waitFor();
      }
      // SPEC: sign-up defaults to band B.
      await expect(page.getByLabel('Young Adventurers (8-10)').isChecked()).resolves.toBe(true);
      await screenshot(page, `auth-signup-${label}`);
      await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await screenshot(page, `auth-signin-${label}`);
      await context.close();
    }
  });

  it('shows only the first validation error, as a toast, and creates nothing', async () => {
    const { context, page } = await chromium.open();
    await fillSignUp(page, webUrl, {
      name: '',
      email: 'not-an-email',
      password: 'short',
      band: 'Little Storytellers (5-7)',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Display name is required');
    await expect(page.locator('[data-sonner-toast]').count()).resolves.toBe(1);
    await page.getByLabel('Your Name').fill('Tess');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Invalid email format');
    // Issue 36: an account belongs to a grown-up, who says so.
    await page.getByLabel('Email').fill(`tess-${randomUUID()}@storymagic.test`);
    await page.getByLabel('Password').fill('Dragons123');
    await page.getByLabel('I am a parent or guardian and at least 18').uncheck();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Please confirm you are a parent or guardian and at least 18.');
    expect(page.url()).toContain('/auth');
    await context.close();
  });

  it('signs up as band A, signs out and in, renames, and changes the password', async () => {
    const { context, page } = await chromium.open();
    const email = `maya-${randomUUID()}@storymagic.test`;
    await fillSignUp(page, webUrl, { name: 'Maya', email, password: 'Dragons123', band: 'Little Storytellers (5-7)' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${webUrl}/home`);
    await page.getByText('Welcome back, Maya!').waitFor();
    await toast(page, 'Account is ready');
    await closeWelcomeVideo(page);
    await screenshot(page, 'home-after-signup');

    // Sign out from the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${webUrl}/auth`);
    await toast(page, 'Signed out successfully');

    await fillSignIn(page, { email, password: 'Dragons123' });
    await page.waitForURL(`${webUrl}/home`);
    await toast(page, 'Welcome back');

    // Profile (Grown-ups only): the band chosen at sign-up, a new display name, then a new password.
    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, 'Dragons123');
    await expect(page.getByLabel('Little Storytellers (5-7)').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Display name', { exact: true }).fill('Maya Moon');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await toast(page, 'Profile updated successfully!');
    await page.getByText('Welcome back, Maya Moon!').waitFor();

    // Another device, signed in before the change, is signed out by it.
    const tablet = await chromium.open();
    await tablet.page.goto(`${webUrl}/auth`);
    await fillSignIn(tablet.page, { email, password: 'Dragons123' });
    await tablet.page.waitForURL(`${webUrl}/home`);
    await closeWelcomeVideo(tablet.page);

    await page.getByLabel('Current password').fill('Wrong12345');
    await page.getByLabel('New password', { exact: true }).fill('Unicorns456');
    await page.getByLabel('Confirm new password').fill('Unicorns456');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Failed to update password');
    await page.getByText('Your current password is not correct.').waitFor();

    await page.getByLabel('Current password').fill('Dragons123');
    await page.getByLabel('New password', { exact: true }).fill('Unicorns456');
    await page.getByLabel('Confirm new password').fill('Unicorns457');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Passwords do not match');
    await page.getByLabel('Confirm new password').fill('Unicorns456');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password updated successfully!');
    await screenshot(page, 'profile');
    // This device stays signed in (it signed in again with the new password); the tablet is signed out.
    await page.reload();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await tablet.page.goto(`${webUrl}/library`);
    await tablet.page.waitForURL(`${webUrl}/auth`);
    await tablet.context.close();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${webUrl}/auth`);
    await fillSignIn(page, { email, password: 'Dragons123' });
    await toast(page, 'Incorrect email or password.');
    await fillSignIn(page, { email, password: 'Unicorns456' });
    await page.waitForURL(`${webUrl}/home`);
    await page.getByText('Welcome back, Maya Moon!').waitFor();
    await context.close();
  });

  it('resets a forgotten password from the landing page with the e-mailed code', async () => {
    const { context, page } = await chromium.open();
    const email = `ivy-${randomUUID()}@storymagic.test`;
    await signUpThroughForm(page, webUrl, {
      name: 'Ivy',
      email,
      password: 'Kittens123',
      band: 'Young Adventurers (8-10)',
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${webUrl}/auth`);

    await page.goto(webUrl);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    const resetCode = () =>
      parseCodeDeliveries(readFileSync(join(stack.logDir, 'cognito-local.log'), 'utf8')).findLast(
        (d) => d.operation === 'ForgotPassword' && d.destination === email,
      )?.code;
    await expect.poll(resetCode, { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel('Reset code').fill(resetCode() ?? '');
    await page.getByLabel('New password').fill('Puppies456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset!');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await fillSignIn(page, { email, password: 'Puppies456' });
    await page.waitForURL(`${webUrl}/home`);
    await context.close();
  });

  it('sends a visitor from a deep link to /auth and back there after sign-in', async () => {
    const { context, page } = await chromium.open();
    await page.goto(`${webUrl}/feedback`);
    await page.waitForURL(`${webUrl}/auth`);
    await fillSignIn(page, stack.admin);
    await page.waitForURL(`${webUrl}/feedback`);
    await passGrownUpGate(page, stack.admin.password);
    await page.getByRole('heading', { name: 'Beta Feedback' }).waitFor();
    await context.close();
  });

  it('sends a signed-in family away from the admin area to /home, and lets the admin in', async () => {
    const { context, page } = await chromium.open();
    const email = `leo-${randomUUID()}@storymagic.test`;
    await signUpThroughForm(page, webUrl, {
      name: 'Leo',
      email,
      password: 'Rockets123',
      band: 'Young Adventurers (8-10)',
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Library' }).waitFor();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${webUrl}/admin/dashboard`);
    await page.waitForURL(`${webUrl}/home`);
    await context.close();

    const admin = await chromium.open();
    await admin.page.goto(`${webUrl}/auth?mode=login`);
    await fillSignIn(admin.page, stack.admin);
    await admin.page.waitForURL(`${webUrl}/home`);
    await closeWelcomeVideo(admin.page);
    await admin.page.getByRole('button', { name: 'Open menu' }).click();
    await admin.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin Dashboard' }).click();
    await admin.page.waitForURL(`${webUrl}/admin/dashboard`);
    await admin.context.close();
  });

  it('shows the menu and a smaller feedback button on a phone', async () => {
    const { context, page } = await chromium.open(MOBILE);
    await page.goto(`${webUrl}/auth?mode=login`);
    await fillSignIn(page, stack.admin);
    await page.waitForURL(`${webUrl}/home`);
    await closeWelcomeVideo(page);
    const fab = page.getByRole('link', { name: 'Feedback' }).last();
    const small = await fab.boundingBox();
    await page.setViewportSize(DESKTOP);
    const large = await fab.boundingBox();
    expect(small && large && small.height < large.height).toBe(true);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'home-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText('Guardian', { exact: true }).waitFor();
    await screenshot(page, 'menu-mobile');
    await context.close();
  });
});
