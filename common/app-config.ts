import * as z from 'zod';

/**
 * The SPA's runtime configuration, fetched from `/app-config.json` at start-up. In AWS the CDK web
 * construct writes it beside index.html; locally the dev server answers it. Keeping it out of the
 * build means one build serves every environment.
 */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only set locally, where Amplify talks to cognito-local instead of Cognito. */
  userPoolEndpoint: z.url().optional(),
  /** Base path of the HTTP API, same origin. */
  apiBasePath: z.string().startsWith('/'),
  /** Base path of images and exports, same origin. */
  mediaBasePath: z.string().startsWith('/'),
  /** The third-party beta feedback form to embed; without it /feedback shows our own form. */
  feedbackFormUrl: z.url().optional(),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
