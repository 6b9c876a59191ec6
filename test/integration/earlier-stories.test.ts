import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createLocalProvider } from '../../lambdas/workflow/providers/local.js';
import { foundingChild } from '../../lambdas/data/keys.js';
import type { StoryProvider, StoryRequest } from '../../lambdas/workflow/providers/types.js';
import { sentencesSaidOnce } from '../support/story-measures.js';
import { NEW_STORY, workflowHarness } from '../support/workflow.js';

/**
 * A child rereads their own library. The workflow's writing task reads the family's latest finished stories
 * and the stories in their library (saved from another family too) and gives them to the writer, which keeps a new story from saying any of their sentences again. These run
 * whole stories through the real definition, task handlers and table.
 */
const { stories, library, workflowWith, familyWithReservedStory } = workflowHarness(inject('stack'));
const local = createLocalProvider();

/** The local provider, keeping the requests it is given. */
function watching() {
  const requests: StoryRequest[] = [];
  const provider: StoryProvider = {
    ...local,
    writeStory: async (request, progress) => {
      requests.push(request);
      return local.writeStory(request, progress);
    },
  };
  return { provider, requests };
}

async function storyOf(storyId: string) {
  const story = await stories.get(storyId);
  if (story?.status !== 'ready') throw new Error(`Story ${storyId} is ${story?.status}`);
  return story;
}

/** The sentences a story's text says once, its hero read as HERO. */
const saidOnce = (story: { hero_name: string; content: string }) =>
  sentencesSaidOnce(story.content.split(/\n{2,}/), story.hero_name);

describe("a family's new story says nothing their library already says", { timeout: 60_000 }, () => {
  it('writes the same choices and seed twice into one library as two stories with no sentence or title in common', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    const { provider, requests } = watching();
    await workflowWith(provider).run({ job: { storyId, userId } });
    const secondId = randomUUID();
    await stories.createWithLibrarySlot({ ...NEW_STORY, id: secondId, created_by: userId });
    await workflowWith(provider).run({ job: { storyId: secondId, userId } });

    const [first, second] = await Promise.all([storyOf(storyId), storyOf(secondId)]);
    expect(requests.map((r) => r.earlierStories.length)).toEqual([0, 1]);
    expect(requests[1]?.earlierStories[0]).toEqual({
      heroName: first.hero_name,
      title: first.title,
      content: first.content,
    });
    expect(second.title).not.toBe(first.title);
    const heard = new Set(saidOnce(first));
    expect(saidOnce(second).filter((s) => heard.has(s))).toEqual([]);
  });

  it("leaves another family's stories out: the same choices and seed give that family the very same story", async () => {
    const one = await familyWithReservedStory();
    const other = await familyWithReservedStory();
    const { provider, requests } = watching();
    await workflowWith(provider).run({ job: { storyId: one.storyId, userId: one.userId } });
    await workflowWith(provider).run({ job: { storyId: other.storyId, userId: other.userId } });

    expect(requests.map((r) => r.earlierStories.length)).toEqual([0, 0]);
    const [a, b] = await Promise.all([storyOf(one.storyId), storyOf(other.storyId)]);
    expect(b.title).toBe(a.title);
    expect(b.content).toBe(a.content);
  });

  it("says nothing of a story the family saved from another family's library", async () => {
    const author = await familyWithReservedStory();
    const reader = await familyWithReservedStory();
    const { provider, requests } = watching();
    await workflowWith(provider).run({ job: { storyId: author.storyId, userId: author.userId } });
    expect(await library.save(foundingChild(reader.userId), author.storyId)).toBe(true);
    await workflowWith(provider).run({ job: { storyId: reader.storyId, userId: reader.userId } });

    const [saved, own] = await Promise.all([storyOf(author.storyId), storyOf(reader.storyId)]);
    expect(requests[1]?.earlierStories).toEqual([
      { heroName: saved.hero_name, title: saved.title, content: saved.content },
    ]);
    expect(own.title).not.toBe(saved.title);
    const heard = new Set(saidOnce(saved));
    expect(saidOnce(own).filter((s) => heard.has(s))).toEqual([]);
  });
});
