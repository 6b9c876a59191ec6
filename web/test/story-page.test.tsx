import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { aStory, family, saveStories } from './support/fake-api';
import { openApp } from './support/render-app';

/** SPEC §2 story page, through the real route, against the fake API. */
describe('the story page', () => {
  it('shows the progress while the story is being written, then the story by itself', async () => {
    const story = aStory({
      status: 'generating',
      progress: 'writing',
      heroName: 'Maya',
      writing: { attempt: 1, paragraphs: 5, expectedParagraphs: 9 },
      // A streamed story's cover paints while the text is still being written.
      imageJobs: [{ id: 'cover', imageType: 'cover', status: 'pending', replaces: null, error: null, queue: null }],
    });
    saveStories(story);
    family.readsUntilReady = 1;
    openApp(`/story/${story.id}`);

    expect(await screen.findByRole('heading', { name: 'Making Maya’s story…' })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Story progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Writing your story: paragraph 5 of about 9 (in progress)',
      '2Checking every page',
      '🎨Painting the cover (in progress)',
    ]);
    // Announced politely once per phase: the paragraph count is shown, not read out at every change.
    const live = screen.getByText('Writing your story. Painting the cover');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('This page updates by itself. You can stay here or come back later.')).toBeTruthy();

    // The page polls (every 1.5 s) until the story is ready, then shows it.
    expect(await screen.findByText('~ The End ~', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Maya and the Hidden Map' })).toBeTruthy();
    expect(screen.getByText('Maya packed her compass and set off at dawn.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Making Maya’s story…' })).toBeNull();
  });

  it('says when the story is being rewritten, and never shows more paragraphs expected than written', async () => {
    const story = aStory({
      status: 'generating',
      progress: 'writing',
      heroName: 'Maya',
      writing: { attempt: 2, paragraphs: 11, expectedParagraphs: 9 },
    });
    saveStories(story);
    family.readsUntilReady = 5;
    openApp(`/story/${story.id}`);
    expect(await screen.findByText(': paragraph 11 of about 11')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Story progress' }).textContent).toContain('Rewriting your story');
    expect(screen.queryByText('Painting the cover')).toBeNull();
  });

  it('shows each picture right-sized: WebP variants by srcset and sizes, its shape held by width and height', async () => {
    const variant = (id: string, width: number) => ({
      url: `/media/stories/s/${id}.w${width}.webp`,
      width,
      height: width,
      type: 'image/webp',
    });
    const story = aStory({
      images: [
        {
          id: 'c1',
          imageType: 'cover',
          imageUrl: '/media/stories/s/c1.png',
          thumbnailUrl: '/media/stories/s/c1.thumb.jpg',
          width: 1024,
          height: 1024,
          variants: [variant('c1', 480), variant('c1', 960)],
          createdAt: '2026-11-01T10:00:01.000Z',
        },
        // A picture stored before variants were made: shown as it is.
        {
          id: 'e1',
          imageType: 'early-scene',
          imageUrl: '/media/stories/s/e1.png',
          thumbnailUrl: '/media/stories/s/e1.thumb.jpg',
          width: null,
          height: null,
          variants: [],
          createdAt: '2026-11-01T10:00:02.000Z',
        },
      ],
    });
    saveStories(story);
    openApp(`/story/${story.id}`);

    const cover = (await screen.findByRole('img', { name: /^Hero Image of/ })) as HTMLImageElement;
    expect(cover.getAttribute('srcset')).toBe('/media/stories/s/c1.w480.webp 480w, /media/stories/s/c1.w960.webp 960w');
    expect(cover.getAttribute('sizes')).toBe('(min-width: 48rem) 46rem, 100vw');
    expect(cover.getAttribute('src')).toBe('/media/stories/s/c1.w960.webp');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['1024', '1024']);

    const older = screen.getByRole('img', { name: /^Early Scene of/ });
    expect(older.getAttribute('src')).toBe('/media/stories/s/e1.png');
    expect(older.hasAttribute('srcset')).toBe(false);
    expect(older.hasAttribute('width')).toBe(false);
  });

  it('announces the story the wizard asked for once it is ready', async () => {
    const story = aStory({ status: 'generating', progress: 'writing' });
    saveStories(story);
    family.readsUntilReady = 1;
    const { router } = openApp('/home');
    await router.navigate(`/story/${story.id}`, { state: { fromWizard: true } });

    expect(await screen.findByText('Story Created! ✨', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Your magical story is ready!')).toBeTruthy();
  });

  it('saves the story to the library: the button is pressed and says Saved', async () => {
    const story = aStory({ isCreator: false });
    family.stories.set(story.id, story); // readable, not in the library
    const { user } = openApp(`/story/${story.id}`);

    const save = await screen.findByRole('button', { name: /Save/ });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    await user.click(save);

    expect(await screen.findByText('Saved to library!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Saved/ }).getAttribute('aria-pressed')).toBe('true');
    expect(family.library).toEqual([story.id]);

    // Saved takes it out again (not the family's own story: no dialog).
    await user.click(screen.getByRole('button', { name: /Saved/ }));
    expect(await screen.findByText('Removed from library')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Save/ }).getAttribute('aria-pressed')).toBe('false');
    expect(family.library).toEqual([]);
  });

  it('opens the Library Full dialog when the library already holds 10 stories', async () => {
    saveStories(...Array.from({ length: LIMITS.libraryCapacity }, () => aStory()));
    const story = aStory({ isCreator: false });
    family.stories.set(story.id, story);
    const { user } = openApp(`/story/${story.id}`);

    await user.click(await screen.findByRole('button', { name: /Save/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Library Full' });
    expect(within(dialog).getByText('You have 10/10 stories in your library.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Save/, hidden: true }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says when saving fails, with the SPEC’s words', async () => {
    const story = aStory({ isCreator: false });
    family.stories.set(story.id, story);
    family.failing.add(`PUT /api/library/${story.id}`);
    const { user } = openApp(`/story/${story.id}`);

    await user.click(await screen.findByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Failed to update library')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Save/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says a story that is not there is not found', async () => {
    openApp('/story/no-such-story');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Story not found or unavailable in the new format' }),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'My Library' })).toBeTruthy();
  });

  it('says when the story could not be made, and offers to try again', async () => {
    const story = aStory({ status: 'failed', failureReason: 'The storyteller is resting. Please try again.' });
    saveStories(story);
    openApp(`/story/${story.id}`);
    expect(await screen.findByRole('heading', { name: 'Story Generation Failed' })).toBeTruthy();
    expect(screen.getByText('The storyteller is resting. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/create/05');
  });
});

describe('the story page at a busy hour', () => {
  it('says where a waiting story stands in line and about how long, and moves up as the line does', async () => {
    const story = aStory({
      status: 'generating',
      progress: 'queued',
      heroName: 'Maya',
      queue: { position: 3, etaSeconds: 20 },
    });
    saveStories(story);
    family.readsUntilReady = 3;
    openApp(`/story/${story.id}`);
    // The place and the wait, read together (the status poll moves them on: no whole story is read for it).
    const place = (text: string) =>
      screen.findByText(
        (_, element) => element?.className === 'story-progress__line' && element.textContent === text,
        {},
        { timeout: 8000 },
      );
    expect(await place("You're number 2 in lineless than a minute")).toBeTruthy();
    expect(screen.getByText('Waiting in line').getAttribute('aria-live')).toBe('polite');
    expect(await place("You're number 1 in lineless than a minute")).toBeTruthy();
    expect(await screen.findByText('~ The End ~', {}, { timeout: 15000 })).toBeTruthy();
  });

  it('says where a cover waiting for the painter stands, on the finished story', async () => {
    const story = aStory({
      imageJobs: [
        {
          id: 'cover',
          imageType: 'cover',
          status: 'pending',
          replaces: null,
          error: null,
          queue: { position: 12, etaSeconds: 610 },
        },
      ],
    });
    saveStories(story);
    openApp(`/story/${story.id}`);
    expect(await screen.findByText("You're number 12 in line")).toBeTruthy();
    expect(screen.getByText('about 10 min')).toBeTruthy();
  });

  it('says under a picture which words of the family’s picture wish it could not draw (issue 37)', async () => {
    const picture = (id: string, imageType: string, notDrawn?: string[]) => ({
      id,
      imageType,
      imageUrl: `/media/stories/s/${id}.svg`,
      thumbnailUrl: `/media/stories/s/${id}.svg`,
      width: 896,
      height: 896,
      variants: [],
      createdAt: '2026-11-01T10:00:01.000Z',
      ...(notDrawn ? { notDrawn } : {}),
    });
    const story = aStory({
      images: [
        picture('c1', 'cover'),
        picture('e1', 'early-scene', ['rainbow', 'hat']),
        picture('m1', 'mid-scene', ['zqblorp']),
      ],
    });
    saveStories(story);
    openApp(`/story/${story.id}`);

    const early = (await screen.findByRole('img', { name: /^Early Scene of/ })).closest('figure') as HTMLElement;
    expect(
      within(early).getByText(
        'This picture leaves out “rainbow” and “hat” from your wish: our illustrator could not draw them.',
      ),
    ).toBeTruthy();
    const mid = screen.getByRole('img', { name: /^Mid Scene of/ }).closest('figure') as HTMLElement;
    expect(
      within(mid).getByText('This picture leaves out “zqblorp” from your wish: our illustrator could not draw it.'),
    ).toBeTruthy();
    // A picture that shows the whole wish, or had none, says nothing more.
    const cover = screen.getByRole('img', { name: /^Hero Image of/ }).closest('figure') as HTMLElement;
    expect(within(cover).queryByText(/leaves out/)).toBeNull();
  });
});
