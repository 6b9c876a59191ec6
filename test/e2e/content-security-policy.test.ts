import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  MEDIA_CONTENT_SECURITY_POLICY,
  securityHeadersWith,
  spaContentSecurityPolicy,
} from '#common/security-headers.js';
import { e2eSetup, stack, webUrl } from '../support/e2e.js';
import { closeWelcomeVideo, createStoryThroughWizard, signInThroughForm, signUpThroughForm } from '../support/pages.js';

/**
 * The local web server sends CloudFront's security headers and CSP (one definition, common/
 * security-headers.ts), so the app is exercised here under the policy it gets in AWS: a CSP regression
 * (a new inline script, a call to an origin the policy does not name) fails this test.
 */

const headersOf = async (path: string) => {
  const response = await fetch(`${webUrl}${path}`);
  await response.arrayBuffer();
  return response.headers;
};

/** Every CSP violation the page reports, and every console error, from the first script on. */
async function watchViolations(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    // Runs in the page (this file is typed without the DOM library).
    type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number };
    const page = globalThis as unknown as {
      cspViolations: string[];
      document: { addEventListener(type: string, listener: (event: Violation) => void): void };
    };
    page.cspViolations = [];
    page.document.addEventListener('securitypolicyviolation', (event) => {
      page.cspViolations.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations),
  };
}

describe('the app under the deployed Content-Security-Policy', () => {
  const chromium = e2eSetup();

  it('sends the same headers as CloudFront on the SPA, the API and the media, differing only for plain-http loopback', async () => {
    // The page's one inline script (its early script, web/build/preload-screen.ts) is allowed by its hash.
    const inlineScripts = inlineScriptHashes(await (await fetch(`${webUrl}/home`)).text());
    expect(inlineScripts).toHaveLength(1);
    const appPolicy = spaContentSecurityPolicy({
      idpOrigin: new URL(stack.appConfig.userPoolEndpoint ?? '').origin,
      inlineScripts,
      local: { mode: 'preview', origin: webUrl },
    });
    expect(appPolicy).toContain(`script-src 'self' https://www.youtube.com ${inlineScripts[0]};`);
    for (const path of ['/', '/home', '/app-config.json', '/api/health']) {
      const headers = await headersOf(path);
      for (const [name, value] of Object.entries(securityHeadersWith(appPolicy))) {
        expect(headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    // The deployed policy, but for cognito-local's origin and the https upgrade.
    expect(appPolicy).toBe(
      spaContentSecurityPolicy({
        idpOrigin: new URL(stack.appConfig.userPoolEndpoint ?? '').origin,
        inlineScripts,
      }).replace('; upgrade-insecure-requests', ''),
    );
    const media = await headersOf('/media/nothing-here.png');
    for (const [name, value] of Object.entries(securityHeadersWith(MEDIA_CONTENT_SECURITY_POLICY))) {
      expect(media.get(name), `media ${name}`).toBe(value);
    }
  });

  it('signs up, signs in, creates a story and reads it with no CSP violation', async () => {
    const { context, page } = await chromium.open();
    const watch = await watchViolations(page);
    const email = `csp-${randomUUID()}@storymagic.test`;

    await signUpThroughForm(page, webUrl, { name: 'Cora', band: 'Little Storytellers (5-7)', email });

    // Sign out and in again: Amplify's calls to cognito-local are what connect-src must allow.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInThroughForm(page, webUrl, { email, password: 'Wizards123' });
    await closeWelcomeVideo(page);

    await createStoryThroughWizard(page, webUrl, {
      hero: 'Pip',
      choices: ['Robot', 'Space', 'Rescue'],
      artStyle: /Comic Book/,
    });
    const cover = page.getByRole('img', { name: /^Hero Image of / });
    await expect
      .poll(() =>
        cover.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0),
      )
      .toBe(true);

    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await context.close();
  });
});
