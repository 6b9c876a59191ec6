import { describe, expect, it } from 'vitest';
import { FAMILY_VOCABULARY, readFamilyWords } from '#common/family-words.js';
import { validateStory } from '#common/story-validation.js';
import { FAMILY_READING, storyUserTurn } from '../../lambdas/workflow/providers/bedrock/prompts.js';
import { writeStory } from '../../storyteller/story-writer.js';
import { KNOWN_WORDS, readErrand } from '../../storyteller/traits.js';
import { BANDS, storyRequest, type StoryChoices } from '../support/story-measures.js';

/**
 * The family's own words for the kind of story and the mission (issue 37): read into a place, things,
 * creatures, weather and a goal, in the story on both providers, and the words not understood named.
 */
const ISSUE = {
  library: 'a floating library full of talking books',
  pirates: 'pirates on a snowy island',
  ducks: 'keep the baby ducks safe from the storm',
  present: 'find grandma a birthday present',
};

const base: StoryChoices = {
  band: 'A',
  heroName: 'Mia',
  characterType: 'Explorer',
  storyType: 'Adventure',
  mission: 'Protect',
  styleIndex: 0,
  seed: 7,
};

describe("the family's own words in the plot", () => {
  it('reads places, things, creatures, weather, goals and who is helped', () => {
    expect(readFamilyWords(ISSUE.library)).toMatchObject({
      place: { phrase: 'a floating library', word: 'library' },
      things: ['talking books'],
      notUnderstood: [],
    });
    expect(readFamilyWords(ISSUE.pirates)).toMatchObject({
      place: { phrase: 'a snowy island' },
      creatures: ['pirates'],
      weather: 'snowy',
    });
    expect(readFamilyWords(ISSUE.ducks).goal).toEqual({
      verb: 'protect',
      what: 'the baby ducks',
      plural: true,
      from: 'storm',
    });
    expect(readFamilyWords(ISSUE.present).goal).toEqual({
      verb: 'find',
      what: 'a birthday present',
      plural: false,
      forWhom: 'Grandma',
    });
    // One list of people for the goal and the local storyteller's errand (issue 37): "the baby" is someone a
    // mission is for, but not in "the baby ducks", where it says which ducks.
    expect(readFamilyWords('find a teddy for the baby').goal?.forWhom).toBe('the baby');
    expect(readErrand('find a teddy for the baby').person).toBe('the baby');
    expect(readErrand('find the baby ducks for grandma').person).toBe('Grandma');
    expect(readErrand('bake a cake for the queen').person).toBe('the queen');
    // A word it does not know is named, not dropped in silence; look-alike letters are not a word it knows.
    expect(readFamilyWords('a quidditch match in a castle').notUnderstood).toEqual(['quidditch', 'match']);
    expect(readFamilyWords('a flоating library').notUnderstood).toContain('fl');
  });

  it('puts them in the local story, in both bands, as the world and the mission', () => {
    for (const band of ['A', 'B'] as const) {
      const library = writeStory(
        storyRequest({ ...base, band, custom: { storyType: ISSUE.library, mission: ISSUE.present } }),
      );
      const text = library.paragraphs.join(' ');
      expect(text).toContain('floating library');
      expect(text).toContain('talking books');
      expect(text).toMatch(/birthday present for Grandma/);
      expect(library.title).toContain('Birthday Present');
      expect(validateStory(library, BANDS[band]).problems).toEqual([]);

      const ducks = writeStory(
        storyRequest({ ...base, band, custom: { storyType: ISSUE.pirates, mission: ISSUE.ducks } }),
      );
      const told = ducks.paragraphs.join(' ');
      expect(told).toMatch(/pirate/);
      expect(told).toContain('snowy island');
      expect(told).toMatch(/the baby ducks (were|are) safe|kept the baby ducks safe/);
      expect(told).toMatch(/storm/);
      expect(validateStory(ducks, BANDS[band]).problems).toEqual([]);
    }
  });

  it('tells Bedrock the same reading, inside the family fence', () => {
    const request = storyRequest({ ...base, custom: { storyType: ISSUE.library, mission: ISSUE.present } });
    const turn = storyUserTurn(request, request.band, 'cover');
    expect(turn.family).toContain(
      `${FAMILY_READING}: place: a floating library; things: talking books, birthday present; goal: find a birthday present for Grandma`,
    );
    expect(turn.family).toMatch(/^<family_input>[\s\S]*<\/family_input>$/);
    expect(turn.instructions).toContain(`"${FAMILY_READING}" line`);
  });

  it('lets no word of the reader reach a story that the property test does not know', () => {
    for (const word of FAMILY_VOCABULARY) expect(KNOWN_WORDS.has(word), word).toBe(true);
  });
});
