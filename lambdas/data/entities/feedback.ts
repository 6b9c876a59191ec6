import type { Feedback } from '#common/validation/feedback.js';
import { keys } from '../keys.js';

/** Beta feedback: one shared partition, `FEEDBACK` / `{created_at}#{id}`; written here, never read by the app. */
export type FeedbackItem = Feedback & { id: string; user_id: string; created_at: string };

export const feedbackRecord = (feedback: FeedbackItem) => ({
  ...keys.feedback(feedback.created_at, feedback.id),
  ...feedback,
});
