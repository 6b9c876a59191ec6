import * as z from 'zod';
import type { AppConfig } from '../app-config.js';

/** The runtime configuration's schema (app-config.ts), for what writes the file and for what checks it. */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: z.url().optional(),
  apiBasePath: z.string().startsWith('/'),
  mediaBasePath: z.string().startsWith('/'),
  feedbackFormUrl: z.url().optional(),
}) satisfies z.ZodType<AppConfig>;
