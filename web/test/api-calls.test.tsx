import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStory, family, saveStories } from './support/fake-api';
import { openApp } from './support/render-app';

/**
 * The API calls each screen makes, counted at the fake server: the profile is read once per cache and then
 * kept (api/profile.ts), so a screen asks for its own data and no more. Before the profile moved into the
 * query cache: /library 3 calls (the profile twice), a name change 2 (PATCH, then the profile again).
 */
const calls = () => family.calls.map((call) => `${call.method} ${call.path.replace(/[0-9a-f-]{36}/, '{id}')}`);
/** Lets any call a screen would make after drawing reach the fake server before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('API calls per screen', () => {
  it('home: the profile and the featured stories', async () => {
    openApp('/home');
    expect(await screen.findByText('Welcome back, Wren!')).toBeTruthy();
    await settle();
    expect(calls()).toEqual(['GET /api/me', 'GET /api/featured']);
  });

  it('library: the profile and the list (its count kept in the profile); removing: the call, the list, the profile', async () => {
    saveStories(aStory({ title: 'The Moon Ranch' }), aStory({ title: 'Pip and the Robot', isCreator: false }));
    const { user } = openApp('/library');
    expect(await screen.findByRole('heading', { name: 'Pip and the Robot' })).toBeTruthy();
    expect(await screen.findByText('Welcome back, Wren!')).toBeTruthy();
    await settle();
    expect(calls()).toEqual(['GET /api/me', 'GET /api/library']);

    family.calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Remove Pip and the Robot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from your library?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from library')).toBeTruthy();
    await settle();
    expect(calls().sort()).toEqual(['DELETE /api/library/{id}', 'GET /api/library', 'GET /api/me']);
  });

  it('story page: the profile and the story; Save: the call and the profile (its count)', async () => {
    const story = aStory({ isCreator: false });
    family.stories.set(story.id, story);
    const { user } = openApp(`/story/${story.id}`);
    expect(await screen.findByText('~ The End ~')).toBeTruthy();
    await settle();
    expect(calls()).toEqual(['GET /api/me', 'GET /api/stories/{id}']);

    family.calls.length = 0;
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Saved to library!')).toBeTruthy();
    await settle();
    expect(calls()).toEqual(['PUT /api/library/{id}', 'GET /api/me']);
  });

  it('profile: the profile, the unlock and "Waiting for you"; a name change is one call, the greeting takes its answer', async () => {
    const { user } = openApp('/profile');
    await user.type(await screen.findByLabelText('Account password'), family.password);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const name = await screen.findByLabelText('Display name');
    await settle();
    expect(calls()).toEqual(['GET /api/me', 'POST /api/grown-up/unlock', 'GET /api/approvals']);
    family.calls.length = 0;
    await user.clear(name);
    await user.type(name, 'Robin');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(await screen.findByText('Welcome back, Robin!')).toBeTruthy();
    await settle();
    expect(calls()).toEqual(['PATCH /api/me']);
  });
});
