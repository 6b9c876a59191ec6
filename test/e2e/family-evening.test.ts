import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAMILY_TEXTS } from '#common/family.js';
import { MESSAGES } from '#common/validation/account-messages.js';
import { apiClient, grownUpClient } from '../support/api.js';
import { sweeper } from '../support/axe.js';
import { BOTH_WIDTHS, e2eSetup, newFamily, stack, toast, webUrl, type Account } from '../support/e2e.js';
import { passGrownUpGate, screenshot, startStoryThroughWizard, type WizardStory } from '../support/pages.js';

const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

/** A parent signed up as the SPA does (a child named after them), then two children added behind the gate. */
async function familyOfThree(children: { name: string; ageBand: 'A' | 'B'; approvalRequired?: boolean }[]) {
  const account = await newFamily({ displayName: 'Dana' });
  const parent = await grownUpClient(stack, account);
  for (const child of children) {
    const added = await parent('/children', json({ emoji: '🦊', colour: 'sun', approvalRequired: false, ...child }));
    if (added.status !== 201 && added.status !== 200) throw new Error(`add child answered ${added.status}`);
  }
  return account;
}

/** "Who's reading tonight?" from the menu, and this child. */
async function readAs(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: FAMILY_TEXTS.whoIsReading }).click();
  await page.getByRole('button', { name }).click();
  await page.waitForURL(`${webUrl}/home`);
}

