import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgeBandConfig } from '#common/age-band-config.js';
import { MISSION_MAPPING } from '#common/story-choices.js';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { DEFAULT_TEMPLATES } from '../../lambdas/data/default-templates.js';
import { bedrockClient } from '../../lambdas/workflow/providers/bedrock/client.js';
import { createBedrockProvider } from '../../lambdas/workflow/providers/bedrock/index.js';
import { ProviderError, type StoryRequest } from '../../lambdas/workflow/providers/types.js';
import { unfollowed, type Choices } from '../support/story-choices.js';

/**
 * A story written through the real Bedrock provider (its prompts, the SDK, ConverseStream with the
 * guardrail) by the twin follows every choice the family made: the twin reads the product's own prompt
 * as a model would, so a prompt that drops a choice gets a story that does not follow it.
 */

const FAMILIES: readonly Choices[] = [
  { band: 'B', heroName: 'Zara', characterType: 'Robot', storyType: 'Space', mission: 'Ranch' },
  { band: 'A', heroName: 'Tomás', characterType: 'Warrior', storyType: 'Epic', mission: 'Protect' },
  { band: 'B', heroName: 'Amara', characterType: 'Super Hero', storyType: 'Mystery', mission: 'Escape' },
  {
    band: 'A',
    heroName: 'Kenji',
    characterType: 'Creature',
    storyType: 'Magical',
    mission: 'Rescue',
    custom: { character: 'a small purple dragon who loves pancakes' },
    wished: ['purple dragon', 'pancakes'],
  },
  {
    band: 'B',
    heroName: 'Noor',
    characterType: 'Explorer',
    storyType: 'Adventure',
    mission: 'Treasure',
    custom: { storyType: 'pirates on the sea', mission: 'bring a present for Grandma' },
    wished: ['pirate', 'Grandma'],
  },
];

const requestOf = (choices: Choices, band: AgeBandConfig = AGE_BAND_CONFIGS[choices.band]): StoryRequest => {
  const { narrativeStructure, themeId } = MISSION_MAPPING[choices.mission];
  return {
    storyId: `story-${choices.heroName}`,
    heroName: choices.heroName,
    characterType: choices.characterType,
    storyType: choices.storyType,
    mission: choices.mission,
    narrativeStructure,
    themeId,
    writingStyle: Object.keys(band.styles)[0] ?? '',
    artStyle: 'watercolor',
    ageBand: choices.band,
    band,
    customDescriptions: choices.custom ?? {},
    template: { id: 'story', version: 1, ...DEFAULT_TEMPLATES.story_system },
    seed: 7,
    attempt: 1,
    problems: [],
    earlierStories: [],
  };
};

let twin: BedrockTwin;
beforeAll(async () => {
  twin = await startBedrockTwin();
});
afterAll(() => twin.stop());

const provider = () =>
  createBedrockProvider({
    client: bedrockClient({ region: 'us-west-2', endpoint: twin.url }),
    region: 'us-west-2',
    guardrail: { id: 'kidsafe', version: '1' },
    sleep: () => Promise.resolve(),
  });

describe('a story written on the Bedrock twin', () => {
  it.each(FAMILIES.map((family) => [`${family.characterType}, ${family.storyType}, ${family.mission}`, family]))(
    'follows every choice the family made (%s)',
    async (_name, family) => {
      const draft = await provider().writeStory(requestOf(family));
      expect(unfollowed(family, draft)).toEqual([]);
    },
  );

  it.each(['character_type', 'story_kind', 'mission'])(
    'does not follow a choice the prompt drops ({%s} taken out of the band’s seed)',
    async (placeholder) => {
      const missed = new Set<string>();
      for (const family of FAMILIES) {
        const band = AGE_BAND_CONFIGS[family.band];
        const seed = band.prompts.user_seed.replaceAll(`{${placeholder}}`, 'something');
        const dropped: AgeBandConfig = { ...band, prompts: { ...band.prompts, user_seed: seed } };
        const draft = await provider().writeStory(requestOf(family, dropped));
        for (const choice of unfollowed(family, draft)) missed.add(choice);
      }
      const expected = { character_type: 'hero', story_kind: 'kind of story', mission: 'mission' }[placeholder];
      expect([...missed]).toContain(expected);
    },
  );
});

describe('the Bedrock provider against the twin’s strict answers', () => {
  it('asks again for a streamed answer cut by a mid-stream exception, and the story is whole', async () => {
    twin.reset();
    twin.script({ converse: ['stream-model-error', 'stream-throttle'] });
    const draft = await provider().writeStory(requestOf(FAMILIES[0] as Choices));
    expect(unfollowed(FAMILIES[0] as Choices, draft)).toEqual([]);
    expect(twin.calls().map((call) => call.answer)).toEqual(['modelStreamErrorException', 'throttlingException', 'ok']);
  });

  it('fails a story whose answer the guardrail stops on its way out, as filtered, without asking again', async () => {
    twin.reset();
    twin.script({ converse: ['guardrail-output'] });
    const failure = await provider()
      .writeStory(requestOf(FAMILIES[1] as Choices))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: 'CONTENT_FILTERED' });
    expect(twin.calls().map((call) => call.answer)).toEqual(['guardrail_intervened']);
  });
});
