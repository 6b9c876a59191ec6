import { describe, expect, it } from 'vitest';
import { universeName } from '#common/story-universe.js';
import { storyTitle } from '../../web/src/story/story-title.js';

describe('how a story is named on screen (issue 15, finding 4)', () => {
  it('reads a universe by its name, whatever slug an admin typed', () => {
    expect(universeName('guardian-ranch')).toBe('Guardian Ranch');
    expect(universeName(' Guardian-Ranch ')).toBe('Guardian Ranch');
    expect(universeName('moon_base alpha')).toBe('Moon Base Alpha');
  });

  it('gives an untitled story a title: the hero’s story, else an untitled one', () => {
    expect(storyTitle({ title: 'Pip and the Moon', heroName: 'Pip' })).toBe('Pip and the Moon');
    expect(storyTitle({ title: '   ', heroName: 'Pip' })).toBe('Pip’s story');
    expect(storyTitle({ title: '', heroName: '' })).toBe('Untitled story');
    expect(storyTitle({ title: '' })).toBe('Untitled story');
  });
});
