import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGE_BAND_HINT_KEY } from '#common/early-reads';
import { openApp } from './support/render-app';

/** The band a device remembers so that the next visit's early script asks for its configuration at once. */
describe('the age band remembered on this device', () => {
  it("is the family's band once the profile names it, and is forgotten on logout", async () => {
    const { user } = openApp('/home');
    await waitFor(() => expect(localStorage.getItem(AGE_BAND_HINT_KEY)).toBe('B'));

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem(AGE_BAND_HINT_KEY)).toBeNull());
  });
});
