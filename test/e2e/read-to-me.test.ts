import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storyWords } from '#common/narration.js';
import { storyParagraphs } from '#common/story-layout.js';
import { e2eSetup, familyWithStory, stack, webUrl, type Account } from '../support/e2e.js';
import { DESKTOP, MOBILE, screenshot } from '../support/pages.js';
import { tableClient } from '../support/table.js';

/** What the player is doing, read in the page: its sound's time, the word lit and the text of that word. */
type Reading = {
  time: number;
  paused: boolean;
  audios: number;
  word: number | null;
  lit: string | null;
  page: number | null;
};
function reading(page: Page, container: string): Promise<Reading> {
  return page.evaluate((selector) => {
    // Runs in the page (the test tsconfig has no DOM library, hence the casts).
    type RangeLike = {
      toString(): string;
      startContainer: { parentElement: { closest(s: string): { dataset: { page?: string } } | null } | null };
    };
    const doc = (
      globalThis as unknown as {
        document: {
          querySelectorAll(s: string): { length: number } & Iterable<{ currentTime: number; paused: boolean }>;
          querySelector(s: string): { dataset: Record<string, string | undefined> } | null;
        };
      }
    ).document;
    const css = (
      globalThis as unknown as { CSS: { highlights: { get(name: string): Iterable<RangeLike> | undefined } } }
    ).CSS;
    const [audio] = [...doc.querySelectorAll('audio')];
    const word = doc.querySelector(selector)?.dataset.narrationWord;
    const [range] = [...(css.highlights.get('narration-word') ?? [])];
    const pageOf = range?.startContainer.parentElement?.closest('[data-page]')?.dataset.page;
    return {
      time: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
      audios: doc.querySelectorAll('audio').length,
      word: word === undefined ? null : Number(word),
      lit: range ? range.toString() : null,
      page: pageOf === undefined ? null : Number(pageOf),
    };
  }, container);
}

describe('"Read to me", in Chromium', () => {
  const chromium = e2eSetup();
  let account: Account;
  let storyId = '';
  let content = '';

  beforeAll(async () => {
    ({
      account,
      story: { id: storyId, content },
    } = await familyWithStory({ displayName: 'Zoë', authorName: 'Grandpa Joe' }));
  });

  const wordText = (index: number) => {
    const paragraphs = storyParagraphs(content);
    const word = storyWords(content)[index];
    return word ? paragraphs[word.paragraph]?.slice(word.from, word.to) : undefined;
  };

  it('on a phone: reads the story aloud, lighting each word as it is read, pauses, resumes, and stops on leaving', async () => {
    const { context, page } = await chromium.signedIn(account, MOBILE);
    await page.goto(`${webUrl}/story/${storyId}`);
    const readToMe = page.getByRole('button', { name: 'Read to me' });
    await readToMe.click();
    const pause = page.getByRole('button', { name: 'Pause' });
    await pause.waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement
              .textContent,
        ),
      )
      .toContain('Pause');

    // The sound plays (its time advances) and the lit word moves forward through the story's own words.
    const first = await reading(page, '.story__text');
    await expect
      .poll(async () => (await reading(page, '.story__text')).time, { timeout: 10_000 })
      .toBeGreaterThan(first.time + 0.5);
    await expect
      .poll(async () => (await reading(page, '.story__text')).word ?? -1, { timeout: 10_000 })
      .toBeGreaterThan(2);
    const now = await reading(page, '.story__text');
    expect(now.lit).toBe(wordText(now.word ?? -1));
    await screenshot(page, 'read-to-me-story-375', { fullPage: false });

    // Pause holds the sound and the word; Resume goes on from there.
    await pause.click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    const held = await reading(page, '.story__text');
    await page.waitForTimeout(600);
    expect((await reading(page, '.story__text')).time).toBeCloseTo(held.time, 1);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await reading(page, '.story__text')).time).toBeGreaterThan(held.time + 0.3);

    // Leaving the screen stops it: no sound element is left playing.
    await page.getByRole('link', { name: 'Flipbook View' }).click();
    await page.getByRole('button', { name: 'Read Story' }).click();
    expect((await reading(page, 'body')).audios).toBe(0);
    await page.getByRole('button', { name: 'Read to me' }).click();
    await expect
      .poll(async () => (await reading(page, '.flipbook-reader')).word ?? -1, { timeout: 10_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'read-to-me-flipbook-375', { fullPage: false });
    await page.getByRole('link', { name: 'Back to story' }).click();
    await page.getByRole('navigation', { name: 'Story actions' }).getByRole('link', { name: 'My Library' }).click();
    await page.waitForURL(`${webUrl}/library`);
    expect((await reading(page, 'body')).audios).toBe(0);
    await context.close();
  });

  it('in the flipbook on a desktop: reads along the open book and turns the page when its last word is read', async () => {
    // A story long enough for several pages (every word distinct, so the lit word names its place).
    const long = Array.from({ length: 6 }, (_, p) =>
      Array.from({ length: 7 }, (_, s) => `Page${p} sentence${s} tells how the little dragon flew far away.`).join(' '),
    ).join('\n\n');
    await tableClient(stack).set({ PK: `STORY#${storyId}`, SK: 'META' }, { content: long });
    content = long;

    const { context, page } = await chromium.signedIn(account, DESKTOP);
    await page.goto(`${webUrl}/story/${storyId}/flipbook`);
    await page.getByRole('button', { name: 'Read Story' }).click();
    const counter = page.locator('.flipbook-controls__counter');
    await expect.poll(() => counter.innerText()).toMatch(/^Page 1 of \d+$/);
    await page.getByRole('button', { name: 'Read to me' }).click();

    // The first word's page opens, and the reading goes on there.
    await expect
      .poll(async () => (await reading(page, '.flipbook-reader')).word ?? -1, { timeout: 10_000 })
      .toBeGreaterThan(1);
    const opened = await counter.innerText();
    expect(opened).toMatch(/^Pages 2 and 3 of \d+$/);
    const start = await reading(page, '.flipbook-reader');
    expect(start.lit).toBe(wordText(start.word ?? -1));
    expect(start.page).toBe(1);
    await screenshot(page, 'read-to-me-flipbook-1280', { fullPage: false });

    // Listening on to the end of each part (skipped ahead, as waiting a minute would): once the last word of
    // the open pages is read, the book turns to the next ones.
    for (let i = 0; i < 8 && (await counter.innerText()) === opened; i++) {
      await page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: { querySelector(s: string): { currentTime: number; duration: number } | null };
          }
        ).document;
        const audio = doc.querySelector('audio');
        if (audio && Number.isFinite(audio.duration)) audio.currentTime = Math.max(0, audio.duration - 0.4);
      });
      await page.waitForTimeout(1500);
    }
    await expect.poll(() => counter.innerText(), { timeout: 5000 }).toMatch(/^Pages 4 and 5 of \d+$/);
    const later = await reading(page, '.flipbook-reader');
    expect(later.page).toBeGreaterThanOrEqual(3);
    expect(later.lit).toBe(wordText(later.word ?? -1));
    await context.close();
  });
});
