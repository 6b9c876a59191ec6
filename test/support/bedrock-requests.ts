import type { PromptTemplate, StoryRequest } from '../../lambdas/workflow/providers/types.js';

/**
 * A band-B space rescue for Luna, as the workflow hands the Bedrock provider a story to write; the band and the
 * template are the caller's (each test keeps only the fields its prompts read).
 */
export function lunasStoryRequest(
  band: StoryRequest['band'],
  template: PromptTemplate,
  overrides: Partial<StoryRequest> = {},
): StoryRequest {
  return {
    storyId: 'story-1',
    heroName: 'Luna',
    characterType: 'Explorer',
    storyType: 'Space',
    mission: 'Rescue',
    narrativeStructure: 'overcoming-monster',
    themeId: 'brave-rescue',
    writingStyle: 'playful',
    artStyle: 'watercolor',
    ageBand: 'B',
    band,
    customDescriptions: {},
    template,
    seed: 42,
    attempt: 1,
    problems: [],
    earlierStories: [],
    ...overrides,
  };
}
