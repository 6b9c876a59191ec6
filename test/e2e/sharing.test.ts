import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sweeper } from '../support/axe.js';
import { grownUpClient } from '../support/api.js';
import { BOTH_WIDTHS, e2eSetup, familyWithStory, newFamily, stack, webUrl } from '../support/e2e.js';
import { passGrownUpGate, screenshot } from '../support/pages.js';
const NETWORKS = ['Facebook', 'X', 'Instagram', 'TikTok'];

/** What the Share dialog tells the family a visitor sees. */
const VISITORS_SEE =
  "Visitors see the story, its pictures and the author name you chose in Profile (no name if you chose none), never your name or your child's.";

/** The networks the Share dialog offers now. */
const networksShown = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Share Story' });
  const shown: string[] = [];
  for (const name of NETWORKS) if (await dialog.getByRole('button', { name, exact: true }).count()) shown.push(name);
  return shown;
};

/** Every picture on the page has loaded (a picture refused or missing has no natural width). */
const picturesLoaded = (page: Page) =>
  page.evaluate(() => {
    // This file is compiled without the DOM's types.
    type Picture = { complete: boolean; naturalWidth: number };
    const { document } = globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<Picture> } };
    const images = [...document.querySelectorAll('main img')];
    return { count: images.length, loaded: images.filter((image) => image.complete && image.naturalWidth > 0).length };
  });

/**
 * Issue 36, "Sharing that reaches someone", at a laptop's and a phone's width: the Share dialog says who can
 * open the link; a grown-up opens it ("Grown-ups only"); a visitor without an account then reads the story,
 * pictures and "Read to me" included; closed again, the visitor's link is dead.
 */
