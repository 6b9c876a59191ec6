import { describe, expect, it } from 'vitest';
import { e2eSetup, stack, webUrl } from '../support/e2e.js';
import { DESKTOP, MOBILE, screenshot } from '../support/pages.js';

describe('landing page and 404 in Chromium', () => {
  const chromium = e2eSetup();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`shows the three actions and the beta footer (${label})`, async () => {
      const { context, page } = await chromium.open(viewport);
      await page.goto(webUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Story Magic' }).isVisible()).resolves.toBe(true);
      for (const name of ['Start Your Adventure', 'Sign In', 'Forgot your password?']) {
        await expect(page.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
      }
      const footer = page.locator('footer');
      await expect(footer.textContent()).resolves.toContain('Beta Preview v0.7');
      const poweredBy = footer.getByRole('link', { name: /Powered by/ });
      await expect(poweredBy.getAttribute('href')).resolves.toMatch(/^https:\/\//);
      await expect(poweredBy.getAttribute('rel')).resolves.toContain('noopener');
      await screenshot(page, `landing-${label}`);
      await context.close();
    });
  }

  const routes = [
    ['Start Your Adventure', '/auth?mode=signup', 'Create Account'],
    ['Sign In', '/auth?mode=login', 'Sign In'],
    ['Forgot your password?', '/auth', 'Reset your password'],
  ] as const;
  for (const [name, expectedUrl, heading] of routes) {
    it(`"${name}" goes to ${expectedUrl}`, async () => {
      const { context, page } = await chromium.open();
      await page.goto(webUrl);
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${webUrl}${expectedUrl}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await context.close();
    });
  }

  it('shows the 404 screen for an unknown path, and "Return to Home" goes home', async () => {
    const { context, page } = await chromium.open();
    await page.goto(`${webUrl}/no/such/page`);
    await expect(page.getByText('404', { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${webUrl}/`);
    await context.close();
  });

  it('serves the runtime configuration and the API on the same origin', async () => {
    const config = (await (await fetch(`${webUrl}/app-config.json`)).json()) as { userPoolId: string };
    expect(config.userPoolId).toBe(stack.appConfig.userPoolId);
    expect((await fetch(`${webUrl}/api/health`)).status).toBe(200);
  });
});
