import type { Context } from 'hono';
import type { ActivityEntry } from '../../../shared/accounts/admin-actions.js';
import type { ApiDeps } from '../../deps.js';
import { callerOf, type Env } from '../route.js';

/** Writes one activity entry as the calling admin (SPEC §6: each admin action is logged). */
export const logActivity = (c: Context<Env>, deps: ApiDeps, entry: ActivityEntry) =>
  deps.adminAccounts.log(callerOf(c), entry);
