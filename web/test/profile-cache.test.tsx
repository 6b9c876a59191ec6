import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { aChild, addAccount, aStory, family, saveStories } from './support/fake-api';
import { addSignIn } from './support/fake-session';
import { openApp } from './support/render-app';

/**
 * The profile lives in the query cache with the rest of the family's data (api/profile.ts), one cache per
 * account and child (auth/account-caches.ts): what the header and the create button know follows what the
 * family did, and nothing of one account reaches the next one signing in on the same browser.
 */

const fillLibrary = (count: number) =>
  saveStories(...Array.from({ length: count }, (_, n) => aStory({ title: `Story ${n + 1}` })));

/** Every text the page showed from now on, each time the page changed (before the browser paints it). */
function watchPage() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return {
    seen,
    stop: () => {
      seen.push(...observer.takeRecords().map(() => document.body.textContent ?? ''));
      observer.disconnect();
    },
  };
}

describe('the profile in the query cache', () => {
  it('a second account signing in on the same browser never sees the first one’s name or library', async () => {
    saveStories(aStory({ title: 'The Moon Ranch' }));
    addAccount('token-ama', { id: 'user-2', email: 'ama@example.test', displayName: 'Ama', authorName: 'Ama' });
    addSignIn('ama@example.test', 'Sunshine123', 'user-2', 'token-ama');
    const { user, router } = openApp('/library');
    expect(await screen.findByRole('heading', { name: 'The Moon Ranch' })).toBeTruthy();
    expect(await screen.findByText('Welcome back, Wren!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();

    const page = watchPage();
    await user.type(screen.getByLabelText('Email'), 'ama@example.test');
    await user.type(screen.getByLabelText('Password'), 'Sunshine123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, Ama!')).toBeTruthy();
    await router.navigate('/library');
    expect(await screen.findByRole('heading', { name: 'Your Library is Empty' })).toBeTruthy();
    page.stop();

    expect(page.seen.length).toBeGreaterThan(0);
    expect(page.seen.filter((text) => text.includes('Wren') || text.includes('The Moon Ranch'))).toEqual([]);
    // Ama's library came from the server, not from Wren's cache: two reads in all, Wren's and hers.
    expect(family.calls.filter((call) => call.path === '/api/library')).toHaveLength(2);
  });

  it('knows the library is full once a new story took its last place: Create a Story opens Library Full', async () => {
    fillLibrary(LIMITS.libraryCapacity - 1);
    // A draft the wizard stored (SPEC §3): straight to the last step.
    localStorage.setItem(
      'story-config',
      JSON.stringify({
        heroName: 'Maya',
        characterType: 'Explorer',
        storyType: 'Adventure',
        mission: 'Surprise',
        writingStyle: 'Surprise',
      }),
    );
    const { user, router } = openApp('/create/05');
    await user.click(await screen.findByRole('radio', { name: /Watercolor Dreams/ }));
    await user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
    expect(await screen.findByRole('heading', { name: 'Making Maya’s story…' })).toBeTruthy();
    expect(family.library).toHaveLength(LIMITS.libraryCapacity);
    // The profile is read again after the new story (the family may read a while before creating again).
    await waitFor(() =>
      expect(family.calls.findLastIndex((call) => call.path === '/api/me')).toBeGreaterThan(
        family.calls.findIndex((call) => call.method === 'POST' && call.path === '/api/stories'),
      ),
    );
    const before = router.state.location.pathname;

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Create a Story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Library Full' });
    expect(within(dialog).getByText(/10\/10/)).toBeTruthy();
    expect(router.state.location.pathname).toBe(before);
  });

  it('knows each child’s own library: switching child switches the count the create button checks', async () => {
    const tom = aChild({ name: 'Tom' });
    family.profile.children.push(tom);
    fillLibrary(LIMITS.libraryCapacity); // Wren's library (the first child's) is full; Tom's is empty
    const { user, router } = openApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Wren' }));
    expect(await screen.findByText('Welcome back, Wren!')).toBeTruthy();
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Create a Story' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Library Full' })).getByRole('button', { name: 'Cancel' }),
    );

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: "Who's reading tonight?" }),
    );
    await user.click(await screen.findByRole('button', { name: 'Tom' }));
    // Tom's name at once: the profile kept for the new child is Tom's, before it is read again.
    expect(await screen.findByText('Welcome back, Tom!')).toBeTruthy();
    await waitFor(() => expect(family.calls.filter((call) => call.path === '/api/me').at(-1)?.child).toBe(tom.id));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Create a Story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/01'));
    expect(screen.queryByRole('dialog', { name: 'Library Full' })).toBeNull();
  });
});
