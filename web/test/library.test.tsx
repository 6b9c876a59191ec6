import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { aStory, family, saveStories } from './support/fake-api';
import { openApp } from './support/render-app';

/** SPEC §2 My Library, through the real route, against the fake API. */
describe('My Library', () => {
  it('lists the saved stories, newest saved first, with the count out of 10', async () => {
    saveStories(aStory({ title: 'The Moon Ranch' }), aStory({ title: 'Pip and the Robot' }));
    openApp('/library');

    const list = await screen.findByRole('list', { name: 'Saved stories' });
    const titles = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['The Moon Ranch', 'Pip and the Robot']);
    expect(screen.getByText('2/10')).toBeTruthy();
    expect(screen.queryByText('Library Full')).toBeNull();
  });

  it('says the library is empty and offers to create the first story', async () => {
    openApp('/library');
    expect(await screen.findByRole('heading', { name: 'Your Library is Empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Story' })).toBeTruthy();
  });

  it('removes a saved story after the dialog, and the card leaves the list', async () => {
    const other = aStory({ title: 'Pip and the Robot', isCreator: false });
    saveStories(aStory({ title: 'The Moon Ranch' }), other);
    const { user } = openApp('/library');

    await user.click(await screen.findByRole('button', { name: 'Remove Pip and the Robot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from your library?' }); // loads on opening
    expect(within(dialog).getByText(/will be removed from your library/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Removed from library')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Saved stories' });
    expect(within(list).queryByText('Pip and the Robot')).toBeNull();
    expect(screen.getByText('1/10')).toBeTruthy();
    expect(family.library).not.toContain(other.id);
  });

  it('warns that removing the family’s own story deletes it, and Cancel keeps it', async () => {
    saveStories(aStory({ title: 'The Moon Ranch', isCreator: true }));
    const { user } = openApp('/library');

    await user.click(await screen.findByRole('button', { name: 'Remove The Moon Ranch' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this story for good?' });
    expect(within(dialog).getByText('Deleted stories cannot be recovered')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'The Moon Ranch' })).toBeTruthy();
    expect(family.library).toHaveLength(1);
  });

  it('shows the Library Full message at 10 stories, which can be dismissed', async () => {
    saveStories(...Array.from({ length: LIMITS.libraryCapacity }, (_, n) => aStory({ title: `Story ${n + 1}` })));
    const { user } = openApp('/library');

    expect(await screen.findByText('Library Full')).toBeTruthy();
    expect(
      screen.getByText(
        "You have 10/10 stories in your library. To create a new story, you'll need to delete at least one existing story from your library first.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('FULL')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss Library Full message' }));
    expect(screen.queryByText('Library Full')).toBeNull();
  });

  it('says so when the library cannot be read, and Try Again reads it again', async () => {
    saveStories(aStory({ title: 'The Moon Ranch' }));
    family.failing.add('GET /api/library');
    const { user } = openApp('/library');

    expect(await screen.findByRole('heading', { name: 'Failed to load library' })).toBeTruthy();
    // The toast too (its library loads with the first toast).
    await waitFor(() => expect(screen.getAllByText('Failed to load library').length).toBeGreaterThan(1));
    family.failing.clear();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'The Moon Ranch' })).toBeTruthy();
  });
});
