import { RETENTION } from '#common/retention.js';
import * as z from 'zod';
import { IMAGE_TYPES } from '#common/story-choices.js';
import { keys } from '../keys.js';

/**
 * How long an abandoned draft stays (TTL): far longer than a generation may run (tasks.ts
 * STALE_GENERATION_MINUTES), short enough that a lost execution leaves no story text behind for long.
 */
export const DRAFT_TTL_SECONDS = RETENTION.draftHours * 60 * 60;

/**
 * The text of a story being written, between WriteStory, CheckStory and SaveStory: `DRAFT` in the story's
 * partition. It lives in the table, not in the workflow's state, because Step Functions keeps every state's
 * input and output for 90 days: the state carries only the story id and the attempt. One draft per story;
 * a rewrite replaces it.
 */
export const storyDraftItemSchema = z.object({
  story_id: z.string(),
  /** Which writing attempt this is (1 for the first try). */
  attempt: z.number(),
  title: z.string(),
  excerpt: z.string(),
  paragraphs: z.array(z.string()),
  scenes: z.partialRecord(z.enum(IMAGE_TYPES), z.string()),
  /** The version of the story template it was written with (recorded on the saved story). */
  template_version: z.number(),
  /** What the band's checks found wrong with it: the next attempt is asked to fix these. */
  problems: z.array(z.string()),
  created_at: z.string(),
  /** Epoch seconds: DynamoDB deletes a draft its workflow never finished. */
  expires_at: z.number(),
});
export type StoryDraftItem = z.infer<typeof storyDraftItemSchema>;

export type NewStoryDraft = Omit<StoryDraftItem, 'problems' | 'created_at' | 'expires_at'>;

export const storyDraftKey = (storyId: string) => keys.storyDraft(storyId);

/** A new attempt's draft as written: no problems found yet, and its expiry. */
export function storyDraftRecord(draft: NewStoryDraft, now: Date) {
  const item: StoryDraftItem = {
    ...draft,
    problems: [],
    created_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + DRAFT_TTL_SECONDS,
  };
  return { ...storyDraftKey(draft.story_id), ...item };
}
