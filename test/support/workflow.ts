import { capacityGate } from '../../lambdas/data/capacity/gate.js';
import { rateLimiter } from '../../lambdas/data/repositories/rate-limits.js';
import { UNLIMITED, type BedrockQuotas } from '#common/models/quotas.js';
import { laneRates } from '../../lambdas/data/capacity/sizing.js';
import { S3Client } from '@aws-sdk/client-s3';
import { mediaStore, s3ConnectionOf } from '../../lambdas/adapters/media.js';
import { NO_CDN } from '../../lambdas/adapters/media-cdn.js';
import { randomUUID } from 'node:crypto';
import { createLocalWorkflow } from '../../bin/local/workflow-runner.js';
import { AGE_BAND_CONFIGS } from '../../lambdas/use-cases/age-band-configs.js';
import { storyDraftRepository } from '../../lambdas/data/repositories/story-drafts.js';
import { libraryRepository } from '../../lambdas/data/repositories/library.js';
import { storyRepository, type NewStory } from '../../lambdas/data/repositories/stories.js';
import { templateRepository } from '../../lambdas/data/repositories/templates.js';
import type { StoryProvider } from '../../lambdas/workflow/providers/types.js';
import type { WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { createTaskHandlers, createWorkflowHandler } from '../../lambdas/workflow/tasks.js';
import { signUp } from './accounts.js';
import type { StackContext } from './stack-context.js';
import { tableClient } from './table.js';
import { decodePayload } from './tokens.js';

/** A story as a generation reserves it: the fields the wizard's choices decide (band B). */
export const NEW_STORY = {
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
  seed: 42,
} as const;

/** The real workflow definition and task handlers against the test stack, with a provider a test chooses. */
export function workflowHarness(stack: StackContext) {
  const table = tableClient(stack);
  const stories = storyRepository(table.documents, stack.tableName);
  const library = libraryRepository(table.documents, stack.tableName);
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: stack.s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  const tasksWith = (
    provider: StoryProvider,
    db = table.documents,
    workflow?: WorkflowStarter,
    quotas: BedrockQuotas = UNLIMITED,
  ) =>
    createTaskHandlers({
      stories: storyRepository(db, stack.tableName),
      gate: capacityGate(db, stack.tableName, laneRates(quotas)),
      rateLimits: rateLimiter(db, stack.tableName),
      library: libraryRepository(db, stack.tableName),
      drafts: storyDraftRepository(db, stack.tableName),
      templates: templateRepository(db, stack.tableName),
      provider,
      bands: AGE_BAND_CONFIGS,
      media: mediaStore(s3ConnectionOf(s3), stack.mediaBucket, NO_CDN),
      workflow,
    });

  /**
   * The whole workflow; `db` lets a test put a faulty connection between the tasks and the table, and
   * `workflow` receives the executions a task starts (a streamed story's cover).
   */
  const workflowWith = (
    provider: StoryProvider,
    db = table.documents,
    workflow?: WorkflowStarter,
    quotas: BedrockQuotas = UNLIMITED,
  ) => createLocalWorkflow(createWorkflowHandler(tasksWith(provider, db, workflow, quotas)));

  /** A new family with one story reserved in its library, as POST /api/stories leaves it (`choices` vary it). */
  async function familyWithReservedStory(startedAt = new Date(), choices: Partial<NewStory> = {}) {
    const account = await signUp(stack, { displayName: 'Fail Safe' });
    const userId = String(decodePayload(account.accessToken).sub);
    const storyId = randomUUID();
    await stories.createWithLibrarySlot({ ...NEW_STORY, ...choices, id: storyId, created_by: userId }, startedAt);
    return { account, userId, storyId };
  }

  return { table, stories, library, s3, tasksWith, workflowWith, familyWithReservedStory };
}
