import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryImageView } from '#common/api/views.js';
import { apiClient, storyChoices, waitForStory } from '../support/api.js';
import { startBedrockSite } from '../support/bedrock-api.js';
import { e2eSetup, newFamily, stack, type Account } from '../support/e2e.js';
import { DESKTOP, MOBILE, screenshot, signInThroughForm } from '../support/pages.js';

/** SPEC budget (issue 17): a picture on the story page at 375 px weighs at most 120 KB. */
const PICTURE_BUDGET_BYTES = 120 * 1024;

/** The parts of an HTMLImageElement read here (the tests compile without the DOM's types). */
type ShownImage = { naturalWidth: number; currentSrc: string; getAttribute(name: string): string | null };

/**
 * The story page in front of the Bedrock twin, whose pictures are 1024 px PNGs of about 1.6 MB as the
 * image models paint them: what a phone and a desktop actually download for them.
 */
describe('right-sized pictures on the story page, in Chromium', () => {
  const chromium = e2eSetup();
  let bedrock: Awaited<ReturnType<typeof startBedrockSite>>;
  let account: Account;
  let storyId: string;
  let cover: StoryImageView;

  beforeAll(async () => {
    bedrock = await startBedrockSite(stack);
    account = await newFamily({ displayName: 'Phone Family' });
    const call = apiClient(bedrock.context, account.accessToken);
    const created = await call('/stories', { method: 'POST', body: JSON.stringify(storyChoices) });
    storyId = String(created.body.storyId);
    await waitForStory(call, storyId, 30_000);
    for (let i = 0; i < 300; i++) {
      const [painted] = (await call(`/stories/${storyId}`)).body.images as StoryImageView[];
      if (painted) {
        cover = painted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!cover) throw new Error('the cover was never painted');
  });
  afterAll(async () => {
    await bedrock.stop();
  });

  it.each([
    { name: 'a phone at DPR 2', viewport: MOBILE, deviceScaleFactor: 2 },
    { name: 'a phone at DPR 3', viewport: MOBILE, deviceScaleFactor: 3 },
    { name: 'a desktop', viewport: DESKTOP, deviceScaleFactor: 1 },
  ])('$name loads a WebP variant within budget, never the PNG, and nothing shifts', async (device) => {
    const context = await chromium.browser.newContext({
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
    });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, bedrock.url, account);
      const pictures: { url: string; type: string | null; bytes: number }[] = [];
      page.on('response', async (response) => {
        if (!new URL(response.url()).pathname.startsWith('/media/')) return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        pictures.push({
          url: new URL(response.url()).pathname,
          type: response.headers()['content-type'] ?? null,
          bytes: body.byteLength,
        });
      });
      // Pictures arrive late, as on a slow phone line: a picture without its shape would push the text down.
      await page.route('**/media/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      // Cumulative layout shift, as Lighthouse counts it (browser code, so as a script).
      await page.addInitScript({
        content: `window.layoutShift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });`,
      });

      await page.goto(`${bedrock.url}/story/${storyId}`);
      const img = page.getByRole('img', { name: /^Hero Image of / });
      await img.waitFor();
      const before = await img.boundingBox();
      await expect
        .poll(() => img.evaluate((element) => (element as unknown as ShownImage).naturalWidth))
        .toBeGreaterThan(0);
      const after = await img.boundingBox();

      const shown = await img.evaluate((element) => {
        const image = element as unknown as ShownImage;
        return {
          currentSrc: new URL(image.currentSrc).pathname,
          width: image.getAttribute('width'),
          height: image.getAttribute('height'),
        };
      });
      expect([shown.width, shown.height]).toEqual([String(cover.width), String(cover.height)]);
      expect(cover.variants.map((variant) => variant.url)).toContain(shown.currentSrc);
      expect(after).toEqual(before);
      expect(await page.evaluate<number>('window.layoutShift')).toBeLessThan(0.01);

      const loaded = pictures.filter((picture) => picture.url.startsWith(`/media/stories/${storyId}/`));
      expect(loaded.map((picture) => picture.url)).toEqual([shown.currentSrc]);
      expect(loaded[0]?.type).toBe('image/webp');
      expect(loaded[0]?.bytes).toBeGreaterThan(0);
      expect(loaded[0]?.bytes).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
      // Which variant Chromium chose, and its weight: for the report (and the README's figures).
      console.log(
        `${device.name} (${device.viewport.width} px): ${shown.currentSrc.split('.').slice(-2).join('.')}, ${loaded[0]?.bytes} bytes`,
      );
      if (device.viewport.width === MOBILE.width)
        await screenshot(page, `story-picture-375-dpr${device.deviceScaleFactor}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('the flipbook at 375 px shows the cover from a variant too, on its cover screen and its first page', async () => {
    const context = await chromium.browser.newContext({ viewport: MOBILE, deviceScaleFactor: 2 });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, bedrock.url, account);
      const loaded: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith(`/media/stories/${storyId}/`)) loaded.push(path);
      });
      await page.goto(`${bedrock.url}/story/${storyId}/flipbook`);
      const coverScreen = page.locator('.flipbook-cover__image');
      await expect
        .poll(() => coverScreen.evaluate((element) => (element as unknown as ShownImage).naturalWidth))
        .toBeGreaterThan(0);
      expect(await coverScreen.getAttribute('width')).toBe(String(cover.width));
      await page.getByRole('button', { name: 'Read Story' }).click();
      const coverPage = page.locator('.flipbook-page__cover-image').first();
      await expect
        .poll(() => coverPage.evaluate((element) => (element as unknown as ShownImage).naturalWidth))
        .toBeGreaterThan(0);
      await screenshot(page, 'flipbook-picture-375', { fullPage: false });

      const variants = cover.variants.map((variant) => variant.url);
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((path) => !variants.includes(path))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
