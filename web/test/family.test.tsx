import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aChild, family } from './support/fake-api';
import { openApp } from './support/render-app';

/** Issue 36 on the SPA's side: child profiles, "Who's reading tonight?" and "Grown-ups only". */
describe('a family with one child', () => {
  it('sees no picker and its screens as before', async () => {
    openApp('/home');
    expect(await screen.findByRole('heading', { name: 'Create Your Own Magical Story' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Who's reading tonight?" })).toBeNull();
    expect(screen.queryByRole('link', { name: "Who's reading tonight?" })).toBeNull();
    // Calls name no child: the server acts for the family's first child, as before child profiles.
    expect(family.calls.every((call) => call.child === '-')).toBe(true);
  });

  it('finds the profile behind "Grown-ups only": the password opens it, a wrong one does not', async () => {
    const { user } = openApp('/profile');
    expect(await screen.findByRole('heading', { name: /Grown-ups only/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Profile' })).toBeNull();

    await user.type(screen.getByLabelText('Account password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
    expect(screen.queryByRole('heading', { name: 'Your Profile' })).toBeNull();

    await user.type(screen.getByLabelText('Account password'), family.password);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeTruthy();
    const children = screen.getByRole('region', { name: 'Your children' });
    expect(within(children).getByRole('button', { name: 'Edit Wren' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Grown-up mode is on');

    // "Done" hands the device back: the profile is behind the gate again.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: /Grown-ups only/ })).toBeTruthy();
    expect(family.grants.size).toBe(0);
  });

  it('adds a second child behind the gate, sending the grant with the call', async () => {
    const { user } = openApp('/profile');
    await user.type(await screen.findByLabelText('Account password'), family.password);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Add a child' }));
    const form = screen.getByRole('form', { name: 'Add a child' });
    await user.type(within(form).getByLabelText('First name or nickname'), 'Lily');
    await user.click(within(form).getByRole('radio', { name: 'Little Storytellers (5-7)' }));
    await user.click(within(form).getByRole('radio', { name: 'Unicorn' }));
    await user.click(within(form).getByRole('button', { name: 'Add a child' }));

    expect(await screen.findByText('Lily is added')).toBeTruthy();
    expect(family.profile.children.map((child) => [child.name, child.ageBand, child.emoji])).toEqual([
      ['Wren', 'B', '⭐'],
      ['Lily', 'A', '🦄'],
    ]);
    const added = family.calls.find((call) => call.method === 'POST' && call.path === '/api/children');
    expect(added?.grant).not.toBe('-');
  });
});

describe('a family with two children', () => {
  it("asks who's reading tonight, then names that child in every call; the menu switches child", async () => {
    const tom = aChild({ name: 'Tom' });
    family.profile.children.push(tom);
    const { user, router } = openApp('/library');

    expect(await screen.findByRole('heading', { name: "Who's reading tonight?" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tom' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(await screen.findByRole('heading', { name: 'Your Saved Stories' })).toBeTruthy();
    await waitFor(() => expect(family.calls.filter((call) => call.path === '/api/library').at(-1)?.child).toBe(tom.id));
    expect(await screen.findByText('Welcome back, Tom!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: "Who's reading tonight?" }),
    );
    await user.click(await screen.findByRole('button', { name: 'Wren' }));
    await waitFor(() => expect(screen.getByText('Welcome back, Wren!')).toBeTruthy());
    expect(family.calls.filter((call) => call.path === '/api/me').at(-1)?.child).toBe('user-1');
  });
});
