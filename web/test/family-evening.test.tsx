import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { READER_CHOICE_KEY } from '#common/early-reads';
import { FAMILY_TEXTS } from '#common/family';
import { MESSAGES } from '#common/validation/account-messages';
import { aChild, aStory, family, saveStories } from './support/fake-api';
import { refreshes } from './support/fake-session';
import { openApp } from './support/render-app';

const NAME = "What is your Main Character's Name?";
type App = { user: UserEvent; router: ReturnType<typeof createMemoryRouter> };

/** The wizard's five steps, from step 01 to "Yes, let's go!". */
async function runWizard({ user, router }: App, hero: string, choices: readonly string[], artStyle: RegExp) {
  await router.navigate('/create/01');
  const name = await screen.findByLabelText(NAME);
  await user.clear(name);
  await user.type(name, hero);
  await user.click(screen.getByRole('button', { name: "Let's Begin >" }));
  for (const choice of choices) {
    await user.click(await screen.findByRole('radio', { name: choice }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  }
  await user.click(await screen.findByRole('radio', { name: artStyle }));
  await user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/story\//));
}

/** "Who's reading tonight?", and this child. */
async function readAs({ user, router }: App, name: string) {
  await router.navigate('/who-is-reading');
  await user.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
}

const heroValue = async () => ((await screen.findByLabelText(NAME)) as HTMLInputElement).value;

describe('the wizard, run after run', () => {
  it('starts afresh once the server answered with a story, one waiting for a grown-up too, with a new request id', async () => {
    const wren = family.profile.children[0];
    if (wren) wren.approvalRequired = true;
    const app = openApp('/create/01');
    await runWizard(app, 'Nova', ['Explorer', 'Adventure', 'Treasure'], /Watercolor Dreams/);
    expect(await screen.findByRole('heading', { name: FAMILY_TEXTS.waitingForGrownUp })).toBeTruthy();

    await app.router.navigate('/create/01');
    expect(await heroValue()).toBe('');
    expect(screen.getByLabelText('Hero: not chosen yet')).toBeTruthy();
    await runWizard(app, 'Orion', ['Robot', 'Space', 'Rescue'], /Comic Book/);
    await screen.findByRole('heading', { name: FAMILY_TEXTS.waitingForGrownUp });
    const [first, second] = family.storyRequests;
    expect(second).toMatchObject({ heroName: 'Orion', characterType: 'Robot', storyType: 'Space', mission: 'Rescue' });
    expect(second?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.requestId).not.toBe(first?.requestId);
  }, 30_000);

  it('keeps each child’s draft their own: a brother’s wizard never opens on his sister’s hero', async () => {
    family.profile.children.push(aChild({ name: 'Tom' }));
    localStorage.setItem(READER_CHOICE_KEY, JSON.stringify({ userId: 'user-1', childId: 'user-1' }));
    const app = openApp('/create/01');
    await app.user.type(await screen.findByLabelText(NAME), 'Sunny');
    await app.user.click(screen.getByRole('button', { name: "Let's Begin >" }));
    await app.user.click(await screen.findByRole('radio', { name: 'Explorer' }));

    await readAs(app, 'Tom');
    await app.router.navigate('/create/01');
    expect(await heroValue()).toBe('');
    expect(screen.getByLabelText('Hero: not chosen yet')).toBeTruthy();
    await app.user.type(screen.getByLabelText(NAME), 'Rex');
    await app.user.click(screen.getByRole('button', { name: "Let's Begin >" }));
    expect(((await screen.findByRole('radio', { name: 'Explorer' })) as HTMLInputElement).checked).toBe(false);

    await readAs(app, 'Wren');
    await app.router.navigate('/create/02');
    expect(((await screen.findByRole('radio', { name: 'Explorer' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Go back to Hero: Sunny' })).toBeTruthy();
    await readAs(app, 'Tom');
    await app.router.navigate('/create/01');
    expect(await heroValue()).toBe('Rex');
  });

  it('opens a failed story’s choices again on "Try again", to be sent with a new request id', async () => {
    const app = openApp('/create/01');
    await runWizard(app, 'Nova', ['Explorer', 'Adventure', 'Treasure'], /Watercolor Dreams/);
    const storyId = app.router.state.location.pathname.split('/').pop() ?? '';
    const story = family.stories.get(storyId);
    if (story)
      family.stories.set(storyId, { ...story, status: 'failed', failureReason: 'The storyteller is resting.' });
    await app.user.click(await screen.findByRole('link', { name: 'Try again' }, { timeout: 8000 }));

    expect(await screen.findByRole('heading', { name: 'Choose Your Art Style' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back to Hero: Nova' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
    await waitFor(() => expect(family.storyRequests).toHaveLength(2));
    const [first, again] = family.storyRequests;
    expect(again).toEqual({ ...first, requestId: again?.requestId });
    expect(again?.requestId).not.toBe(first?.requestId);
  });
});

describe('the progress of a story being made', () => {
  it('never shows a step done and then in progress again, when a status answer is older than the last', async () => {
    const story = aStory({
      status: 'generating',
      progress: 'writing',
      heroName: 'Maya',
      writing: { attempt: 1, paragraphs: 5, expectedParagraphs: 9 },
    });
    saveStories(story);
    // The fake answers writing, checking, writing again (as an older answer would), then ready.
    family.readsUntilReady = 3;
    openApp(`/story/${story.id}`);
    const list = await screen.findByRole('list', { name: 'Story progress' });
    // Each screen of steps as shown, one step's words after another.
    const steps = () => Array.from(list.querySelectorAll('li'), (step) => step.textContent).join(' | ');
    const shown = [steps()];
    const observer = new MutationObserver(() => shown.push(steps()));
    observer.observe(list, { subtree: true, childList: true, characterData: true });
    expect(await screen.findByText('~ The End ~', {}, { timeout: 12_000 })).toBeTruthy();
    observer.disconnect();

    const done = shown.findIndex((text) => text.includes('Writing your story (done)'));
    expect(done).toBeGreaterThanOrEqual(0);
    expect(shown.slice(done).filter((text) => /Writing your story[^|]*\(in progress\)/.test(text))).toEqual([]);
  });
});

describe('removing a child', () => {
  it('keeps the parent signed in on the profile, reading as the oldest child left, when it is the reading child', async () => {
    family.profile.children.push(aChild({ name: 'Tom' }), aChild({ name: 'Lily' }));
    localStorage.setItem(READER_CHOICE_KEY, JSON.stringify({ userId: 'user-1', childId: 'user-1' }));
    // Wren's wizard draft, as the wizard keeps it.
    localStorage.setItem(
      'story-config',
      JSON.stringify({ children: { 'user-1/user-1': { choices: { heroName: 'Sunny' } } } }),
    );
    const { user } = openApp('/profile');
    await user.type(await screen.findByLabelText('Account password'), family.password);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Wren' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Wren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Wren' }));

    expect(await screen.findByText('Wren is removed')).toBeTruthy();
    expect(await screen.findByText('Welcome back, Tom!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: FAMILY_TEXTS.whoIsReading })).toBeNull();
    expect(screen.queryByText(MESSAGES.sessionEnded)).toBeNull();
    // No call named the removed child once it was gone, and the session was never refreshed for it.
    const removal = family.calls.findIndex((call) => call.method === 'DELETE');
    expect(family.calls.slice(removal + 1).filter((call) => call.child === 'user-1')).toEqual([]);
    expect(refreshes.count).toBe(0);
    expect(localStorage.getItem('story-config')).not.toContain('Sunny');
  });

  it('forgets a child removed on another device and asks who is reading, without refreshing the session', async () => {
    family.profile.children.push(aChild({ name: 'Tom' }));
    localStorage.setItem(READER_CHOICE_KEY, JSON.stringify({ userId: 'user-1', childId: 'removed-elsewhere' }));
    openApp('/library');
    expect(await screen.findByRole('heading', { name: FAMILY_TEXTS.whoIsReading })).toBeTruthy();
    expect(localStorage.getItem(READER_CHOICE_KEY)).toBeNull();
    expect(screen.queryByText(MESSAGES.sessionEnded)).toBeNull();
    expect(refreshes.count).toBe(0);
  });
});
