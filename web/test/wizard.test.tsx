import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MESSAGES } from '#common/story-validation';
import { NAME_MESSAGES } from '#common/validation/hero-name';
import { family } from './support/fake-api';
import { openApp } from './support/render-app';

const NAME = "What is your Main Character's Name?";

/** SPEC §2-§5 create-story wizard (/create/01-05), through the real routes, against the fake API. */
describe('the create-story wizard', () => {
  it('walks the five steps to a new story, sending the choices made', async () => {
    const { user, router } = openApp('/create/01');

    await user.type(await screen.findByLabelText(NAME), 'Maya');
    await user.click(screen.getByRole('button', { name: "Let's Begin >" }));
    expect(await screen.findByRole('heading', { name: 'Who is Your Character?' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Explorer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'What Kind of Story?' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Adventure' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'What is the Mission?' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Surprise Me!' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Art Style' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Watercolor Dreams/ }));

    // The row of slots shows every choice made.
    for (const slot of ['Hero: Maya', 'Character: 🧭 Explorer', 'Story: 🗺️ Adventure', 'Mission: 🎁 Surprise Me!']) {
      expect(screen.getByRole('button', { name: `Go back to ${slot}` })).toBeTruthy();
    }

    await user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
    expect(await screen.findByRole('heading', { name: 'Making Maya’s story…' })).toBeTruthy();
    expect(router.state.location.pathname).toMatch(/^\/story\/[0-9a-f-]+$/);
    const [request] = family.storyRequests;
    expect(request).toMatchObject({
      heroName: 'Maya',
      characterType: 'Explorer',
      storyType: 'Adventure',
      mission: 'Surprise',
      artStyle: 'watercolor',
      generationMode: 'express',
    });
    expect(request?.writingStyle).toBeTruthy(); // step 4.5: picked from the band's mapping for Adventure
    expect(request?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(request).not.toHaveProperty('customCharacterDescription');
  });

  it('says what is wrong with the hero’s name after leaving the field, and keeps the next step shut', async () => {
    const { user } = openApp('/create/01');
    const name = await screen.findByLabelText(NAME);
    const begin = screen.getByRole('button', { name: "Let's Begin >" });
    expect(begin.hasAttribute('disabled')).toBe(true);

    await user.type(name, 'M');
    expect(screen.queryByRole('alert')).toBeNull(); // not while typing a first time
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe(NAME_MESSAGES.tooShort);
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, '4');
    expect(screen.getByRole('alert').textContent).toBe(NAME_MESSAGES.invalidCharacters);
    await user.clear(name);
    expect(screen.getByRole('alert').textContent).toBe(NAME_MESSAGES.required);
    await user.type(name, 'Mo');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(begin.hasAttribute('disabled')).toBe(false);
  });

  it('keeps each step’s own words to that step, and refuses a description that is too long', async () => {
    const { user } = openApp('/create/01');
    await user.type(await screen.findByLabelText(NAME), 'Maya');
    await user.click(screen.getByRole('button', { name: "Let's Begin >" }));

    const own = await screen.findByLabelText('Or describe your character in your own words (optional)');
    await user.type(own, 'a dragon who loves tea');
    expect(screen.getByText('22/80 characters')).toBeTruthy();
    // The description alone completes step 02 (SPEC §5).
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const special = await screen.findByLabelText('Anything special about the story? (optional)');
    expect((special as HTMLInputElement).value).toBe('');
    await user.type(special, 'x'.repeat(81));
    expect(screen.getByText(DESCRIPTION_MESSAGES.tooLong(80, 81))).toBeTruthy();
    expect(special.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'Mystery' }));
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);

    // What the storyteller understood of the family's words, and the words it did not, said plainly.
    await user.clear(special);
    await user.type(special, 'a floating library full of zorbly books');
    expect(screen.getByText('Your story will have a floating library and books.', { exact: false })).toBeTruthy();
    expect(screen.getByText(/We don't know the word “zorbly” yet, so it will be left out\./)).toBeTruthy();
    expect(special.getAttribute('aria-describedby')).toContain('custom-3-reading');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const back = await screen.findByLabelText('Or describe your character in your own words (optional)');
    expect((back as HTMLInputElement).value).toBe('a dragon who loves tea');
    expect(screen.getByRole('button', { name: 'Clear Character: ✍️ a dragon who loves tea' })).toBeTruthy();
  });

  it('keeps the choices over a reload, clears a slot on its own step, and starts afresh after reset', async () => {
    const first = openApp('/create/01');
    await first.user.type(await screen.findByLabelText(NAME), 'Maya');
    await first.user.click(screen.getByRole('button', { name: "Let's Begin >" }));
    await first.user.click(await screen.findByRole('radio', { name: 'Robot' }));
    first.unmount();

    // A reload: a new app, the same browser storage.
    const second = openApp('/create/02');
    expect(((await screen.findByRole('radio', { name: 'Robot' })) as HTMLInputElement).checked).toBe(true);
    await second.user.click(screen.getByRole('button', { name: 'Clear Character: 🤖 Robot' }));
    expect((screen.getByRole('radio', { name: 'Robot' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText('Character: not chosen yet')).toBeTruthy();
    second.unmount();

    // The profile's account deletion calls the wizard's reset().
    const { wizard } = await import('../src/routes/create/wizard');
    wizard.reset();
    openApp('/create/01');
    expect(((await screen.findByLabelText(NAME)) as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Hero: not chosen yet')).toBeTruthy();
  });

  it('keeps a draft stored before the rename (its hero under `characterName`), and sends it as `heroName`', async () => {
    // As the wizard stored it until this release (SPEC §3 wizard state).
    localStorage.setItem(
      'story-config',
      JSON.stringify({
        characterName: 'Zoë',
        characterType: 'Robot',
        storyType: 'Space',
        mission: 'Rescue',
        writingStyle: 'Surprise',
      }),
    );
    const { user } = openApp('/create/05');
    expect(await screen.findByRole('heading', { name: 'Choose Your Art Style' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back to Hero: Zoë' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Watercolor Dreams/ }));
    await user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
    expect(await screen.findByRole('heading', { name: 'Making Zoë’s story…' })).toBeTruthy();
    expect(family.storyRequests.at(-1)).toMatchObject({ heroName: 'Zoë', storyType: 'Space', mission: 'Rescue' });
    expect(family.storyRequests.at(-1)).not.toHaveProperty('characterName');
  });

  it('sends a family who skips ahead back to the first step not done', async () => {
    const { router } = openApp('/create/05');
    expect(await screen.findByLabelText(NAME)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create/01');
  });

  it('reads a busy API Gateway’s refusal (429, its own body) as "Too many requests", never "Something went wrong"', async () => {
    family.busy.add('POST /api/stories');
    const { user } = openApp('/create/01');
    await user.type(await screen.findByLabelText(NAME), 'Maya');
    await user.click(screen.getByRole('button', { name: "Let's Begin >" }));
    for (const [step, choice] of [
      ['Who is Your Character?', 'Explorer'],
      ['What Kind of Story?', 'Adventure'],
      ['What is the Mission?', 'Surprise Me!'],
    ] as const) {
      await screen.findByRole('heading', { name: step });
      await user.click(screen.getByRole('radio', { name: choice }));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    }
    await screen.findByRole('heading', { name: 'Choose Your Art Style' });
    await user.click(screen.getByRole('radio', { name: /Watercolor Dreams/ }));
    await user.click(screen.getByRole('button', { name: "Yes, let's go!" }));
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('button', { name: "Yes, let's go!" }).hasAttribute('disabled')).toBe(false);
  });
});