async function signedInAs(chromium: ReturnType<typeof e2eSetup>, account: Account, viewport: object, name: string) {
  const opened = await chromium.open(viewport as { width: number; height: number });
  const { page } = opened;
  await page.goto(`${webUrl}/auth?mode=login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Two or more children: the family says who is reading first.
  await page.getByRole('heading', { level: 1, name: FAMILY_TEXTS.whoIsReading }).waitFor();
  await page.getByRole('button', { name }).click();
  await page.waitForURL(`${webUrl}/home`);
  return opened;
}

const heroField = (page: Page) => page.getByLabel("What is your Main Character's Name?");

/**
 * A parent and two children (6 and 9) through one evening, at a laptop's and a phone's width: a story that
 * waits for a grown-up's yes leaves the wizard free for the next (each run makes its own story), each child
 * has their own wizard draft and their own first story, and removing the child who is reading keeps the
 * parent signed in, reading as another child.
 */
describe.each(BOTH_WIDTHS)('a family evening, at %s in Chromium', (label, viewport) => {
  const chromium = e2eSetup();

  it('after a story waits for a grown-up, each wizard run makes a story of its own, and each child their own', async () => {
    const account = await familyOfThree([
      { name: 'Mia', ageBand: 'B', approvalRequired: true },
      { name: 'Leo', ageBand: 'A' },
    ]);
    const { page } = await signedInAs(chromium, account, viewport, 'Mia');
    const axe = sweeper(page);

    const runs: WizardStory[] = [
      { hero: 'Nova', choices: ['Explorer', 'Adventure', 'Treasure'], artStyle: /Watercolor/ },
      { hero: 'Orion', choices: ['Robot', 'Space', 'Rescue'], artStyle: /Comic Book/ },
      { hero: 'Pip', choices: ['Creature', 'Mystery', 'Protect'], artStyle: /Pencil Sketch/ },
      { hero: 'Zara', choices: ['Warrior', 'Epic', 'Escape'], artStyle: /Anime/ },
    ];
    const made: string[] = [];
    for (const run of runs) {
      const storyId = await startStoryThroughWizard(page, webUrl, run);
      expect(made, `${run.hero}'s wizard run opened an earlier story`).not.toContain(storyId);
      made.push(storyId);
      await page.getByRole('heading', { level: 1, name: FAMILY_TEXTS.waitingForGrownUp }).waitFor();
      // The next run starts from an empty wizard, not the waiting story's choices.
      await page.goto(`${webUrl}/create/01`);
      expect(await heroField(page).inputValue()).toBe('');
    }
    await screenshot(page, `wizard-after-waiting-story-${viewport.width}`, { fullPage: false });
    // Each is its own story, with its own hero, waiting for a grown-up.
    const parent = await grownUpClient(stack, account);
    const waiting = (await parent('/approvals')).body.stories as { id: string; heroName?: string }[];
    expect(waiting.map((story) => story.id).sort()).toEqual([...made].sort());

    // Mia starts a draft and hands the device to Leo: his wizard is empty, and his first story is his.
    await heroField(page).fill('Sunny');
    await page.getByRole('button', { name: "Let's Begin >" }).click();
    await page.waitForURL(`${webUrl}/create/02`);
    await page.getByRole('radio', { name: 'Explorer' }).click();
    await readAs(page, 'Leo');
    await page.goto(`${webUrl}/create/01`);
    expect(await heroField(page).inputValue()).toBe('');
    await page.getByRole('region', { name: 'Your Story Magic' }).getByLabel('Hero: not chosen yet').waitFor();
    await axe.sweep('wizard, a second child');
    await screenshot(page, `wizard-second-child-${viewport.width}`, { fullPage: false });
    const leos = await startStoryThroughWizard(page, webUrl, {
      hero: 'Rex',
      choices: ['Super Hero', 'Magical', 'Ranch'],
      artStyle: /Illustrations/,
    });
    expect(made).not.toContain(leos);
    await page.getByText('~ The End ~').waitFor({ timeout: 30_000 });
    await page.getByText(/Rex/).first().waitFor();

    // Back to Mia: her draft is as she left it.
    await readAs(page, 'Mia');
    await page.goto(`${webUrl}/create/01`);
    expect(await heroField(page).inputValue()).toBe('Sunny');
    await page.getByRole('region', { name: 'Your Story Magic' }).getByText('Explorer').waitFor();
    expect(axe.found, axe.summary('family evening, wizard', label)).toEqual([]);
  });

  it('removing the child who is reading keeps the parent signed in, reading as another child', async () => {
    const account = await familyOfThree([
      { name: 'Mia', ageBand: 'B' },
      { name: 'Leo', ageBand: 'A' },
    ]);
    // The parent read as the child sign-up made, named after them, then added the real children.
    const { page } = await signedInAs(chromium, account, viewport, 'Dana');
    const axe = sweeper(page);
    const ended = page.getByText(MESSAGES.sessionEnded);

    await page.goto(`${webUrl}/profile`);
    await passGrownUpGate(page, account.password);
    await page.getByRole('button', { name: 'Remove Dana' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Dana?' });
    await remove.getByRole('button', { name: 'Remove Dana' }).click();
    await toast(page, 'Dana is removed');
    await remove.waitFor({ state: 'hidden' });

    // Still signed in, still on the profile past the gate, reading as Mia (the oldest left), not asked again.
    const children = page.getByRole('region', { name: 'Your children' });
    await children.getByRole('button', { name: 'Edit Mia' }).waitFor();
    await children.getByRole('button', { name: 'Edit Leo' }).waitFor();
    expect(await children.getByRole('button', { name: 'Edit Dana' }).count()).toBe(0);
    expect(page.url()).toBe(`${webUrl}/profile`);
    await page.getByText('Welcome back, Mia!').waitFor({ state: 'attached' });
    await axe.sweep('profile, the reading child removed');
    await screenshot(page, `reading-child-removed-${viewport.width}`, { fullPage: false });

    // Her library and home answer as Mia, after a reload too: the session is the same.
    await page.goto(`${webUrl}/library`);
    await page.getByRole('heading', { name: 'Your Library is Empty' }).waitFor();
    await page.reload();
    await page.getByText('Welcome back, Mia!').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: FAMILY_TEXTS.whoIsReading }).count()).toBe(0);

    // Removing Mia, now reading, too: Leo reads, and the family's last child cannot be removed.
    await page.goto(`${webUrl}/profile`);
    await page.getByRole('button', { name: 'Remove Mia' }).click();
    await page.getByRole('dialog', { name: 'Remove Mia?' }).getByRole('button', { name: 'Remove Mia' }).click();
    await toast(page, 'Mia is removed');
    await page.getByText('Welcome back, Dana!').waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: 'Remove Leo' }).count()).toBe(0);
    const leoOnly = await apiClient(stack, account.accessToken)('/me');
    expect(leoOnly.body.children).toEqual([expect.objectContaining({ name: 'Leo' })]);

    expect(await ended.count()).toBe(0);
    expect(page.url()).toBe(`${webUrl}/profile`);
    expect(axe.found, axe.summary('family evening, removing', label)).toEqual([]);
  });
});
