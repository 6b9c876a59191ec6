import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startLocalStack } from '../../bin/local/stack.js';
import { createLocalWorkflow, loadDefinition } from '../../bin/local/workflow-runner.js';
import { storyRepository } from '../../lambdas/data/repositories/stories.js';
import { createLocalProvider } from '../../lambdas/workflow/providers/local.js';
import type { StoryProvider } from '../../lambdas/workflow/providers/types.js';
import {
  COVER_JOB_ID,
  createWorkflowHandler,
  FAILURE_MESSAGES,
  IMAGE_FAILURE_MESSAGES,
  STALE_GENERATION_MINUTES,
} from '../../lambdas/workflow/tasks.js';
import { apiClient, storyChoices } from '../support/api.js';
import { signUp } from '../support/accounts.js';
import { DYNAMODB_THROTTLE, startFaultProxy } from '../support/fault-proxy.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';
import { NEW_STORY, workflowHarness } from '../support/workflow.js';

const stack = inject('stack');
const { table, stories, tasksWith, workflowWith, familyWithReservedStory } = workflowHarness(stack);
const local = createLocalProvider();
const profileOf = async (userId: string) => table.get({ PK: `USER#${userId}`, SK: 'PROFILE' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the workflow against a misbehaving provider', () => {
  it('a provider that never answers: the state times out, the story fails and frees its slot', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    const hanging: StoryProvider = { ...local, writeStory: () => new Promise(() => undefined) };
    // The real definition, with WriteStory's 240 s timeout shortened to one second for the test.
    const definition = loadDefinition();
    const writeStory = definition.States.WriteStory as { TimeoutSeconds?: number };
    expect(writeStory.TimeoutSeconds).toBe(240);
    writeStory.TimeoutSeconds = 1;
    const workflow = createLocalWorkflow(createWorkflowHandler(tasksWith(hanging)), definition);
    await expect(workflow.run({ job: { storyId, userId } })).rejects.toThrow();
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed', failure_reason: FAILURE_MESSAGES.generic });
    expect((await profileOf(userId))?.library_count).toBe(0);
  });

  it('a provider that answers junk: checked, rewritten, then failed kindly', async () => {
    const { userId, storyId } = await familyWithReservedStory();
    const junk: StoryProvider = {
      ...local,
      writeStory: async () => ({ title: '', excerpt: '', paragraphs: ['\u0000'.repeat(3)], scenes: {} }) as never,
    };
    await expect(workflowWith(junk).run({ job: { storyId, userId } })).rejects.toThrow();
    expect(await stories.get(storyId)).toMatchObject({ status: 'failed' });
    expect(await table.countLibrary(userId)).toBe(0);
  });
});

describe('DynamoDB throttling', () => {
  it('is retried with back-off: a story is written while every third table request is throttled', async () => {
    const proxy = await startFaultProxy(stack.dynamodbEndpoint, (n) => (n % 3 === 0 ? DYNAMODB_THROTTLE : undefined));
    try {
      const throttled = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          region: stack.appConfig.region,
          endpoint: proxy.url,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        { marshallOptions: { removeUndefinedValues: true } },
      );
      const { userId, storyId } = await familyWithReservedStory();
      await workflowWith(local, throttled).run({ job: { storyId, userId } });
      expect(proxy.faults()).toBeGreaterThan(2);
      expect(await stories.get(storyId)).toMatchObject({ status: 'ready' });
      expect((await profileOf(userId))?.library_count).toBe(1);
    } finally {
      await proxy.stop();
    }
  });
});

