import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, grownUpClient, readyStory, waitForStory } from '../support/api.js';
import { BOTH_WIDTHS, e2eSetup, familyWithStory, stack, toast, webUrl, type Account } from '../support/e2e.js';
import { DESKTOP, fillSignIn, passGrownUpGate, screenshot } from '../support/pages.js';

type Box = { x: number; y: number; width: number; height: number };

/**
 * What floats over the page and lies over the element, in the window as it is scrolled now: each element
 * placed fixed or sticky (the header, the Feedback button, the "Read to me" band), not the element itself nor
 * one holding it, whose box meets the element's box in sight. The toasts are left to their own check.
 */
function floatingOver(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    // Runs in the page (the test tsconfig has no DOM library, hence the casts).
    type El = {
      contains(other: El): boolean;
      closest(selector: string): El | null;
      getBoundingClientRect(): { left: number; right: number; top: number; bottom: number };
      className: string;
      textContent: string | null;
    };
    const window = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      getComputedStyle(element: El): { position: string; visibility: string; display: string };
    };
    const self = element as unknown as El & { ownerDocument: { querySelectorAll(selector: string): Iterable<El> } };
    const inSight = (r: { left: number; right: number; top: number; bottom: number }) => ({
      left: Math.max(r.left, 0),
      right: Math.min(r.right, window.innerWidth),
      top: Math.max(r.top, 0),
      bottom: Math.min(r.bottom, window.innerHeight),
    });
    const box = inSight(self.getBoundingClientRect());
    return [...self.ownerDocument.querySelectorAll('body *')]
      .filter((other) => {
        const style = window.getComputedStyle(other);
        if (style.position !== 'fixed' && style.position !== 'sticky') return false;
        if (style.visibility === 'hidden' || other.contains(self) || self.contains(other)) return false;
        if (other.closest('[data-sonner-toaster]')) return false;
        const r = inSight(other.getBoundingClientRect());
        // More than a hair's breadth of both: boxes that only touch do not cover each other.
        const across = Math.min(r.right, box.right) - Math.max(r.left, box.left);
        const down = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
        return across > 1 && down > 1;
      })
      .map((other) => `${other.className} "${(other.textContent ?? '').trim().slice(0, 30)}"`);
  });
}

/**
 * Every way a reader meets the element: at the screen's top where it is in sight there, and brought into the
 * window at its bottom and at its top, as scrolling down to it, back up to it, a link or the keyboard's focus
 * does (the browser keeps clear of what the page says floats there: its scroll padding). Answers what lay over
 * it, and where.
 */
async function coveredWhereMet(page: Page, target: Locator): Promise<string[]> {
  const found: string[] = [];
  await page.evaluate('window.scrollTo(0, 0)');
  const atTop = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (atTop && atTop.y >= 0 && atTop.y + atTop.height <= height) {
    for (const over of await floatingOver(target)) found.push(`at the top: ${over}`);
  }
  for (const block of ['end', 'start'] as const) {
    await target.evaluate((element, at) => {
      (element as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: at, behavior: 'instant' });
    }, block);
    for (const over of await floatingOver(target)) found.push(`scrolled to the window's ${block}: ${over}`);
  }
  return found;
}

const inWindow = (box: Box | null, viewport: { width: number; height: number }) =>
  box !== null &&
  box.x >= 0 &&
  box.y >= 0 &&
  box.x + box.width <= viewport.width &&
  box.y + box.height <= viewport.height;

/** A family of two children (so sign-in asks who is reading), signed in and reading as the first. */
async function signedInFamily(chromium: ReturnType<typeof e2eSetup>, account: Account, viewport: typeof DESKTOP) {
  const { context, page } = await chromium.open(viewport);
  await page.goto(`${webUrl}/auth?mode=login`);
  await fillSignIn(page, account);
  await page.getByRole('heading', { name: "Who's reading tonight?" }).waitFor();
  await page.locator('.reader-card').first().click();
  await page.waitForURL(`${webUrl}/home`);
  return { context, page };
}

