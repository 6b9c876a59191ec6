import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBedrockSite } from '../support/bedrock-api.js';
import { e2eSetup, stack, toast } from '../support/e2e.js';
import { missionThings, placeWords } from '../support/story-choices.js';
import { SCREENSHOT_DIR, screenshot, createStoryThroughWizard, signUpThroughForm } from '../support/pages.js';

const chromium = e2eSetup();

/**
 * A family's whole journey with STORY_PROVIDER=bedrock: the production SPA, served as `npm start` serves
 * it, in front of an API and workflow whose provider is the real Bedrock provider and SDK client talking to
 * the Bedrock twin.
 */
describe('a family’s journey with the bedrock provider, in Chromium', () => {
  let bedrock: Awaited<ReturnType<typeof startBedrockSite>>;
  beforeAll(async () => {
    bedrock = await startBedrockSite(stack);
  });
  afterAll(async () => {
    await bedrock.stop();
  });

  it('makes a story, reads it with its painted cover, adds a picture and downloads the printable file', async () => {
    const webUrl = bedrock.url;
    const { context, page } = await chromium.open();

    await signUpThroughForm(page, webUrl, { name: 'Nova', band: 'Little Storytellers (5-7)' });

    await createStoryThroughWizard(page, webUrl, {
      hero: 'Pip',
      choices: ['Robot', 'Space', 'Rescue'],
      artStyle: /Comic Book/,
    });
    await expect(page.getByText(/Pip/).first().isVisible()).resolves.toBe(true);
    // The story is the one the family chose, as a parent reads it on the page: a robot, in space, rescuing.
    const told = await page.locator('main').innerText();
    expect(told).toMatch(/\brobot\b/i);
    // The writer's own lists, not a copy of some of them: a new space rescue must not fail this journey. A
    // mission is named by its noun ("the little lost satellite" is told as "the little satellite" too).
    const toldLower = told.toLowerCase();
    const named = (words: readonly string[]) => words.filter((word) => word && toldLower.includes(word.toLowerCase()));
    const noun = (thing: string) => thing.split(' ').at(-1) ?? thing;
    expect(named(placeWords('Space')), told).not.toEqual([]);
    expect(named(missionThings('Rescue', 'Space').map(noun)), told).not.toEqual([]);
    const cover = page.getByRole('img', { name: /^Hero Image of / });
    await expect
      .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    expect(await cover.getAttribute('src')).toMatch(/\.w960\.webp$/);
    await screenshot(page, 'bedrock-story');

    await page.getByRole('button', { name: 'Edit your Story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an illustration' });
    await dialog.getByLabel('What should the picture show? (optional)').fill('with a red kite');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'New illustration generated!');
    await page.getByRole('figure').filter({ hasText: 'Early Scene' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = join(SCREENSHOT_DIR, `bedrock-${download.suggestedFilename()}`);
    await download.saveAs(file);
    const exported = await context.newPage();
    await exported.goto(`file://${join(process.cwd(), file)}`);
    expect(await exported.locator('img[src^="data:image/"]').count()).toBeGreaterThanOrEqual(2);
    await context.close();

    // Every model call went through the twin: text through the us. profile, pictures with Stability.
    const calls = bedrock.twin.calls();
    expect(calls.filter((c) => c.operation === 'converseStream').map((c) => c.modelId)).toEqual([
      'us.amazon.nova-lite-v1:0',
    ]);
    expect(calls.filter((c) => c.operation === 'invoke').map((c) => c.answer)).toEqual(['ok', 'ok']);
  });

  it('a filtered cover: the story is read at once, the creator is told, and paints the cover again', async () => {
    const { context, page } = await chromium.open();
    await signUpThroughForm(page, bedrock.url, { name: 'Wren', band: 'Little Storytellers (5-7)' });

    bedrock.twin.reset();
    bedrock.twin.script({ invoke: ['filter', 'filter'] }); // the cover and its gentler try
    await createStoryThroughWizard(page, bedrock.url, {
      hero: 'Wren',
      choices: ['Robot', 'Space', 'Rescue'],
      artStyle: /Comic Book/,
    });
    await toast(page, 'This picture could not be painted safely. Please try a different description.');
    await expect(page.getByRole('img', { name: /^Hero Image of / }).count()).resolves.toBe(0);
    await screenshot(page, 'bedrock-story-cover-filtered');

    await page.getByRole('button', { name: 'Create Hero Image' }).click();
    await page.getByRole('dialog', { name: 'Create Hero Image' }).getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'New illustration generated!');
    const cover = page.getByRole('img', { name: /^Hero Image of / });
    await expect
      .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  });
});

describe('the progress screen on the twin’s public-figure timings, in Chromium', () => {
  let slow: Awaited<ReturnType<typeof startBedrockSite>>;
  beforeAll(async () => {
    slow = await startBedrockSite(stack, { latency: 'public' });
  });
  afterAll(async () => {
    await slow.stop();
  });

  it('counts the paragraphs as they are written and shows the cover painting meanwhile, never the text', async () => {
    const { context, page } = await chromium.open();
    await signUpThroughForm(page, slow.url, { name: 'Sage', band: 'Young Adventurers (8-10)' });

    await page.goto(`${slow.url}/create/01`);
    await page.getByLabel("What is your Main Character's Name?").fill('Juniper');
    await page.getByRole('button', { name: "Let's Begin >" }).click();
    for (const option of ['Explorer', 'Adventure', 'Treasure']) {
      await page.getByRole('radio', { name: option }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.getByRole('radio', { name: /Watercolor/ }).click();
    await page.getByRole('button', { name: "Yes, let's go!" }).click();
    await page.waitForURL(/\/story\/[0-9a-f-]+$/);

    const steps = page.getByRole('list', { name: 'Story progress' });
    await steps.getByText(/Writing your story: paragraph \d+ of about \d+/).waitFor({ timeout: 20_000 });
    await steps.getByText('Painting the cover').waitFor({ timeout: 20_000 });
    await screenshot(page, 'bedrock-progress-writing');
    // Only counts and phases: no sentence of the story while it is unchecked.
    expect(await page.locator('main').innerText()).not.toMatch(/Juniper (said|looked|smiled|walked)/);

    await page.getByText('~ The End ~').waitFor({ timeout: 30_000 });
    await screenshot(page, 'bedrock-progress-done');
    await context.close();
  }, 90_000);
});