describe.each(BOTH_WIDTHS)('sharing a story with anyone, at %s in Chromium', (label, viewport) => {
  const chromium = e2eSetup();

  it('the link is private until a grown-up opens it; a visitor then reads it and hears it; closed, it is dead', async () => {
    const { account, story } = await familyWithStory({ displayName: 'Sharer', authorName: 'Grandma Jo' });
    const storyId = story.id;
    const width = viewport.width;

    const { page: parent } = await chromium.signedIn(account, viewport);
    const axe = sweeper(parent);
    await parent.goto(`${webUrl}/story/${storyId}`);
    await parent.getByText('Story Created by Grandma Jo').waitFor();
    await parent.getByRole('button', { name: 'Share Story' }).click();
    const share = parent.getByRole('dialog', { name: 'Share Story' });
    await share.getByText('Only your family can open this link: it is private.').waitFor();
    await share.getByText(VISITORS_SEE).waitFor();
    expect(await networksShown(parent)).toEqual([]);
    await axe.sweep('share dialog, private');
    await screenshot(parent, `share-private-${width}`, { fullPage: false });

    // Opening the link is Grown-ups only: the switch asks first, then the link is open and the networks appear.
    const anyone = share.getByRole('switch', { name: /Anyone with the link can read this story/ });
    expect(await anyone.isChecked()).toBe(false);
    await anyone.click();
    await parent.getByRole('heading', { name: 'Grown-ups only' }).waitFor();
    await axe.sweep('grown-ups only over the share dialog');
    await passGrownUpGate(parent, account.password);
    await share
      .getByText('Anyone with the link can read this story, with or without an account.')
      .waitFor({ timeout: 10_000 });
    expect(await anyone.isChecked()).toBe(true);
    expect(await networksShown(parent)).toEqual(NETWORKS);
    await axe.sweep('share dialog, open');
    await screenshot(parent, `share-open-${width}`, { fullPage: false });

    // A visitor without an account (another browser, no session) reads it: text, pictures, "Read to me".
    const { context: visitorContext, page: visitor } = await chromium.open(viewport);
    const visitorAxe = sweeper(visitor);
    await visitor.goto(`${webUrl}/story/${storyId}`);
    await visitor.getByRole('heading', { level: 1, name: String(story.title) }).waitFor();
    expect(visitor.url()).toBe(`${webUrl}/story/${storyId}`);
    await visitor.getByText('Story Created by Grandma Jo').waitFor();
    await expect.poll(() => picturesLoaded(visitor)).toEqual({ count: 1, loaded: 1 });
    // Read-only: nothing to change, save or share; the download asks to sign in (SPEC's rule).
    for (const name of ['Edit Story', 'Share Story', 'Save', 'Edit your Story', 'Create Hero Image']) {
      expect(await visitor.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await visitor.getByRole('link', { name: 'Sign In' }).count()).toBe(1);
    await visitorAxe.sweep('shared story, visitor');
    await screenshot(visitor, `shared-story-visitor-${width}`);
    await visitor.getByRole('button', { name: 'Read to me' }).click();
    await visitor.getByRole('button', { name: 'Pause' }).waitFor({ timeout: 15_000 });
    await visitor.getByRole('button', { name: 'Pause' }).click();

    // Closed again (the grant still stands on the parent's tab): dead for the visitor on the next visit.
    await anyone.click();
    await share.getByText('Only your family can open this link: it is private.').waitFor();
    expect(await networksShown(parent)).toEqual([]);
    await visitor.goto(`${webUrl}/story/${storyId}`);
    await visitor.getByRole('heading', { name: 'This story is not shared' }).waitFor();
    expect(await visitor.getByText(String(story.title)).count()).toBe(0);
    await visitorAxe.sweep('story not shared, visitor');
    await screenshot(visitor, `story-not-shared-${width}`);
    await visitorContext.close();

    expect(axe.found, axe.summary('family', label)).toEqual([]);
    expect(visitorAxe.found, visitorAxe.summary('visitor', label)).toEqual([]);
  });

  it("a private story's picture address copied to another browser does not load there", async () => {
    const {
      account,
      story: { id: storyId },
    } = await familyWithStory({ displayName: 'Private', authorName: 'Aunt Bea' });

    const { page: family } = await chromium.signedIn(account, viewport);
    await family.goto(`${webUrl}/story/${storyId}`);
    await family.getByText('Story Created by Aunt Bea').waitFor();
    await expect.poll(() => picturesLoaded(family)).toEqual({ count: 1, loaded: 1 });
    // The address the family's browser loaded the cover from (the size it chose), as "Copy image address" gives it.
    const address = await family
      .locator('main img')
      .first()
      .evaluate((image) => (image as unknown as { currentSrc: string }).currentSrc);
    expect(new URL(address).pathname).toMatch(new RegExp(`^/media/stories/${storyId}/`));
    expect((await family.request.get(address)).status()).toBe(200);

    // Another browser (a fresh context: no session, no cookies) opens the same address: refused, no picture.
    const { context: other, page: stranger } = await chromium.open(viewport);
    const opened = await stranger.goto(address);
    expect(opened?.status()).toBe(403);
    expect(opened?.headers()['content-type'] ?? '').not.toMatch(/^image\//);
    await other.close();
  });
});

describe('what anyone outside the family sees of its names, in Chromium', () => {
  const chromium = e2eSetup();

  it("a family that chose no author name: its parent's name is on its own page, on no visitor's or other family's page or flipbook", async () => {
    const parentName = 'Priya Parentname';
    const { account, story } = await familyWithStory({ displayName: parentName });
    const parentApi = await grownUpClient(stack, account);
    const opened = await parentApi(`/stories/${story.id}/sharing`, {
      method: 'PUT',
      body: JSON.stringify({ open: true }),
    });
    expect(opened.status).toBe(200);

    const { page: family } = await chromium.signedIn(account);
    await family.goto(`${webUrl}/story/${story.id}`);
    await family.getByText(`Story Created by ${parentName}`).waitFor();

    const { context: visitorContext, page: visitor } = await chromium.open();
    await visitor.goto(`${webUrl}/story/${story.id}`);
    await visitor.getByRole('heading', { level: 1, name: String(story.title) }).waitFor();
    expect(await visitor.getByText('Story Created by').count()).toBe(0);
    expect(await visitor.content()).not.toContain(parentName);
    await visitorContext.close();

    const { page: neighbour } = await chromium.signedIn(await newFamily({ displayName: 'Neighbours' }));
    await neighbour.goto(`${webUrl}/story/${story.id}`);
    await neighbour.getByRole('heading', { level: 1, name: String(story.title) }).waitFor();
    expect(await neighbour.content()).not.toContain(parentName);
    await neighbour.goto(`${webUrl}/story/${story.id}/flipbook`);
    await neighbour.getByText('By Story Magic').first().waitFor();
    expect(await neighbour.content()).not.toContain(parentName);
    await screenshot(neighbour, 'flipbook-other-family-1280', { fullPage: false });
  });
});
