import * as z from 'zod';
import { LIMITS } from '../limits.js';

export const FEEDBACK_KINDS = ['idea', 'problem', 'praise'] as const;

/** The native beta feedback form (used when no third-party form is configured). */
export const feedbackSchema = z.strictObject({
  kind: z.enum(FEEDBACK_KINDS),
  message: z
    .string()
    .trim()
    .min(1, 'Please tell us a little about it')
    .max(LIMITS.feedbackMax, `Feedback must be ${LIMITS.feedbackMax} characters or less`),
});
export type Feedback = z.infer<typeof feedbackSchema>;