/**
 * Issue 45, finding 6: the floating controls (the Feedback button, "Read to me", the sticky header) never lie
 * over what a family reads or chooses, toasts never over a screen's heading, and the flipbook's controls stay
 * in the window while "Grown-up mode is on" takes its strip at the top.
 */
describe('floating controls, in Chromium', () => {
  const chromium = e2eSetup();
  let account: Account;
  let storyId = '';

  beforeAll(async () => {
    const family = await familyWithStory({ displayName: 'Sam Parent' });
    account = family.account;
    storyId = family.story.id;
    const grownUp = await grownUpClient(stack, account);
    const added = await grownUp('/children', {
      method: 'POST',
      body: JSON.stringify({ name: 'Ben', ageBand: 'A', emoji: '🦊', colour: 'sky', approvalRequired: false }),
    });
    expect(added.status).toBe(201);
    // A picture wish the illustrator cannot wholly draw: the story page says what it left out under it.
    const wished = await family.call(`/stories/${storyId}/images`, {
      method: 'POST',
      body: JSON.stringify({ customizations: 'a dragon beside a Windmill', mode: 'express' }),
    });
    expect(wished.status).toBe(202);
    await waitForStory(family.call, storyId);
  });

  describe.each(BOTH_WIDTHS)('at %s', (label, viewport) => {
    const name = label.replace(' ', '');

    it('the story’s title, its last lines and the picture-wish message are never under a floating control', async () => {
      const { context, page } = await signedInFamily(chromium, account, viewport);
      await page.goto(`${webUrl}/story/${storyId}`);
      await page.getByText('~ The End ~').waitFor();
      const note = page.locator('.story-figure__note');
      await note.waitFor();
      await screenshot(page, `floating-story-${name}`, { fullPage: false });
      const lastLines = page.locator('.story__text > div:last-child > p');
      const covered = {
        title: await coveredWhereMet(page, page.locator('#story-title')),
        'last lines': await coveredWhereMet(page, lastLines),
        'picture-wish message': await coveredWhereMet(page, note),
      };
      await screenshot(page, `floating-story-wish-${name}`, { fullPage: false });
      expect(covered).toEqual({ title: [], 'last lines': [], 'picture-wish message': [] });
      await context.close();
    });

    it('step 3’s cards and the profile’s children are never under a floating control', async () => {
      const { context, page } = await signedInFamily(chromium, account, viewport);
      await page.goto(`${webUrl}/create/01`);
      await page.getByLabel("What is your Main Character's Name?").fill('Pip');
      await page.getByRole('button', { name: "Let's Begin >" }).click();
      await page.getByRole('radio', { name: 'Robot' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'What Kind of Story?' }).waitFor();
      await screenshot(page, `floating-step3-${name}`, { fullPage: false });
      const cards = await page.locator('.option-card').all();
      expect(cards.length).toBeGreaterThanOrEqual(6);
      const step3: Record<string, string[]> = {};
      for (const card of cards) step3[await card.innerText()] = await coveredWhereMet(page, card);
      expect(Object.values(step3).flat()).toEqual([]);

      await page.goto(`${webUrl}/profile`);
      await passGrownUpGate(page, account.password);
      const children = page.locator('.children-list');
      await children.locator('strong', { hasText: 'Ben' }).waitFor();
      await screenshot(page, `floating-profile-${name}`, { fullPage: false });
      await expect(coveredWhereMet(page, children)).resolves.toEqual([]);
      await context.close();
    });

    it('the child form shows its pictures and colours as compact grids, each colour in the chosen picture', async () => {
      const { context, page } = await signedInFamily(chromium, account, viewport);
      await page.goto(`${webUrl}/profile`);
      await passGrownUpGate(page, account.password);
      await page.getByRole('button', { name: 'Add a child' }).click();
      const form = page.getByRole('form', { name: 'Add a child' });
      const pictures = form.getByRole('group', { name: 'Picture' });
      const colours = form.getByRole('group', { name: 'Colour' });
      await pictures.locator('label', { hasText: 'Fox' }).click();
      await expect(pictures.getByRole('radio', { name: 'Fox' }).isChecked()).resolves.toBe(true);
      await pictures.scrollIntoViewIfNeeded();
      await screenshot(page, `child-form-${name}`, { fullPage: false });
      // Rows: the distinct tops of the choices (one a row was 12 and 6 rows, three phone screens tall).
      const rows = (group: Locator) =>
        group.locator('label').evaluateAll((labels) => new Set(labels.map((l) => l.getBoundingClientRect().top)).size);
      const most = label === '375 px' ? 3 : 2;
      await expect(rows(pictures)).resolves.toBeLessThanOrEqual(most);
      await expect(rows(colours)).resolves.toBeLessThanOrEqual(most);
      // Every colour shows the chosen picture, and says its colour.
      const swatches = await colours.locator('label').allInnerTexts();
      expect(swatches.map((text) => text.split(/\s+/)[0])).toEqual(Array(6).fill('🦊'));
      await expect(colours.getByRole('radio').count()).resolves.toBe(6);
      // A radio group: the arrow keys move the choice along it.
      await colours.getByRole('radio', { name: 'Sky' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(colours.getByRole('radio', { name: 'Leaf' }).isChecked()).resolves.toBe(true);
      await context.close();
    });

    it('a toast lies over no screen’s heading', async () => {
      const { context, page } = await signedInFamily(chromium, account, viewport);
      const call = apiClient(stack, account.accessToken);
      const { title } = await readyStory(call);
      await page.goto(`${webUrl}/library`);
      const heading = page.getByRole('heading', { level: 1, name: 'Your Saved Stories' });
      await heading.waitFor();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.hover();
      await page.getByRole('button', { name: `Remove ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this story for good?' });
      await confirm.getByRole('button', { name: 'Delete Story' }).click();
      await toast(page, 'Removed from library');
      await confirm.waitFor({ state: 'detached' });
      const shown = page.locator('[data-sonner-toast]').filter({ hasText: 'Removed from library' }).first();
      await shown.waitFor();
      await screenshot(page, `floating-toast-${name}`, { fullPage: false });
      const [toastBox, headingBox] = [await shown.boundingBox(), await heading.boundingBox()];
      if (!toastBox || !headingBox) throw new Error('no toast or no heading in sight');
      const apart =
        toastBox.y >= headingBox.y + headingBox.height ||
        headingBox.y >= toastBox.y + toastBox.height ||
        toastBox.x >= headingBox.x + headingBox.width ||
        headingBox.x >= toastBox.x + toastBox.width;
      expect({ toast: toastBox, heading: headingBox, apart }).toMatchObject({ apart: true });
      await context.close();
    });
  });

  it('at 1280 × 800 with "Grown-up mode is on", the flipbook’s Previous, Read to me and Next are in the window', async () => {
    const { context, page } = await signedInFamily(chromium, account, DESKTOP);
    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, account.password);
    await page.goto(`${webUrl}/story/${storyId}/flipbook`);
    await page.getByRole('status').filter({ hasText: 'Grown-up mode is on' }).waitFor();
    await page.getByRole('button', { name: 'Read Story' }).click();
    await expect.poll(() => page.locator('.flipbook-controls__counter').innerText()).toMatch(/^Page 1 of \d+$/);
    await screenshot(page, 'floating-flipbook-grown-up-1280', { fullPage: false });
    const controls = {
      previous: await page.getByRole('button', { name: 'Previous page' }).boundingBox(),
      'read to me': await page.getByRole('button', { name: 'Read to me' }).boundingBox(),
      next: await page.getByRole('button', { name: 'Next page' }).boundingBox(),
    };
    const inSight = Object.fromEntries(Object.entries(controls).map(([key, box]) => [key, inWindow(box, DESKTOP)]));
    expect({ inSight, controls }).toMatchObject({ inSight: { previous: true, 'read to me': true, next: true } });
    await context.close();
  });
});
