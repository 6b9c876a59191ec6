import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../bin/local/chromium.js';

/** Debian's Chromium; the project never downloads a browser of its own. */
export { CHROMIUM_PATH };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--no-first-run'],
  });
}
