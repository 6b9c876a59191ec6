import * as z from 'zod';
import { keys } from '../keys.js';

/** SPEC §3 admin_notes: `USER#{userId}` / `NOTE#{created_at}#{id}`, so deleting the user deletes them too. */
export const noteItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  admin_id: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type NoteItem = z.infer<typeof noteItemSchema>;

export const noteRecord = (note: NoteItem) => ({ ...keys.note(note.user_id, note.created_at, note.id), ...note });

/**
 * SPEC §3 admin_activity_log: `ACTIVITY#{targetId}` / `{created_at}#{id}`, so "the last 20 about this
 * user" is one Query. Details never carry personal data (no e-mail, no names): ids and field names.
 */
export const activityItemSchema = z.object({
  id: z.string(),
  admin_id: z.string(),
  action: z.string(),
  target_type: z.enum(['user', 'story', 'template']),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityRecord = (entry: ActivityItem) => ({
  ...keys.activity(entry.target_id, entry.created_at, entry.id),
  ...entry,
});
