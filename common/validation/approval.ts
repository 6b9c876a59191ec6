import * as z from 'zod';

/** POST /api/stories/{id}/approval: a grown-up says yes to a story waiting for them, or sends it back. */
export const approvalSchema = z.strictObject({ decision: z.enum(['yes', 'send-back']) });
export type ApprovalDecision = z.infer<typeof approvalSchema>['decision'];
