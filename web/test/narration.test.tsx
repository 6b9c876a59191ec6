import { describe, expect, it } from 'vitest';
import { storyWords } from '#common/narration';
import { storyParagraphs } from '#common/story-layout';
import { wordAt } from '../src/narration/useNarration';
import { locateWord } from '../src/narration/word-highlight';

const content = 'Zoë met a **brave** dragon.\n\n"Hello!" said the   dragon — and smiled.';

/** The story page's markup of the paragraphs, as StoryReader renders them. */
function storyText() {
  const container = document.createElement('div');
  for (const paragraph of storyParagraphs(content)) {
    const block = document.createElement('div');
    const p = document.createElement('p');
    p.textContent = paragraph;
    block.append(p);
    container.append(block);
  }
  document.body.append(container);
  return container;
}

describe('"Read to me" in the page', () => {
  it('lights the word the narration counts: word n of the story is word n on the screen', () => {
    const container = storyText();
    const source = {
      container: () => container,
      paragraphs: (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('p')],
    };
    const paragraphs = storyParagraphs(content);
    storyWords(content).forEach((word, index) => {
      expect(locateWord(source, index)?.range.toString()).toBe(paragraphs[word.paragraph]?.slice(word.from, word.to));
    });
    expect(locateWord(source, storyWords(content).length)).toBeUndefined();
  });

  it("follows the sound: the word whose time has come, from the part's first word", () => {
    const part = { firstWord: 40, times: [0, 300, 300, 900, 1400] };
    expect(wordAt(part, 0)).toBe(40);
    expect(wordAt(part, 299)).toBe(40);
    expect(wordAt(part, 300)).toBe(42);
    expect(wordAt(part, 1000)).toBe(43);
    expect(wordAt(part, 99_999)).toBe(44);
  });
});
