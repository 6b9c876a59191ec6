import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuotaSetting } from '#common/models/quotas.js';
import { storyItemSchema } from '../../lambdas/data/entities/story.js';
import { startBedrockSite } from '../support/bedrock-api.js';
import { e2eSetup, stack } from '../support/e2e.js';
import { MOBILE, screenshot, signUpThroughForm } from '../support/pages.js';
import { tableClient } from '../support/table.js';

const FAMILIES = 15;
/** The heroes' names (a name holds letters, not digits). */
const HEROES = [
  'Amara',
  'Bodhi',
  'Chen',
  'Dara',
  'Emeka',
  'Freya',
  'Gulnar',
  'Hana',
  'Ilya',
  'Jomo',
  'Kiri',
  'Leila',
  'Mateo',
  'Noor',
  'Oisin',
];

/**
 * Opening night on one machine: 15 families press "Yes, let's go!" at once on a site whose Bedrock quotas are
 * tight (the twin enforces them, the capacity gate is sized from them; a minute lasts 4 s). Every story is
 * written and every cover painted, none fails; the families whose story or cover had to wait saw their place
 * in line while it waited.
 */
describe('a bedtime peak on tight quotas, in Chromium', () => {
  // 6 text requests and 2 pictures a minute, 15 times faster than real time (a quota's minute lasts 4 s): the
  // gate starts about 29 stories and 24 covers a (real) minute, one at a time; 15 families arrive at once, so
  // stories and covers both wait in line. (At 1 picture a minute the test took 134 s, not 96 s: 15 pages
  // waiting longer in Chromium, for no check more.)
  // Not 3 requests: a story takes 2 or 3 (a rewrite), so the share's headroom in a 3-request minute is less
  // than one request, and two stories' requests a few seconds apart are throttled however evenly they start.
  const quotas = parseQuotaSetting('{"textRequestsPerMinute": 6, "imageRequestsPerMinute": 2, "timeScale": 15}');
  const chromium = e2eSetup();
  let site: Awaited<ReturnType<typeof startBedrockSite>>;
  beforeAll(async () => {
    site = await startBedrockSite(stack, { quotas });
  });
  afterAll(async () => {
    await site.stop();
  });

  /** Records every place in line a page shows, as a family would read it. */
  const watchLines = (page: Page) =>
    page.addInitScript(`
      window.seenLines = [];
      new MutationObserver(() => {
        const text = document.body ? document.body.innerText : '';
        for (const line of text.match(/You're number \\d+ in line[^\\n]*/g) || []) {
          if (!window.seenLines.includes(line)) window.seenLines.push(line);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    `);

  /** A new family, signed up through the form, at the last step of the wizard with its choices made. */
  async function familyAtLastStep(index: number) {
    const { context, page } = await chromium.open(MOBILE);
    await watchLines(page);
    const url = site.url;
    const family = { name: `Family ${index}`, band: 'Young Adventurers (8-10)', password: 'Bedtime123' } as const;
    await signUpThroughForm(page, url, family, { timeout: 60_000 });
    await page.goto(`${url}/create/01`);
    await page.getByLabel("What is your Main Character's Name?").fill(HEROES[index] ?? 'Amara');
    await page.getByRole('button', { name: "Let's Begin >" }).click();
    for (const option of ['Robot', 'Space', 'Rescue']) {
      await page.getByRole('radio', { name: option }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL(`${url}/create/05`);
    await page.getByRole('radio', { name: /Watercolor Dreams/ }).click();
    return { context, page };
  }

  it('writes every story and paints every cover, and those that waited saw their place in line', async () => {
    const families = [];
    // Signed up a few at a time (the machine's two cores), then all press at once.
    for (let i = 0; i < FAMILIES; i += 5) {
      families.push(...(await Promise.all([0, 1, 2, 3, 4].map((k) => familyAtLastStep(i + k)))));
    }
    await Promise.all(families.map(({ page }) => page.getByRole('button', { name: "Yes, let's go!" }).click()));
    await Promise.all(
      families.map(async ({ page }) => {
        await page.waitForURL(/\/story\/[0-9a-f-]+$/, { timeout: 60_000 });
        await page.getByText('~ The End ~').waitFor({ timeout: 240_000 });
        const cover = page.getByRole('img', { name: /^Hero Image of / });
        await cover.waitFor({ timeout: 240_000 });
        await expect
          .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
            timeout: 60_000,
          })
          .toBeGreaterThan(0);
      }),
    );
    await site.idle();

    // The server's side: every story ready, when each joined its line and when it started.
    const table = tableClient(stack);
    const storyIds = families.map(({ page }) => page.url().split('/').at(-1) ?? '');
    const stories = await Promise.all(
      storyIds.map(async (id) => storyItemSchema.parse(await table.get({ PK: `STORY#${id}`, SK: 'META' }))),
    );
    expect(stories.map((story) => story.status)).toEqual(Array<string>(FAMILIES).fill('ready'));
    expect(stories.every((story) => story.cover_image_url)).toBe(true);
    const waitedSeconds = stories.map((story) =>
      story.queue?.admitted_at ? (story.queue.admitted_at - story.queue.joined_at) / 1000 : 0,
    );
    const seen = await Promise.all(
      families.map(({ page }) => page.evaluate(() => (globalThis as unknown as { seenLines: string[] }).seenLines)),
    );
    // A story that waited long enough for its page to see it (the page opens once the request is answered, on a
    // machine busy with 15 families, then polls every 3 s or so while it waits) showed its place.
    const waited = waitedSeconds.flatMap((seconds, i) => (seconds > 8 ? [i] : []));
    expect(waited.length, `waits: ${waitedSeconds.map((s) => s.toFixed(1)).join(', ')}`).toBeGreaterThanOrEqual(5);
    for (const i of waited) expect(seen[i]?.length, `family ${i} waited ${waitedSeconds[i]} s`).toBeGreaterThan(0);
    // Pictures waited too (24 covers a minute for 29 stories): families also saw their covers’ places.
    expect(seen.flat().length).toBeGreaterThan(waited.length);
    // The gate kept the calls under the quotas but for a trickle the workflow's retries waited out (every story
    // above was written): at a quota this small (6 text requests in a 4 s window) the share's 20 % headroom is
    // about one request, and two stories' requests a few seconds apart can still meet a full window. Without
    // the gate, 15 stories at once would meet throttling on most of their calls.
    const calls = site.twin.calls();
    const throttled = calls.filter((call) => /throttl/i.test(call.answer));
    expect(throttled.length, `${throttled.length} of ${calls.length} calls throttled`).toBeLessThanOrEqual(
      Math.ceil(calls.length / 10),
    );
    await screenshot(families.at(-1)?.page as Page, 'opening-night-last-family');
    for (const { context } of families) await context.close();
  }, 480_000);
});
