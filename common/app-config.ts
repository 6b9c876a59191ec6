/**
 * The SPA's runtime configuration, fetched from `/app-config.json` at start-up. In AWS the CDK web
 * construct writes it beside index.html; locally the dev server answers it. Keeping it out of the
 * build means one build serves every environment.
 */
export type AppConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only set locally, where Amplify talks to cognito-local instead of Cognito. */
  userPoolEndpoint?: string;
  /** Base path of the HTTP API, same origin. */
  apiBasePath: string;
  /** Base path of images and exports, same origin. */
  mediaBasePath: string;
  /** The third-party beta feedback form to embed; without it /feedback shows our own form. */
  feedbackFormUrl?: string;
};

/**
 * Whether a fetched file is a runtime configuration the SPA can start with. The file is written by the
 * deploy and the local stack and checked there against its schema (validation/app-config.ts, in the infra
 * tests and `npm run smoke`); the SPA, which must not download the validation library to start, checks only
 * that it was given one: its required settings present, its paths rooted at the app's own origin.
 */
export function isAppConfig(json: unknown): json is AppConfig {
  if (typeof json !== 'object' || json === null) return false;
  const config = json as Record<string, unknown>;
  const text = (key: string) => typeof config[key] === 'string' && config[key] !== '';
  const rooted = (key: string) => text(key) && (config[key] as string).startsWith('/');
  return (
    text('region') && text('userPoolId') && text('userPoolClientId') && rooted('apiBasePath') && rooted('mediaBasePath')
  );
}
