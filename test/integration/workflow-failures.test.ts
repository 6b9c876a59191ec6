import { describe, expect, inject, it } from 'vitest';
import { createLocalProvider } from '../../lambdas/workflow/providers/local/index.js';
import { ProviderError, type StoryProvider } from '../../lambdas/workflow/providers/types.js';
import { FAILURE_MESSAGES } from '../../lambdas/workflow/tasks.js';
import { workflowHarness } from '../support/workflow.js';

const { table, stories, workflowWith, familyWithReservedStory: reserveStory } = workflowHarness(inject('stack'));

async function familyWithReservedStory() {
  const reserved = await reserveStory();
  expect((await table.get({ PK: `USER#${reserved.userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  return reserved;
}

const local = createLocalProvider();

describe('generation failures free the library slot and lose nothing', () => {
  it('a provider that keeps failing: the story is marked failed and its slot released', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let calls = 0;
    const failing: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: async () => {
        calls++;
        throw new Error('model unavailable');
      },
    };
    await expect(workflowWith(failing).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(calls).toBe(4); // first try and three retries, as the definition says
    const story = await stories.get(storyId);
    expect(story).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.generic });
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
    expect(await table.countLibrary(userId)).toBe(0);
  });

  it('a story that never passes the band’s checks is rewritten, then fails with a kind message', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let attempts = 0;
    const tooShort: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: async () => {
        attempts++;
        return { title: 'Tiny', excerpt: 'Tiny.', paragraphs: ['Maya smiled.'], scenes: {} };
      },
    };
    await expect(workflowWith(tooShort).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(attempts).toBe(3);
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.rejected });
    expect(await table.countLibrary(userId)).toBe(0);
  });

  it('a content-filtered cover is not retried and leaves a readable story without a cover', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    let paints = 0;
    const filtered: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: (request) => local.writeStory(request),
      drawIllustration: async () => {
        paints++;
        throw new ProviderError('filtered twice', 'CONTENT_FILTERED');
      },
    };
    await workflowWith(filtered).run({ job: { storyId, userId } });
    expect(paints).toBe(1);
    const story = await stories.getWithImages(storyId);
    expect(story?.story).toMatchObject({ status: 'ready' });
    expect(story?.images).toEqual([]);
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  });
});
