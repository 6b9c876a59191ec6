import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPES, MISSION_MAPPING } from '#common/story-choices.js';
import { startBedrockTwin, type BedrockTwin } from '../../bin/local/bedrock-twin/server.js';
import { STORY_CHARACTERS, STORY_COST, STORY_GUARDRAIL_UNITS } from '../../lambdas/data/capacity/sizing.js';
import { DEFAULT_TEMPLATES } from '../../lambdas/data/default-templates.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { bedrockClient } from '../../lambdas/workflow/providers/bedrock/client.js';
import { createBedrockProvider } from '../../lambdas/workflow/providers/bedrock/index.js';
import type { StoryRequest } from '../../lambdas/workflow/providers/types.js';

/**
 * The capacity gate's cost of a story in guardrail text units, against what a story really spends: written
 * through the real Bedrock provider (ConverseStream with the guardrail, then the scenes call) on the twin,
 * which charges each check as Bedrock counts it (common/models/quotas.ts).
 */
let twin: BedrockTwin;
beforeAll(async () => {
  twin = await startBedrockTwin();
});
afterAll(() => twin.stop());

const band = AGE_BAND_CONFIGS.B;
const request: StoryRequest = {
  storyId: 'story-sizing',
  heroName: 'Zara',
  characterType: 'Robot',
  storyType: 'Space',
  mission: 'Ranch',
  ...MISSION_MAPPING.Ranch,
  writingStyle: Object.keys(band.styles)[0] ?? '',
  artStyle: 'watercolor',
  ageBand: 'B',
  band,
  customDescriptions: {},
  template: { id: 'story', version: 1, ...DEFAULT_TEMPLATES.story_system },
  seed: 7,
  attempt: 1,
  problems: [],
  earlierStories: [],
};

describe('what a story costs the guardrail', () => {
  it('counts the story call, half a rewrite and the scenes call, whose check reads the story sent back', async () => {
    const provider = createBedrockProvider({
      client: bedrockClient({ region: 'us-west-2', endpoint: twin.url }),
      region: 'us-west-2',
      guardrail: { id: 'kidsafe', version: '1' },
      sleep: () => Promise.resolve(),
    });
    twin.reset();
    const draft = await provider.writeStory(request);
    const characters = [draft.title, ...draft.paragraphs].join('\n\n').length;
    // The story the sizing assumes (a band B story of about 800 words).
    expect(Math.abs(characters - STORY_CHARACTERS) / STORY_CHARACTERS).toBeLessThan(0.1);
    await provider.describeScenes?.({
      storyId: request.storyId,
      title: draft.title,
      paragraphs: draft.paragraphs,
      types: IMAGE_TYPES.filter((type) => !draft.scenes[type]),
      band,
      template: request.template,
    });
    const [story, scenes, ...more] = twin.calls();
    expect(more).toEqual([]);
    expect([story?.operation, scenes?.operation]).toEqual(['converseStream', 'converse']);
    const storyUnits = story?.guardrailUnits ?? 0;
    const sceneUnits = scenes?.guardrailUnits ?? 0;
    // The scenes call's check reads the whole story again: at least a unit per 1,000 characters of it.
    expect(sceneUnits).toBeGreaterThanOrEqual(Math.ceil(characters / 1000));
    expect(STORY_GUARDRAIL_UNITS.scenesCall).toBeGreaterThanOrEqual(sceneUnits);
    // A story and half a rewrite, in proportion to the story the sizing assumes, within a tenth.
    const spent =
      ((storyUnits * (1 + STORY_GUARDRAIL_UNITS.rewriteShare) + sceneUnits) * STORY_CHARACTERS) / characters;
    expect(STORY_COST.guardrailTextUnits).toBeGreaterThanOrEqual(spent);
    expect(STORY_COST.guardrailTextUnits).toBeLessThan(spent * 1.1);
  });
});
