/**
 * Where the SPA's runtime configuration is served (schema in app-config.ts). A module of its own so the
 * SPA's first bundle can start the request without taking in the validation library.
 */
export const APP_CONFIG_PATH = '/app-config.json';

/**
 * Where the page's early script (web/build/preload-screen.ts) leaves its request for the configuration,
 * started before the app's code has downloaded; the app takes it from there (app-config-request.ts).
 */
export const APP_CONFIG_REQUEST = '__storyMagicAppConfig';