describe('the stale-generation sweep', () => {
  it('fails stories whose workflow was lost and frees their slots, leaving running and finished ones alone', async () => {
    const stale = await familyWithReservedStory(minutesAgo(STALE_GENERATION_MINUTES + 5));
    const running = await familyWithReservedStory(minutesAgo(2));
    const finished = await familyWithReservedStory(minutesAgo(STALE_GENERATION_MINUTES + 10));
    await workflowWith(local).run({ job: { storyId: finished.storyId, userId: finished.userId } });

    const { failed } = await tasksWith(local).sweepStale({});
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(await stories.get(stale.storyId)).toMatchObject({
      status: 'failed',
      failure_reason: FAILURE_MESSAGES.generic,
    });
    expect((await profileOf(stale.userId))?.library_count).toBe(0);
    expect(await table.countLibrary(stale.userId)).toBe(0);
    expect((await stories.get(running.storyId))?.status).toBe('generating');
    expect((await profileOf(running.userId))?.library_count).toBe(1);
    expect((await stories.get(finished.storyId))?.status).toBe('ready');
    expect((await profileOf(finished.userId))?.library_count).toBe(1);
    // A second sweep, or a late MarkFailed, frees nothing twice.
    await tasksWith(local).sweepStale({});
    await stories.markFailed(stale.storyId, 'again');
    expect((await profileOf(stale.userId))?.library_count).toBe(0);
  });

  it('fails a ready story’s cover whose execution was lost, giving its picture slot back; the story stays ready', async () => {
    const coverKey = (storyId: string) => ({ PK: `STORY#${storyId}`, SK: `JOB#${COVER_JOB_ID}` });
    // The moment MarkReady has queued the cover, the execution ends (an execution timeout, a restart).
    const lost = await familyWithReservedStory();
    await stories.markReady(lost.storyId, { job_id: COVER_JOB_ID, mode: 'express' });
    await table.set(coverKey(lost.storyId), { created_at: minutesAgo(STALE_GENERATION_MINUTES + 5).toISOString() });
    const painting = await familyWithReservedStory();
    await stories.markReady(painting.storyId, { job_id: COVER_JOB_ID, mode: 'express' });

    const { coversFailed } = await tasksWith(local).sweepStale({});
    expect(coversFailed).toBeGreaterThanOrEqual(1);
    const found = await stories.getWithImages(lost.storyId);
    expect(found?.story).toMatchObject({ status: 'ready', image_count: 0 });
    expect([...(found?.story.image_types ?? [])]).toEqual([]);
    expect(found?.jobs).toMatchObject([{ status: 'failed', error: IMAGE_FAILURE_MESSAGES.generic }]);
    expect((await table.get(coverKey(lost.storyId)))?.entity_pk).toBeUndefined();
    expect((await profileOf(lost.userId))?.library_count).toBe(1);
    // A cover still within its time is left to its execution.
    expect((await stories.getImageJob(painting.storyId, COVER_JOB_ID))?.status).toBe('pending');
    await tasksWith(local).sweepStale({});
    expect((await stories.getWithImages(lost.storyId))?.story.image_count).toBe(0);
  });

  it('a local stack killed mid-generation fails the cut-off story on restart and frees its slot', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'story-magic-restart-'));
    const options = {
      ports: { web: 0, api: 0, dynamodb: 0, cognito: 0, s3: 0, lambda: 0 },
      dataDir,
      web: 'none' as const,
      admin: { email: 'restart-admin@storymagic.test', password: 'Guardian2024' },
      storyProvider: 'local' as const,
    };
    try {
      const first = await startLocalStack(options);
      const context = {
        ...stack,
        apiUrl: first.urls.api,
        cognitoEndpoint: first.urls.cognito,
        appConfig: first.appConfig,
      };
      const family = await signUp(context, { displayName: 'Cut Off' });
      const userId = String(decodePayload(family.accessToken).sub);
      const restartTable = tableClient({
        ...context,
        dynamodbEndpoint: first.urls.dynamodb,
        tableName: first.serverConfig.tableName,
      });
      // The moment of the kill: the story is reserved and generating, and its workflow is gone with the process.
      await storyRepository(restartTable.documents, first.serverConfig.tableName).createWithLibrarySlot({
        ...NEW_STORY,
        id: 'cut-off-story',
        created_by: userId,
      });
      await first.stop();

      const second = await startLocalStack(options);
      try {
        const after = tableClient({
          ...context,
          dynamodbEndpoint: second.urls.dynamodb,
          tableName: second.serverConfig.tableName,
        });
        expect((await after.get({ PK: 'STORY#cut-off-story', SK: 'META' }))?.status).toBe('failed');
        expect((await after.get({ PK: `USER#${userId}`, SK: 'PROFILE' }))?.library_count).toBe(0);
        expect(await after.countLibrary(userId)).toBe(0);
        // And the family can create again at once.
        const signedIn = await signUp(
          { ...context, apiUrl: second.urls.api, cognitoEndpoint: second.urls.cognito, appConfig: second.appConfig },
          { displayName: 'After Restart' },
        );
        const created = await apiClient({ ...context, apiUrl: second.urls.api }, signedIn.accessToken)('/stories', {
          method: 'POST',
          body: JSON.stringify({ ...storyChoices, requestId: crypto.randomUUID() }),
        });
        expect(created.status).toBe(202);
        await second.workflowsIdle();
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
