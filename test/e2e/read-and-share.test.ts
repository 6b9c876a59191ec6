import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSetup, familyWithStory, toast, webUrl } from '../support/e2e.js';
import { MOBILE, SCREENSHOT_DIR, screenshot } from '../support/pages.js';

/** The family each test makes, with a ready story. */
const READER = { displayName: 'Reader', authorName: 'Auntie Bea' };

describe('reading, illustrating, editing, sharing and exporting a story, in Chromium', () => {
  const chromium = e2eSetup();

  it('adds an illustration, edits with a blocked word, shares the link and downloads a printable file', async () => {
    const {
      account,
      story: { id: storyId },
    } = await familyWithStory(READER);
    const { context, page } = await chromium.signedIn(account);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await page.goto(`${webUrl}/story/${storyId}`);
    await page.getByText('Story Created by Auntie Bea').waitFor();

    // Add an illustration: the dialog counts characters, the workflow paints it, the page updates itself.
    await page.getByRole('button', { name: 'Edit your Story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an illustration' });
    await dialog.getByText('Image 2 of 5').waitFor();
    await dialog.getByLabel('What should the picture show? (optional)').fill('with a red kite');
    await dialog.getByText('15/500').waitFor();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'New illustration generated!');
    await page.getByRole('figure').filter({ hasText: 'Early Scene' }).waitFor();
    await screenshot(page, 'story-page');

    // In the flipbook the creator can repaint the illustration on the open page.
    await page.getByRole('link', { name: 'Flipbook View' }).click();
    await page.getByRole('button', { name: 'Read Story' }).click();
    const regenerate = page.getByRole('button', { name: 'Regenerate picture' });
    for (let turns = 0; turns < 12 && !(await regenerate.isVisible()); turns++) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.waitForTimeout(700); // a turn holds the book for 0.6 s
    }
    await regenerate.click();
    await page.getByRole('dialog', { name: 'Regenerate picture' }).getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Illustration regenerated!');
    await page.goto(`${webUrl}/story/${storyId}`);
    await page.getByText('Story Created by Auntie Bea').waitFor();

    // Edit as the creator with a blocked word: the server filters it and the notice says so.
    await page.getByRole('button', { name: 'Edit Story' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your Story' });
    await edit.getByLabel('Title').fill('The Stupid Kite');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Some words were replaced with *** to keep the story kid-friendly. 1 word(s) filtered.');
    await page.getByRole('heading', { level: 1, name: 'The *** Kite' }).waitFor();

    // Share: copy the link.
    await page.getByRole('button', { name: 'Share Story' }).click();
    const share = page.getByRole('dialog', { name: 'Share Story' });
    await share.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Link copied to clipboard!');
    // Seen above the dialog's backdrop, not dimmed beneath it: at its centre the toast is what is on top.
    const copied = page.locator('[data-sonner-toast]').filter({ hasText: 'Link copied to clipboard!' });
    await expect
      .poll(() =>
        copied.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(
            element.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2),
          );
        }),
      )
      .toBe(true);
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(`${webUrl}/story/${storyId}`);
    await share.getByRole('button', { name: 'Close', exact: true }).click();

    // Download the printable file and open it in Chromium.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('the_____kite.html');
    const file = join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    await toast(page, 'Story downloaded! Open the HTML file in your browser and use Print to PDF');
    const exported = await context.newPage();
    await exported.goto(`file://${join(process.cwd(), file)}`);
    await exported.getByText('~ The End ~').or(exported.getByText('The End')).first().waitFor();
    expect(await exported.locator('img').count()).toBeGreaterThanOrEqual(2);
    await exported.pdf({ path: join(SCREENSHOT_DIR, 'export.pdf') });
    expect(readFileSync(file, 'utf8')).toContain('The *** Kite');
    await context.close();
  });

  it("shows another family's private story as not found, never its content", async () => {
    const { story: secret } = await familyWithStory({ displayName: 'Owner' }, { heroName: 'Secretia' });
    const { context, page } = await chromium.signedIn((await familyWithStory(READER)).account);
    await page.goto(`${webUrl}/story/${secret.id}`);
    await page.getByRole('heading', { name: 'Story not found or unavailable in the new format' }).waitFor();
    await expect(page.getByText('Secretia').count()).resolves.toBe(0);
    await context.close();
  });
  /** Who sent a read: the page's inline early script (web/build/preload-screen.ts), or a file of the app's. */
  const EARLY = "the page's early script";
  /**
   * Opens `path` on a first visit (nothing cached), noting each file asked for, and who sent each API read and
   * each age-band configuration's.
   */
  async function firstVisit(page: Page, path: string, shown: string) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const reads: { path: string; sentBy: string }[] = [];
    const files: string[] = [];
    // Only the new page's requests: the page before it may still send one (an idle-time read) while it goes.
    let newPage: string | undefined;
    cdp.on('Network.requestWillBeSent', ({ request, initiator, loaderId, type }) => {
      if (type === 'Document') newPage = loaderId;
      if (loaderId !== newPage) return;
      const { pathname } = new URL(request.url);
      const script = initiator.stack?.callFrames[0]?.url ?? '';
      const sender = new URL(script || request.url).pathname;
      if (/^\/(api|config)\//.test(pathname)) reads.push({ path: pathname, sentBy: sender === path ? EARLY : sender });
      else files.push(pathname);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${webUrl}${path}`);
    await page.getByText(shown).first().waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    return { reads, files };
  }

  it('asks for the story a link opens while the app downloads, and each file only once', async () => {
    const {
      account,
      story: { id: storyId },
    } = await familyWithStory(READER);
    const { context, page } = await chromium.signedIn(account, MOBILE);
    const { reads, files } = await firstVisit(page, `/story/${storyId}`, 'Story Created by Auntie Bea');

    // The early script's preloads are the downloads the app uses: a preload asked for with other credentials
    // than the app's own request is not used, and the file comes down a second time on a slow phone line.
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
    expect(files.filter((file) => /^\/assets\/(signed-in|StoryPage)-[\w-]+\.css$/.test(file))).toHaveLength(2);

    // The page's early script sent the story's read and the profile's (web/build/preload-screen.ts), and the
    // app took their answers: each was asked for once.
    expect(reads.filter((read) => read.path === `/api/stories/${storyId}` || read.path === '/api/me')).toEqual([
      { path: '/api/me', sentBy: EARLY },
      { path: `/api/stories/${storyId}`, sentBy: EARLY },
    ]);
    await context.close();
  });

  it("asks for home's featured stories and the profile while the app downloads, and the band's rules once home is drawn", async () => {
    const { context, page } = await chromium.signedIn((await familyWithStory(READER)).account, MOBILE);
    const { reads, files } = await firstVisit(page, '/home', 'Welcome back, Reader!');
    await page.locator('.featured-grid:not([aria-hidden]), .home-featured__message').first().waitFor();
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
    // The band's configuration only once the page has first been drawn: no first screen shows its rules, and
    // asked for at once it would share a phone's line with the code and reads the screen waits for.
    await expect.poll(() => reads.map((read) => read.path)).toContain('/config/age-band-b.json');
    expect(reads).toEqual([
      { path: '/api/me', sentBy: EARLY },
      { path: '/api/featured', sentBy: EARLY },
      { path: '/config/age-band-b.json', sentBy: expect.stringMatching(/^\/assets\/signed-in-[\w-]+\.js$/) },
    ]);
    // A resource's timing entry is written once its answer is in, which can come after the request was seen.
    const timings = async () =>
      (await page.evaluate(`[
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/config/age-band-b.json'))?.startTime,
      ]`)) as [number | undefined, number | undefined];
    await expect.poll(async () => (await timings()).every((time) => time !== undefined)).toBe(true);
    const [firstPaint, config] = (await timings()) as [number, number];
    // The paint's time is when its frame was presented, which in headless Chromium (software compositing)
    // comes up to a few frames after the idle time that follows the frame's drawing (0.4-28 ms measured), so
    // 50 ms is allowed. Asked for at once, the request came 88 ms before the first paint.
    expect(config).toBeGreaterThanOrEqual(firstPaint - 50);
    await context.close();
  });
});
