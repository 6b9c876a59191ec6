import { S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createLocalWorkflow } from '../../bin/local/workflow-runner.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/shared/age-band-configs.js';
import { storyRepository } from '../../lambdas/shared/repositories/stories.js';
import { templateRepository } from '../../lambdas/shared/repositories/templates.js';
import { createLocalProvider } from '../../lambdas/workflow/providers/local/index.js';
import { ProviderError, type StoryProvider } from '../../lambdas/workflow/providers/types.js';
import { createTaskHandlers, createWorkflowHandler, FAILURE_MESSAGES } from '../../lambdas/workflow/tasks.js';
import { signUp } from '../support/accounts.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const stories = storyRepository(table.documents, stack.tableName);
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: stack.s3Endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

/** The real definition and task handlers against the real table, with a provider we can make misbehave. */
function workflowWith(provider: StoryProvider) {
  const handler = createWorkflowHandler(
    createTaskHandlers({
      stories,
      templates: templateRepository(table.documents, stack.tableName),
      provider,
      bands: AGE_BAND_CONFIGS,
      s3,
      mediaBucket: stack.mediaBucket,
    }),
  );
  return createLocalWorkflow(handler);
}

async function familyWithReservedStory() {
  const account = await signUp(stack, { displayName: 'Fail Safe' });
  const userId = String(decodePayload(account.accessToken).sub);
  const storyId = randomUUID();
  await stories.createWithLibrarySlot({
    id: storyId,
    hero_name: 'Maya',
    character_type: 'Robot',
    story_type: 'Space',
    mission: 'Rescue',
    theme_id: 'brave-rescue',
    narrative_structure: 'overcoming-monster',
    writing_style: Object.keys(AGE_BAND_CONFIGS.B.styles)[0] ?? '',
    art_style: 'comic-book',
    generation_mode: 'express',
    age_band: 'B',
    age_range: '8-10',
    created_by: userId,
    seed: 42,
  });
  expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(1);
  return { userId, storyId };
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

  it('a content-filtered picture fails the story with the filtered message, and a re-run frees nothing twice', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    const filtered: StoryProvider = {
      ...local,
      name: 'local',
      writeStory: (request) => local.writeStory(request),
      drawIllustration: async () => {
        throw new ProviderError('filtered twice', 'CONTENT_FILTERED');
      },
    };
    await expect(workflowWith(filtered).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.filtered });
    // A second MarkFailed (a retried task) must not push the count below the truth.
    await stories.markFailed(storyId, userId, 'again');
    expect((await table.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
  });
});
