import type { Context } from 'hono';
import type { ActivityItem } from '../../../shared/entities/admin-records.js';
import { InvalidCursorError } from '../../../shared/errors.js';
import { activityRepository } from '../../../shared/repositories/activity.js';
import type { ApiDeps } from '../../deps.js';
import { ApiError } from '../../errors.js';
import { callerOf, type Env } from '../route.js';

/** Writes one activity entry as the calling admin (SPEC §6: each admin action is logged). */
export function logActivity(
  c: Context<Env>,
  deps: ApiDeps,
  entry: Pick<ActivityItem, 'action' | 'target_type' | 'target_id'> & { details?: Record<string, unknown> },
) {
  return activityRepository(deps.aws.documents, deps.config.tableName).record({
    admin_id: callerOf(c).userId,
    action: entry.action,
    target_type: entry.target_type,
    target_id: entry.target_id,
    details: entry.details ?? {},
  });
}

/** Runs a list read, turning a forged or stale page cursor into a clear 400. */
export async function withCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ApiError(400, 'INVALID_CURSOR', error.message);
    throw error;
  }
}
